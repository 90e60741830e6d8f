/// RFC 5545 TEXT values (§3.3.11): escaping and lists.
public enum ICalendarText {
    /// The text a TEXT value stands for: `\\`, `\;`, `\,`, `\n` and `\N` undone.
    /// An unknown escape keeps the character after the backslash, as most
    /// readers do.
    public static func unescape(_ value: some StringProtocol) -> String {
        var output = ""
        output.reserveCapacity(value.utf8.count)
        var escaped = false
        for character in value {
            if escaped {
                output.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                output.append(character)
            }
        }
        if escaped { output.append("\\") }
        return output
    }

    /// The TEXT value for `text`: backslash, semicolon, comma and line breaks
    /// escaped (a CRLF or CR becomes one `\n`).
    public static func escape(_ text: some StringProtocol) -> String {
        escape(String(text))
    }

    /// `escape(_:)` of a `String`, which most callers have: not generic, so
    /// that the look for something to escape runs as a plain loop.
    public static func escape(_ text: String) -> String {
        // Most values hold nothing to escape.
        if !text.utf8.contains(where: { $0 == 0x5C || $0 == 0x3B || $0 == 0x2C || $0 == 0x0A || $0 == 0x0D }) {
            return text
        }
        var output = ""
        output.reserveCapacity(text.utf8.count + 8)
        for character in text {
            switch character {
            case "\\": output += "\\\\"
            case ";": output += "\\;"
            case ",": output += "\\,"
            case "\n", "\r\n", "\r": output += "\\n"
            default: output.append(character)
            }
        }
        return output
    }

    /// The items of a comma-separated list of TEXT values (CATEGORIES),
    /// unescaped; an escaped comma stays inside its item.
    public static func list(_ value: some StringProtocol) -> [String] {
        var items: [String] = []
        var start = value.startIndex
        var index = value.startIndex
        var escaped = false
        while index < value.endIndex {
            let character = value[index]
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," {
                items.append(unescape(value[start..<index]))
                start = value.index(after: index)
            }
            index = value.index(after: index)
        }
        items.append(unescape(value[start..<value.endIndex]))
        return items
    }
}
