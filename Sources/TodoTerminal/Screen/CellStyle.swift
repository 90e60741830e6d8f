/// How a cell is drawn: a colour of the terminal's palette (or its own
/// default, so light and dark themes both read well) and attributes.
public struct CellStyle: Hashable, Sendable {
    /// A foreground colour; `.plain` is the terminal's own.
    public enum Color: Hashable, Sendable, CaseIterable {
        case plain
        case red
        case orange
        case green
        case blue
    }

    public var color: Color = .plain
    public var bold = false
    public var dim = false
    /// Reverse video: the selected line, readable without any colour.
    public var reverse = false
    public var underline = false

    public init(color: Color = .plain, bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.color = color
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    public static let plain = CellStyle()
    public static let bold = CellStyle(bold: true)
    public static let dim = CellStyle(dim: true)
    public static let reverse = CellStyle(reverse: true)

    /// This style without colour: what `NO_COLOR` and `--color never` draw.
    public var colorless: CellStyle {
        var style = self
        style.color = .plain
        return style
    }
}
