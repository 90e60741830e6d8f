/// Reads a TOML 1.0 document (https://toml.io/en/v1.0.0) into its root table.
///
/// The package's own rather than a library's: the TOML library it used
/// (TOMLKit) imports Foundation, which carries ICU's data into every binary
/// that reads the config. Every rule of the specification is kept, so that
/// a file other TOML readers take is taken here, and one they refuse is
/// refused with the line where it goes wrong.
///
/// The document is read as UTF-8 bytes in one pass; this file reads its
/// structure (lines, keys, headers, comments), `+Values` and `+Strings` the
/// values, and `TOMLDraftTable` keeps the rules of what may define what.
struct TOMLParser {
    /// How deep arrays and inline tables may nest, and how many parts a key
    /// may have: the parser recurses that deep, and no config comes near.
    static let depthLimit = 100

    let bytes: [UInt8]
    var index = 0
    /// The number of the section or inline table being read, for the rule
    /// that dotted keys add only to the tables of their own (`TOMLDraftTable`).
    var scope = 0

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The root table of `text`.
    static func parse(_ text: String) throws(TOMLError) -> [String: TOMLValue] {
        var parser = TOMLParser(text)
        return try parser.document()
    }

    private mutating func document() throws(TOMLError) -> [String: TOMLValue] {
        // A byte order mark, which editors on some systems write.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        let root = TOMLDraftTable(origin: .header)
        var table = root
        while true {
            skipSpaces()
            guard let byte = peek() else { return root.value }
            switch byte {
            case UInt8(ascii: "["):
                table = try header(in: root)
                try endOfLine(after: "the table header")
            case UInt8(ascii: "#"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                try endOfLine(after: "")
            default:
                let key = try keyValue(into: table, depth: 0)
                try endOfLine(after: "the value of “\(TOMLError.written(key))”")
            }
        }
    }

    /// `[key]` or `[[key]]`: the table whose section begins.
    private mutating func header(in root: TOMLDraftTable) throws(TOMLError) -> TOMLDraftTable {
        let start = index
        index += 1
        let isArray = peek() == UInt8(ascii: "[")
        if isArray { index += 1 }
        let key = try self.key()
        guard peek() == UInt8(ascii: "]") else {
            throw failure("expected “]” to close the table header, found \(found())")
        }
        index += 1
        if isArray {
            guard peek() == UInt8(ascii: "]") else {
                throw failure("expected “]]” to close the header of an array of tables, found \(found())")
            }
            index += 1
        }
        scope += 1
        do {
            return isArray ? try root.appendTable(key) : try root.openTable(key)
        } catch {
            throw failure(error.reason, at: start)
        }
    }

    /// `key = value` into `table`, in the current scope; returns the key.
    mutating func keyValue(into table: TOMLDraftTable, depth: Int) throws(TOMLError) -> [String] {
        let start = index
        let key = try self.key()
        guard peek() == UInt8(ascii: "=") else {
            throw failure("expected “=” after the key “\(TOMLError.written(key))”, found \(found())")
        }
        index += 1
        skipSpaces()
        let value = try self.value(of: key, depth: depth)
        do {
            try table.define(key, as: value, scope: scope)
        } catch {
            throw failure(error.reason, at: start)
        }
        return key
    }

    /// A bare, quoted or dotted key, and the spaces around it.
    mutating func key() throws(TOMLError) -> [String] {
        var parts: [String] = []
        while true {
            skipSpaces()
            parts.append(try simpleKey())
            guard parts.count <= Self.depthLimit else {
                throw failure("a key has more than \(Self.depthLimit) parts")
            }
            skipSpaces()
            guard peek() == UInt8(ascii: ".") else { return parts }
            index += 1
        }
    }

    private mutating func simpleKey() throws(TOMLError) -> String {
        switch peek() {
        case UInt8(ascii: "\""):
            index += 1
            return try basicString(multiLine: false, opening: index - 1)
        case UInt8(ascii: "'"):
            index += 1
            return try literalString(multiLine: false, opening: index - 1)
        case let byte? where Self.isBareKeyByte(byte):
            let start = index
            while let byte = peek(), Self.isBareKeyByte(byte) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        default:
            throw failure("expected a key, found \(found())")
        }
    }

    /// Spaces, a comment, then a newline or the end of the document.
    private mutating func endOfLine(after what: @autoclosure () -> String) throws(TOMLError) {
        skipSpaces()
        if peek() == UInt8(ascii: "#") { try comment() }
        if try newline() || peek() == nil { return }
        let what = what()
        throw failure(what.isEmpty ? "expected the end of the line, found \(found())"
            : "expected the end of the line after \(what), found \(found())")
    }

    /// Spaces, comments and newlines, as between the elements of an array.
    mutating func skipBlank() throws(TOMLError) {
        while true {
            skipSpaces()
            if peek() == UInt8(ascii: "#") { try comment() }
            guard try newline() else { return }
        }
    }

    /// Consumes a newline (LF or CRLF), if one is next.
    mutating func newline() throws(TOMLError) -> Bool {
        switch peek() {
        case UInt8(ascii: "\n"):
            index += 1
            return true
        case UInt8(ascii: "\r"):
            guard peek(1) == UInt8(ascii: "\n") else { throw failure("a carriage return must be followed by a line feed") }
            index += 2
            return true
        default:
            return false
        }
    }

    /// From `#` to the end of the line, which may hold no control character but a tab.
    private mutating func comment() throws(TOMLError) {
        index += 1
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\r"), peek(1) == UInt8(ascii: "\n") { return }
            guard !Self.isControl(byte) else {
                throw failure("a comment may not hold \(found())")
            }
            index += 1
        }
    }

    mutating func skipSpaces() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
    }

    func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    // MARK: Errors

    /// An error at `offset` (where the parser is, by default).
    func failure(_ reason: String, at offset: Int? = nil) -> TOMLError {
        TOMLError(line: line(at: offset ?? index), reason: reason)
    }

    /// The line of the byte at `offset`, from 1.
    func line(at offset: Int) -> Int {
        1 + bytes[..<min(offset, bytes.count)].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// What is at `offset`, for “expected …, found …”: the end of the line
    /// or file, a character in quotes, or a control character by its code.
    func found(at offset: Int? = nil) -> String {
        let offset = offset ?? index
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "\n")) {
            return "the end of the line"
        }
        let slice = bytes[offset..<min(offset + 4, bytes.count)]
        guard let scalar = String(decoding: slice, as: UTF8.self).unicodeScalars.first else { return "the end of the file" }
        if scalar == "\t" { return "a tab" }
        switch scalar.properties.generalCategory {
        case .control:
            return "the control character U+" + TOMLError.hex(scalar.value, digits: 4)
        case .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return "the invisible character U+" + TOMLError.hex(scalar.value, digits: 4)
        case .spaceSeparator:
            return "a space"
        default:
            return "“" + String(scalar) + "”"
        }
    }

    // MARK: Bytes

    /// A byte of a bare key: `A-Z a-z 0-9 - _`.
    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    /// A control character TOML allows in no string or comment: all but the tab.
    static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F
    }

    static func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The value of a hexadecimal (so also decimal, octal or binary) digit.
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
