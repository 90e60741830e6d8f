import TodoCore

/// A line of the window's list: a group's title (Overdue, Today, Upcoming,
/// Someday, Completed, as `list` groups) or a task's row, by its offset among
/// the rows shown.
public enum WindowLine: Hashable, Sendable {
    case group(TaskGroup)
    case task(offset: Int)
}
