/// One column of one line of the screen.
///
/// A character that takes two columns (CJK, most emoji) fills its first
/// cell, and the cell after it is its `continuation`, drawn by no one. A
/// combining accent belongs to the character before it: `text` is a whole
/// grapheme cluster ("é" as e and U+0301 is one cell).
public struct Cell: Hashable, Sendable {
    /// The cluster drawn here; empty for the second half of a wide one.
    public var text: String
    public var style: CellStyle

    public init(_ text: String = " ", style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }

    public static let blank = Cell()

    /// Whether this is the second column of a wide character before it.
    public var isContinuation: Bool { text.isEmpty }
}
