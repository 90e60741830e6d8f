import FoundationEssentials

/// A JSON text (RFC 8259) read once into values that point back into its
/// bytes: a string is decoded only when asked for and a number is kept as
/// written, so that a name is compared, and a date read, where it lies.
///
/// Taskwarrior's export is an array of small flat objects, tens of
/// megabytes of them. Foundation's `JSONSerialization` made a boxed
/// dictionary of each and a `String` of every name and value, most of which
/// were then only compared or parsed again: it cost more than the rest of
/// reading the file.
///
/// It reads RFC 8259 and nothing more: no comments, no commas before a
/// closing bracket, no NaN; strings of UTF-8 without control characters or
/// lone surrogates; finite numbers; at most `maximumDepth` arrays and
/// objects inside each other. A text in UTF-16 or UTF-32 (with a byte order
/// mark, or told by the zero bytes of its first characters) is converted to
/// UTF-8 first, and a UTF-8 byte order mark is skipped, as `JSONSerialization`
/// did. Of an object that gives a name twice, the last value counts
/// (`Object.value(_:)`), as it did there.
struct JSONText {
    /// The text, in UTF-8.
    let bytes: [UInt8]

    /// How deep arrays and objects may lie inside each other: Taskwarrior's
    /// go three deep (an annotation of a task of the export).
    static let maximumDepth = 64

    /// A value of the text: what it is, and where its bytes are.
    struct Value {
        enum Kind {
            case null
            case bool(Bool)
            /// Its bytes are the number as written.
            case number
            /// Its bytes are the string with its quotes; `escaped` when a
            /// backslash is in it, so that its bytes are not its text.
            case string(escaped: Bool)
            case array([Value])
            case object(Object)
        }

        let kind: Kind
        /// Where its bytes begin, and where they end (past the last).
        let start: Int
        let end: Int
    }

    /// A string's bytes with their quotes, and whether a backslash is in
    /// them (so that they are not its text).
    struct Span {
        let start: Int
        let end: Int
        let escaped: Bool
    }

    /// An object's members, in the order written.
    struct Object {
        struct Member {
            let name: Span
            let value: Value
        }

        let members: [Member]
    }

    /// A value of the text and the line (from 1) it begins on.
    struct Element {
        let value: Value
        let line: Int
    }

    /// What makes a text not JSON, and where: "a comma before “]” on line 3".
    struct SyntaxError: Error, Equatable {
        let problem: String
        let line: Int

        var description: String { "\(problem) on line \(line)" }
    }

    /// `bytes` as a JSON text, converted to UTF-8 when they are UTF-16 or UTF-32.
    init(_ bytes: [UInt8]) {
        self.bytes = Self.utf8(bytes)
    }

    /// The length of a UTF-8 byte order mark at the start, or 0.
    private var markLength: Int {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The one value the text holds, with nothing but whitespace around it.
    func value() throws(SyntaxError) -> Value {
        try parsing { buffer throws(Parser.Failure) in
            var parser = Parser(bytes: buffer, index: markLength, end: buffer.count)
            let value = try parser.value()
            parser.skipWhitespace()
            guard parser.index == buffer.count else { throw parser.unexpected(expecting: "the end of the text") }
            return value
        }
    }

    /// The values of the text one a line, blank lines left out, as
    /// Taskwarrior 2.4 exported: a value may not go on to the next line.
    func valuesByLine() throws(SyntaxError) -> [Element] {
        try parsing { buffer throws(Parser.Failure) in
            var elements: [Element] = []
            var lineStart = markLength
            var line = 1
            while lineStart < buffer.count {
                var lineEnd = lineStart
                while lineEnd < buffer.count, buffer[lineEnd] != 0x0A { lineEnd += 1 }
                var parser = Parser(bytes: buffer, index: lineStart, end: lineEnd)
                parser.skipWhitespace()
                if parser.index < lineEnd {
                    elements.append(Element(value: try parser.value(), line: line))
                    parser.skipWhitespace()
                    guard parser.index == lineEnd else { throw parser.unexpected(expecting: "the end of the line") }
                }
                lineStart = lineEnd + 1
                line += 1
            }
            return elements
        }
    }

    /// `body`'s result over the text's bytes; its failure as a `SyntaxError` naming the line.
    private func parsing<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws(Parser.Failure) -> Result) throws(SyntaxError) -> Result {
        let outcome = bytes.withUnsafeBufferPointer { buffer in
            Swift.Result { () throws(Parser.Failure) in try body(buffer) }
        }
        switch outcome {
        case .success(let result):
            return result
        case .failure(let failure):
            throw SyntaxError(problem: failure.problem, line: lines(at: [min(failure.offset, bytes.count)])[0])
        }
    }

