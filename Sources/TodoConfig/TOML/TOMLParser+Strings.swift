/// Strings: basic and literal, on one line or many.
extension TOMLParser {
    /// A basic string, from after its opening quotes (at `opening`):
    /// escapes read, and in the multi-line form a newline right after the
    /// opening dropped and a backslash at the end of a line joining it to
    /// the next non-blank character.
    mutating func basicString(multiLine: Bool, opening: Int) throws(TOMLError) -> String {
        var text: [UInt8] = []
        if multiLine { _ = try newline() }
        while true {
            guard let byte = peek() else {
                throw failure("the string opened here is never closed", at: opening)
            }
            switch byte {
            case UInt8(ascii: "\""):
                if try closes(multiLine: multiLine, quote: byte, into: &text) { return String(decoding: text, as: UTF8.self) }
            case UInt8(ascii: "\\"):
                index += 1
                if multiLine, try joinsLines() { continue }
                try escape(into: &text)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                guard multiLine else { throw failure("the string is not closed with “\"” before the end of the line") }
                _ = try newline()
                text.append(UInt8(ascii: "\n"))
            case _ where Self.isControl(byte):
                throw failure("a string may not hold \(found()): write it as an escape such as \\u"
                    + TOMLError.hex(UInt32(byte), digits: 4))
            default:
                text.append(byte)
                index += 1
            }
        }
    }

    /// A literal string, from after its opening quotes (at `opening`): its
    /// bytes as they are, but for a newline right after a multi-line opening.
    mutating func literalString(multiLine: Bool, opening: Int) throws(TOMLError) -> String {
        var text: [UInt8] = []
        if multiLine { _ = try newline() }
        while true {
            guard let byte = peek() else {
                throw failure("the string opened here is never closed", at: opening)
            }
            switch byte {
            case UInt8(ascii: "'"):
                if try closes(multiLine: multiLine, quote: byte, into: &text) { return String(decoding: text, as: UTF8.self) }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                guard multiLine else { throw failure("the string is not closed with “'” before the end of the line") }
                _ = try newline()
                text.append(UInt8(ascii: "\n"))
            case _ where Self.isControl(byte):
                throw failure("a literal string may not hold \(found()): write it in a basic string, "
                    + "as an escape such as \\u" + TOMLError.hex(UInt32(byte), digits: 4))
            default:
                text.append(byte)
                index += 1
            }
        }
    }

    /// At a quote of the string's kind: whether it closes the string
    /// (consumed). A multi-line string closes at three quotes, and one or
    /// two more before them belong to the string (`""""` ends in `"`).
    private mutating func closes(multiLine: Bool, quote: UInt8, into text: inout [UInt8]) throws(TOMLError) -> Bool {
        guard multiLine else {
            index += 1
            return true
        }
        var count = 0
        while peek(count) == quote { count += 1 }
        guard count >= 3 else {
            text.append(contentsOf: repeatElement(quote, count: count))
            index += count
            return false
        }
        guard count <= 5 else {
            throw failure("a multi-line string ends with at most five quotes in a row: escape the others")
        }
        text.append(contentsOf: repeatElement(quote, count: count - 3))
        index += count
        return true
    }

    /// After a backslash in a multi-line basic string: whether only blanks
    /// follow it to the end of the line, in which case it and every blank
    /// and newline after it are skipped.
    private mutating func joinsLines() throws(TOMLError) -> Bool {
        var ahead = 0
        while let byte = peek(ahead), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { ahead += 1 }
        guard peek(ahead) == UInt8(ascii: "\n") || (peek(ahead) == UInt8(ascii: "\r") && peek(ahead + 1) == UInt8(ascii: "\n")) else {
            return false
        }
        index += ahead
        while true {
            skipSpaces()
            guard try newline() else { return true }
        }
    }

    /// After a backslash: the escaped character.
    private mutating func escape(into text: inout [UInt8]) throws(TOMLError) {
        let start = index - 1
        let simple: UInt8? = switch peek() {
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "t"): 0x09
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        default: nil
        }
        if let simple {
            text.append(simple)
            index += 1
            return
        }
        let digits = switch peek() {
        case UInt8(ascii: "u"): 4
        case UInt8(ascii: "U"): 8
        default: 0
        }
        guard digits > 0 else {
            let what = if let byte = peek(), (0x21...0x7E).contains(byte) {
                "“\\" + String(UnicodeScalar(byte)) + "” is not an escape"
            } else {
                "a backslash followed by \(found()) is not an escape"
            }
            throw failure(what + #": the escapes are \b, \t, \n, \f, \r, \", \\, \uXXXX and \UXXXXXXXX"#, at: start)
        }
        var value: UInt32 = 0
        for offset in 1...digits {
            guard let byte = peek(offset), let digit = Self.hexValue(byte) else {
                throw failure("a \\\(digits == 4 ? "u" : "U") escape needs \(digits) hexadecimal digits", at: start)
            }
            value = value << 4 | digit
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw failure("“\\\(digits == 4 ? "u" : "U")\(TOMLError.hex(value, digits: digits))” is not a Unicode scalar value", at: start)
        }
        text.append(contentsOf: String(scalar).utf8)
        index += 1 + digits
    }
}
