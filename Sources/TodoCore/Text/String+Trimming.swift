extension String {
    /// The string without the spaces and tabs at either end: what
    /// Foundation's `trimmingCharacters(in: .whitespaces)` took off, scalar
    /// by scalar (U+0009, U+0020, U+00A0, U+1680, U+2000 to U+200B, U+202F,
    /// U+205F, U+3000), and nothing else.
    public func trimmingSpaces() -> String {
        trimmingScalars(where: Self.isSpace)
    }

    /// The string without whitespace and line breaks at either end: what
    /// Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` took
    /// off (the spaces of `trimmingSpaces` and U+000A to U+000D, U+0085,
    /// U+2028, U+2029).
    public func trimmingSpacesAndNewlines() -> String {
        trimmingScalars { Self.isSpace($0) || (0x0A...0x0D).contains($0.value) || $0.value == 0x85 || $0.value == 0x2028 || $0.value == 0x2029 }
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    private func trimmingScalars(where trimmed: (Unicode.Scalar) -> Bool) -> String {
        // Most text begins and ends with a printable ASCII character other
        // than a space, which is nothing to trim.
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return self
        }
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !trimmed($0) }),
              let last = scalars.lastIndex(where: { !trimmed($0) }) else { return "" }
        return String(scalars[start...last])
    }
}

extension StringProtocol {
    /// `String.trimmingSpaces()` of this text (a part of a string, say).
    public func trimmingSpaces() -> String {
        String(self).trimmingSpaces()
    }

    /// `String.trimmingSpacesAndNewlines()` of this text.
    public func trimmingSpacesAndNewlines() -> String {
        String(self).trimmingSpacesAndNewlines()
    }
}