    /// The line (from 1) each of `offsets`, in increasing order, is on.
    func lines(at offsets: [Int]) -> [Int] {
        var lines: [Int] = []
        lines.reserveCapacity(offsets.count)
        var line = 1
        var index = 0
        bytes.withUnsafeBufferPointer { buffer in
            for offset in offsets {
                while index < offset {
                    if buffer[index] == 0x0A { line += 1 }
                    index += 1
                }
                lines.append(line)
            }
        }
        return lines
    }

    // MARK: - The values' text

    /// The text of a string value, its escapes undone; any other value as written.
    func string(_ value: Value) -> String {
        guard case .string(let escaped) = value.kind else { return raw(value) }
        return string(Span(start: value.start, end: value.end, escaped: escaped))
    }

    /// The text of a string, its escapes undone.
    func string(_ span: Span) -> String {
        let inner = bytes[(span.start + 1)..<(span.end - 1)]
        guard span.escaped else { return String(decoding: inner, as: UTF8.self) }
        return String(decoding: Self.unescaped(inner), as: UTF8.self)
    }

    /// Whether `value` is a string whose text is `text`.
    func isString(_ value: Value, _ text: String) -> Bool {
        guard case .string(let escaped) = value.kind else { return false }
        return isString(Span(start: value.start, end: value.end, escaped: escaped), text)
    }

