/// One content line of an iCalendar file (RFC 5545 §3.1), with the exact
/// bytes it came as.
///
/// A line read from a file keeps `raw`: its folds, its line ending and any
/// odd spelling of its name or parameters. Writing a file writes `raw` back,
/// so every line todo-remind does not change survives byte for byte. A line
/// todo-remind makes (`init(name:parameters:value:)`) is folded at 75 octets
/// and ends with CRLF, as RFC 5545 asks.
public struct ContentLine: Hashable, Sendable {
    /// One parameter (`TZID=Europe/Berlin`, `VALUE=DATE`), its values unquoted.
    public struct Parameter: Hashable, Sendable {
        /// The name, upper-cased (names are case-insensitive).
        public var name: String
        /// The values, without their double quotes.
        public var values: [String]

        public init(name: String, values: [String]) {
            self.name = name.uppercased()
            self.values = values
        }

        public init(_ name: String, _ value: String) {
            self.init(name: name, values: [value])
        }
    }

    /// The property or BEGIN/END name, upper-cased; empty for a line that is
    /// not a content line (a blank line, text without a colon), which is
    /// kept as it is and otherwise ignored.
    public let name: String
    public let parameters: [Parameter]
    /// The value as written, escapes not undone (its meaning depends on the
    /// property's type: see `ICalendarText`).
    public let value: String
    /// The bytes of the line as read or made: folds and line ending included.
    public let raw: [UInt8]

    /// Whether the line is a content line with a name.
    public var isContentLine: Bool { !name.isEmpty }

    /// The first value of the parameter `name` (any case), or nil.
    public func parameter(_ name: String) -> String? {
        let wanted = name.uppercased()
        return parameters.first { $0.name == wanted }?.values.first
    }

    /// Whether this is `BEGIN:<component>` (any case).
    public func isBegin(_ component: String? = nil) -> Bool {
        name == "BEGIN" && (component.map { value.uppercased() == $0 } ?? true)
    }

    /// Whether this is `END:<component>` (any case).
    public func isEnd(_ component: String? = nil) -> Bool {
        name == "END" && (component.map { value.uppercased() == $0 } ?? true)
    }

    /// Reads one logical line from its bytes (folds and line ending included).
    ///
    /// Never fails: a line that cannot be read as `name *(";" param) ":" value`
    /// becomes a line with no name, kept byte for byte.
    init(raw: [UInt8]) {
        self.raw = raw
        if let parsed = ContentLine.parse(ContentLine.unfold(raw)) {
            name = parsed.name
            parameters = parsed.parameters
            value = parsed.value
        } else {
            name = ""
            parameters = []
            value = ""
        }
    }

    /// Makes a new line, folded at 75 octets and ended with CRLF.
    ///
    /// `value` is written as given: escape text values first (`ICalendarText`).
    public init(name: String, parameters: [Parameter] = [], value: String) {
        self.name = name.uppercased()
        self.parameters = parameters
        self.value = value
        var raw: [UInt8] = []
        Self.append(name: self.name, parameters: parameters, value: value, to: &raw)
        self.raw = raw
    }

    /// Appends the bytes of the line `init(name:parameters:value:)` makes
    /// to `output`, without making the line: for text made of many lines.
    public static func append(name: String, parameters: [Parameter] = [], value: String, to output: inout [UInt8]) {
        // Most names are upper case already.
        let upper = name.utf8.allSatisfy { $0 < 0x80 && !(0x61...0x7A).contains($0) } ? name : name.uppercased()
        let parameterText = parameters.map { ";" + $0.name + "=" + $0.values.map(ContentLine.quotedIfNeeded).joined(separator: ",") }.joined()
        let length = upper.utf8.count + parameterText.utf8.count + 1 + value.utf8.count
        guard length > foldWidth else {
            // Most lines fit on one: written where they go.
            output.append(contentsOf: upper.utf8)
            output.append(contentsOf: parameterText.utf8)
            output.append(UInt8(ascii: ":"))
            output.append(contentsOf: value.utf8)
            output.append(contentsOf: [0x0D, 0x0A])
            return
        }
        var line: [UInt8] = []
        line.reserveCapacity(length)
        line.append(contentsOf: upper.utf8)
        line.append(contentsOf: parameterText.utf8)
        line.append(UInt8(ascii: ":"))
        line.append(contentsOf: value.utf8)
        fold(line, into: &output)
    }

