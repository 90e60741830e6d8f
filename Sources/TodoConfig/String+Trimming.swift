extension StringProtocol {
    /// The text without the blanks at its ends: Unicode's space separators
    /// and the tab, the set Foundation's `trimmingCharacters(in: .whitespaces)`
    /// trims, which FoundationEssentials does not have.
    func trimmingBlanks() -> String {
        let scalars = String(self).unicodeScalars
        let isBlank = { (scalar: Unicode.Scalar) in scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        guard let first = scalars.firstIndex(where: { !isBlank($0) }),
              let last = scalars.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
