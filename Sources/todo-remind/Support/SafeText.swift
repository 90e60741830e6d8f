extension String {
    /// The text with control characters made visible ("\n", "\e", "\u{7}"), so
    /// a title can never move the cursor, clear the screen or forge a line.
    var safeForTerminal: String {
        guard unicodeScalars.contains(where: \.isControl) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            guard scalar.isControl else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\u{1B}": result += "\\e"
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }
}

extension Unicode.Scalar {
    /// C0 and C1 controls and DEL (general category Cc).
    var isControl: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
