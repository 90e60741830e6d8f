/// Why a document is not valid TOML, and the line where that shows.
struct TOMLError: Error, Equatable {
    /// From 1, the line of the byte where the parser stopped (or of the
    /// string, array or key that it could not finish).
    let line: Int
    /// One clause without its final period, such as “expected “=” after the
    /// key “a”, found “b””: `ConfigError.syntax` makes it a sentence.
    let reason: String

    /// A key as it could be written in the document, for messages: its bare
    /// parts as they are, the others quoted, with control characters escaped
    /// so that a message never carries one to the terminal.
    static func written(_ key: [String]) -> String {
        key.map { part in
            let isBare = !part.isEmpty && part.utf8.allSatisfy(TOMLParser.isBareKeyByte)
            return isBare ? part : "\"" + escaped(part) + "\""
        }.joined(separator: ".")
    }

    /// `text` as the inside of a basic string: `"`, `\` and control
    /// characters escaped (C1's too: some terminals read U+009B as an escape).
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": result += "\\" + String(scalar)
            case _ where scalar.properties.generalCategory == .control: result += "\\u" + hex(scalar.value, digits: 4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `value` in upper-case hexadecimal, padded with zeros to `digits`.
    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
