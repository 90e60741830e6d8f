/// Where the elements of a JSON text begin, for messages that name a line.
enum JSONLines {
    /// The line (from 1) each top-level element begins on: the objects
    /// and arrays of a JSON array, or the objects of one object a line.
    static func elementLines(_ bytes: [UInt8]) -> [Int] {
        var lines: [Int] = []
        var line = 1
        var depth = 0
        var inString = false
        var escaped = false
        var arrayAtTop: Bool?
        for byte in bytes {
            if byte == 0x0A { line += 1 }
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if arrayAtTop == nil { arrayAtTop = byte == UInt8(ascii: "[") }
                if depth == (arrayAtTop == true ? 1 : 0) { lines.append(line) }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            default:
                break
            }
        }
        return lines
    }
}
