import Foundation

/// Writes JSON by hand, so keys come out in the documented order and 100,000
/// objects do not go through `JSONSerialization`'s dictionaries.
struct JSONWriter {
    private(set) var text = ""

    mutating func raw(_ fragment: String) { text += fragment }

    mutating func string(_ value: String?) {
        guard let value else {
            text += "null"
            return
        }
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    mutating func bool(_ value: Bool) { text += value ? "true" : "false" }

    mutating func int(_ value: Int64) { text += String(value) }

    /// Writes `"key":` (the key must need no escaping).
    mutating func key(_ key: String) { text += "\"\(key)\":" }

    mutating func field(_ key: String, string value: String?, last: Bool = false) {
        self.key(key)
        string(value)
        if !last { text += "," }
    }
}