    /// Whether the text of a string is `text`: the same bytes, or for one
    /// with escapes, the same text once they are undone. (Swift's equality
    /// of strings is canonical equivalence: for the lower-case ASCII names
    /// of an export's attributes, that is the same bytes.)
    func isString(_ span: Span, _ text: String) -> Bool {
        if span.escaped { return string(span) == text }
        guard span.end - span.start - 2 == text.utf8.count else { return false }
        var index = span.start + 1
        for byte in text.utf8 {
            guard bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// The value as written in the text: a number's digits, a string with
    /// its quotes and escapes, an array or object whole.
    func raw(_ value: Value) -> String {
        String(decoding: bytes[value.start..<value.end], as: UTF8.self)
    }

    /// The bytes of a string's text, its escapes (checked when it was read) undone.
    private static func unescaped(_ inner: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(inner.count)
        var index = inner.startIndex
        func hex(at start: Int) -> UInt32 {
            var unit: UInt32 = 0
            for byte in inner[start..<(start + 4)] { unit = unit << 4 | UInt32(Parser.hexValue(byte) ?? 0) }
            return unit
        }
        while index < inner.endIndex {
            let byte = inner[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            let escape = inner[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex(at: index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    // The reader let only a pair through: `\uD83D\uDE00`.
                    scalar = 0x10000 + (scalar - 0xD800) << 10 + (hex(at: index + 2) - 0xDC00)
                    index += 6
                }
                output.append(contentsOf: Unicode.Scalar(scalar).map { Array(String($0).utf8) } ?? [])
            default: output.append(escape)
            }
        }
        return output
    }

    // MARK: - Encodings

    /// `bytes` in UTF-8: a text in UTF-16 or UTF-32 converted, any other as it is.
    ///
    /// The encoding is told as RFC 4627 (§3) and `JSONSerialization` tell
    /// it: by a byte order mark, else by where the zero bytes of the first
    /// characters are (a JSON text begins with ASCII).
    private static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        let head = Array(bytes.prefix(4)) + [UInt8](repeating: 0xFF, count: max(0, 4 - bytes.count))
        let encoding: String.Encoding? = switch (head[0], head[1], head[2], head[3]) {
        case (0x00, 0x00, 0xFE, 0xFF), (0xFF, 0xFE, 0x00, 0x00): .utf32
        case (0xFE, 0xFF, _, _), (0xFF, 0xFE, _, _): .utf16
        case (0x00, 0x00, 0x00, _): .utf32BigEndian
        case (_, 0x00, 0x00, 0x00) where bytes.count >= 4: .utf32LittleEndian
        case (0x00, _, _, _): .utf16BigEndian
        case (_, 0x00, _, _) where bytes.count >= 2: .utf16LittleEndian
        default: nil
        }
        guard let encoding, let text = String(bytes: bytes, encoding: encoding) else { return bytes }
        return Array(text.utf8)
    }
}

extension JSONText.Object {
    /// The value of the member named `name`, nil when there is none or it
    /// is null; the last one when the name is given twice.
    func value(_ name: String, in text: JSONText) -> JSONText.Value? {
        guard let index = members.lastIndex(where: { text.isString($0.name, name) }) else { return nil }
        if case .null = members[index].value.kind { return nil }
        return members[index].value
    }
}

extension JSONText {
    /// Reads values from a range of a text's bytes, checking them as it goes.
    struct Parser {
        /// Why the bytes at `offset` are not JSON.
        struct Failure: Error {
            let problem: String
            let offset: Int
        }

        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int
        /// Where the range ends: the text's end, or a line's.
        let end: Int
        var depth = 0
        /// The elements and members read so far of the arrays and objects
        /// being read, one list a depth, reused: each array and object is
        /// then allocated once, at its size, rather than grown.
        private var elements: [[Value]] = []
        private var members: [[Object.Member]] = []

        init(bytes: UnsafeBufferPointer<UInt8>, index: Int, end: Int) {
            self.bytes = bytes
            self.index = index
            self.end = end
        }

        mutating func skipWhitespace() {
            while index < end {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value() throws(Failure) -> Value {
            skipWhitespace()
            let start = index
            let kind: Value.Kind
            switch index < end ? bytes[index] : 0 {
            case UInt8(ascii: "{"): kind = .object(try object())
            case UInt8(ascii: "["): kind = .array(try array())
            case UInt8(ascii: "\""): kind = .string(escaped: try string())
            case UInt8(ascii: "t"): try literal("true"); kind = .bool(true)
            case UInt8(ascii: "f"): try literal("false"); kind = .bool(false)
            case UInt8(ascii: "n"): try literal("null"); kind = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number(); kind = .number
            default: throw unexpected(expecting: "a value")
            }
            return Value(kind: kind, start: start, end: index)
        }

        /// An array, from its `[` on.
        private mutating func array() throws(Failure) -> [Value] {
            try enter()
            defer { depth -= 1 }
            skipWhitespace()
            if next(is: "]") { return [] }
            let level = depth - 1
            while elements.count <= level { elements.append([]) }
            defer { elements[level].removeAll(keepingCapacity: true) }
            repeat {
                let element = try value()
                elements[level].append(element)
                skipWhitespace()
            } while next(is: ",")
            guard next(is: "]") else { throw unexpected(expecting: "a comma or “]”") }
            return Array(elements[level])
        }

        /// An object, from its `{` on.
        private mutating func object() throws(Failure) -> Object {
            try enter()
            defer { depth -= 1 }
            skipWhitespace()
            if next(is: "}") { return Object(members: []) }
            let level = depth - 1
            while members.count <= level { members.append([]) }
            defer { members[level].removeAll(keepingCapacity: true) }
            repeat {
                skipWhitespace()
                let nameStart = index
                guard index < end, bytes[index] == UInt8(ascii: "\"") else { throw unexpected(expecting: "a name in quotes") }
                let escaped = try string()
                let name = Span(start: nameStart, end: index, escaped: escaped)
                skipWhitespace()
                guard next(is: ":") else { throw unexpected(expecting: "a colon") }
                let member = Object.Member(name: name, value: try value())
                members[level].append(member)
                skipWhitespace()
            } while next(is: ",")
            guard next(is: "}") else { throw unexpected(expecting: "a comma or “}”") }
            return Object(members: Array(members[level]))
        }

        /// Whether the next byte is `character`; if so, steps past it.
        private mutating func next(is character: Unicode.Scalar) -> Bool {
            guard index < end, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Steps past the `[` or `{` of one more level of nesting.
        private mutating func enter() throws(Failure) {
            depth += 1
            guard depth <= JSONText.maximumDepth else {
                throw Failure(problem: "arrays and objects more than \(JSONText.maximumDepth) deep", offset: index)
            }
            index += 1
        }

        /// A string, from its opening quote past its closing one; whether it holds an escape.
        private mutating func string() throws(Failure) -> Bool {
            index += 1
            var escaped = false
            while index < end {
                let byte = bytes[index]
                // Most bytes: printable ASCII, neither a quote nor a backslash.
                if byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                    index += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return escaped
                case UInt8(ascii: "\\"):
                    escaped = true
                    try escape()
                case 0x80...:
                    try utf8Sequence()
                default:
                    throw Failure(problem: "a control character (U+\(Self.hex4(UInt32(byte)))) inside a string", offset: index)
                }
            }
            throw Failure(problem: "a string without its closing quote", offset: index)
        }

        /// An escape, from its backslash on: one of JSON's, a `\u`
        /// surrogate only in a pair (`\uD83D\uDE00`).
        private mutating func escape() throws(Failure) {
            let start = index
            guard start + 1 < end else { throw Failure(problem: "a string without its closing quote", offset: end) }
            switch bytes[start + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                 UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                index += 2
            case UInt8(ascii: "u"):
                let unit = try unicodeEscape()
                if (0xDC00...0xDFFF).contains(unit) {
                    throw Failure(problem: "\\u\(Self.hex4(unit)), the second half of a surrogate pair, without the first", offset: start)
                }
                if (0xD800...0xDBFF).contains(unit) {
                    var low: UInt32?
                    if index + 1 < end, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        low = try unicodeEscape()
                    }
                    guard let low, (0xDC00...0xDFFF).contains(low) else {
                        throw Failure(problem: "\\u\(Self.hex4(unit)), the first half of a surrogate pair, without the second", offset: start)
                    }
                }
            default:
                throw Failure(problem: "an escape “\\\(Self.character(bytes[start + 1]))” JSON does not have", offset: start)
            }
        }

        /// The code unit of the `\uXXXX` at `index`; `index` past it.
        private mutating func unicodeEscape() throws(Failure) -> UInt32 {
            var unit: UInt32 = 0
            for offset in (index + 2)..<(index + 6) {
                guard offset < end, let digit = Self.hexValue(bytes[offset]) else {
                    throw Failure(problem: "an escape \\u without four hexadecimal digits", offset: index)
                }
                unit = unit << 4 | UInt32(digit)
            }
            index += 6
            return unit
        }

        /// One character of two to four bytes, checked to be UTF-8 as
        /// RFC 3629 has it: no overlong forms, no surrogates, nothing past U+10FFFF.
        private mutating func utf8Sequence() throws(Failure) {
            let first = bytes[index]
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            let length: Int
            switch first {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: throw Failure(problem: "bytes that are not UTF-8 inside a string", offset: index)
            }
            guard index + length <= end, (lower...upper).contains(bytes[index + 1]),
                  bytes[(index + 2)..<(index + length)].allSatisfy({ (0x80...0xBF).contains($0) }) else {
                throw Failure(problem: "bytes that are not UTF-8 inside a string", offset: index)
            }
            index += length
        }

        /// A number as RFC 8259 writes it (`-0.5e3`; not `01`, `.5`, `1.`
        /// or `+1`), and finite: one too large for a double (`1e400`) is refused.
        private mutating func number() throws(Failure) {
            let start = index
            func isDigit() -> Bool { index < end && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) }
            _ = next(is: "-")
            guard isDigit() else { throw unexpected(expecting: "a digit") }
            let wholeStart = index
            if !next(is: "0") {
                while isDigit() { index += 1 }
            }
            let wholeDigits = index - wholeStart
            if next(is: ".") {
                guard isDigit() else { throw unexpected(expecting: "a digit") }
                while isDigit() { index += 1 }
            }
            var exponent = false
            if next(is: "e") || next(is: "E") {
                exponent = true
                _ = next(is: "+") || next(is: "-")
                guard isDigit() else { throw unexpected(expecting: "a digit") }
                while isDigit() { index += 1 }
            }
            // Only an exponent or hundreds of digits go past a double's range.
            if exponent || wholeDigits > 300 {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                guard let number = Double(text), number.isFinite else {
                    let shown = text.count > 24 ? text.prefix(24) + "…" : text
                    throw Failure(problem: "the number \(shown), too large for a double", offset: start)
                }
            }
        }

        private mutating func literal(_ word: String) throws(Failure) {
            for byte in word.utf8 {
                guard index < end, bytes[index] == byte else { throw unexpected(expecting: "“\(word)”") }
                index += 1
            }
        }

        /// The byte at `index`, where `expected` should be.
        func unexpected(expecting expected: String) -> Failure {
            let found = index < end ? "“\(Self.character(bytes[index]))”" : (end < bytes.count ? "the end of the line" : "the end of the text")
            return Failure(problem: "\(found) where \(expected) should be", offset: index)
        }

        /// A byte as a message shows it: itself when printable ASCII, else U+ and its value.
        static func character(_ byte: UInt8) -> String {
            (0x21..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "U+" + hex4(UInt32(byte))
        }

        static func hex4(_ value: UInt32) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }

        static func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
    }
}
