import TodoViewModel

/// One key press (or mouse event, or resize) as the view reads it, apart
/// from how the terminal sent it.
public enum Key: Hashable, Sendable {
    /// A printable character, as typed (`j`, `?`, `é`, `漢`).
    case character(Character)
    /// Ctrl and a letter (`ctrl("u")`); Ctrl-C and Ctrl-Z come as signals.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
    /// A click of the first button on the screen's `row` and `column`.
    case click(row: Int, column: Int)
    /// The wheel turned: negative up, positive down, by lines.
    case wheel(Int)

    /// The space bar.
    public static let space = Key.character(" ")
}