    /// The longest a physical line may be, in octets, without its line break.
    static let foldWidth = 75

    /// Splits `line` (no line ending) into physical lines of at most
    /// `foldWidth` octets, each continuation starting with a space, and ends
    /// each with CRLF. A fold never falls inside a UTF-8 sequence, which
    /// readers that unfold after decoding would otherwise break.
    static func fold(_ line: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(line.count + line.count / 70 * 3 + 2)
        fold(line, into: &output)
        return output
    }

    /// `fold(_:)`, appended to `output`.
    static func fold(_ line: [UInt8], into output: inout [UInt8]) {
        var start = 0
        var first = true
        while start < line.count {
            let room = first ? foldWidth : foldWidth - 1
            var end = min(start + room, line.count)
            // Step back off UTF-8 continuation bytes (10xxxxxx).
            while end < line.count, end > start + 1, line[end] & 0xC0 == 0x80 {
                end -= 1
            }
            if !first { output.append(0x20) }
            output.append(contentsOf: line[start..<end])
            output.append(contentsOf: [0x0D, 0x0A])
            start = end
            first = false
        }
        if line.isEmpty { output.append(contentsOf: [0x0D, 0x0A]) }
    }

    /// The logical line of `raw`: line endings dropped, and each fold (a line
    /// break followed by one space or tab) removed.
    static func unfold(_ raw: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == 0x0D || byte == 0x0A {
                // Skip the line ending and the one whitespace that marks a fold.
                var next = index + 1
                if byte == 0x0D, next < raw.count, raw[next] == 0x0A { next += 1 }
                if next < raw.count, raw[next] == 0x20 || raw[next] == 0x09 { next += 1 }
                index = next
                continue
            }
            output.append(byte)
            index += 1
        }
        return output
    }

    /// Parses `name *(";" param) ":" value` from a logical line's bytes;
    /// nil when they are not so shaped.
    ///
    /// The bytes are read as they lie, and only the name, parameters and
    /// value decoded: every mark of the shape is ASCII, which no byte of a
    /// UTF-8 sequence is, so this finds what reading the decoded text scalar
    /// by scalar finds (a file's reading was half spent making and testing
    /// those scalars).
    static func parse(_ bytes: [UInt8]) -> (name: String, parameters: [Parameter], value: String)? {
        var index = 0
        func text(_ start: Int, _ end: Int) -> String {
            String(decoding: bytes[start..<end], as: UTF8.self)
        }
        // A name: letters, digits and "-", in ASCII; upper-cased.
        func readName() -> String? {
            let start = index
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            guard index > start else { return nil }
            return String(decoding: bytes[start..<index].map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
        }
        guard let name = readName() else { return nil }
        var parameters: [Parameter] = []
        while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
            index += 1
            guard let parameterName = readName(), index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            var values: [String] = []
            while true {
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                    index += 1
                    let start = index
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += 1 }
                    guard index < bytes.count else { return nil }
                    values.append(text(start, index))
                    index += 1
                } else {
                    let start = index
                    while index < bytes.count, !isParameterEnd(bytes[index]) { index += 1 }
                    values.append(text(start, index))
                }
                guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { break }
                index += 1
            }
            parameters.append(Parameter(name: parameterName, values: values))
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        return (name, parameters, text(index + 1, bytes.count))
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
    }

    /// `;`, `:`, `,` and `"`: what ends an unquoted parameter value.
    private static func isParameterEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"")
    }

    /// A parameter value, in double quotes when it holds a character that
    /// would otherwise end it (RFC 5545 §3.1: `:`, `;` or `,`).
    private static func quotedIfNeeded(_ value: String) -> String {
        value.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"" + value + "\"" : value
    }
}
