import TodoCore

extension JSONText {
    /// `value` written again as `JSONSerialization` wrote what it read
    /// (with `.sortedKeys`): no spaces; the names of objects sorted
    /// (`Collation.compareForcingOrder`), of a name given twice the last;
    /// "/" escaped; an integer as written ("-0" as "0"), any other number
    /// as the `Double` it is, the shortest that reads back (Swift's
    /// `description`) without a trailing ".0".
    func serialized(_ value: Value) -> String {
        var output = ""
        write(value, to: &output)
        return output
    }

    private func write(_ value: Value, to output: inout String) {
        switch value.kind {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number: output += Self.number(raw(value))
        case .string: Self.writeString(string(value), to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                write(element, to: &output)
            }
            output += "]"
        case .object(let object):
            var last: [String: Value] = [:]
            for member in object.members { last[string(member.name)] = member.value }
            let names = last.keys.sorted { Collation.compareForcingOrder($0, $1) < 0 }
            output += "{"
            for (index, name) in names.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(name, to: &output)
                output += ":"
                if let member = last[name] { write(member, to: &output) }
            }
            output += "}"
        }
    }

    /// A number as `JSONSerialization` wrote it again: an integer as
    /// written, any other as its `Double`.
    static func number(_ text: String) -> String {
        let isInteger = !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        if isInteger { return text == "-0" ? "0" : text }
        guard let double = Double(text), double.isFinite else { return text }
        let description = double.description
        return description.hasSuffix(".0") ? String(description.dropLast(2)) : description
    }

    /// A string with quotes, `"`, `\` and `/` escaped, the controls as
    /// `\b`, `\f`, `\n`, `\r`, `\t` or `\u00xx`; everything else as it is.
    static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "/": output += "\\/"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.utf8.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
