/// Pango markup for notification bodies: escaping text into it and reading it back as text.
public enum Markup {
    /// The text with `& < > " '` replaced by entities, and the control characters
    /// XML cannot hold by character references: the same result as GLib's
    /// `g_markup_escape_text`, computed in Swift so that composing stays pure.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default:
                if isRestrictedControl(scalar.value) {
                    escaped += "&#x\(String(scalar.value, radix: 16));"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }

    /// The text a person reads in markup: tags dropped, entities and character
    /// references decoded. Used where markup cannot be shown, such as a terminal.
    public static func plainText(_ markup: String) -> String {
        var text = String.UnicodeScalarView()
        var scalars = Substring(markup).unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "<":
                // A tag: skip to its end. A lone "<" cannot occur in valid markup.
                guard let end = scalars.firstIndex(of: ">") else { return String(text) }
                scalars = scalars[scalars.index(after: end)...]
            case "&":
                if let end = scalars.prefix(12).firstIndex(of: ";"),
                   let decoded = decodeEntity(String(scalars[..<end])) {
                    text.append(decoded)
                    scalars = scalars[scalars.index(after: end)...]
                } else {
                    text.append(scalar)
                }
            default:
                text.append(scalar)
            }
        }
        return String(text)
    }

    /// The characters `g_markup_escape_text` writes as character references:
    /// C0 controls but tab, newline and carriage return; DEL; C1 controls but NEL.
    private static func isRestrictedControl(_ value: UInt32) -> Bool {
        switch value {
        case 0x1...0x8, 0xB...0xC, 0xE...0x1F, 0x7F...0x84, 0x86...0x9F: true
        default: false
        }
    }

    /// The character an entity name ("amp", "#39", "#x1F") stands for.
    private static func decodeEntity(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let number = name.dropFirst()
            let value = number.hasPrefix("x") || number.hasPrefix("X")
                ? UInt32(number.dropFirst(), radix: 16)
                : UInt32(number, radix: 10)
            return value.flatMap(Unicode.Scalar.init)
        }
    }
}
