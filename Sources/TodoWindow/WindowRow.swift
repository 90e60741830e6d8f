import TodoCore
import TodoListing

/// One task's row in the window, in `list`'s words: its mark, its title (a
/// parent's progress, a repeating task's rule and a waiting task's start
/// after it, as `RowCells` makes them for `list` and the terminal view), and
/// a line of details: list and category, priority, due, next reminder.
public struct WindowRow: Hashable, Sendable {
    public var id: Int64
    public var title: String
    public var details: String
    public var state: DueState
    public var priority: Priority
    /// 1 for a subtask shown under its parent.
    public var depth: Int
    public var isDone: Bool
    public var reminderOn: Bool

    /// What a screen reader says of the row, and what the tests find it by:
    /// the title, as typed, and where it stands.
    public var accessibleName: String { title }

    /// The CSS class that colours the row as `list` colours the state:
    /// overdue red, due within 24 h orange, done dimmed.
    public var styleClass: String? {
        switch state {
        case .overdue: "error"
        case .dueSoon: "warning"
        case .completed: "dim-label"
        case .upcoming, .noDueDate: nil
        }
    }
}
