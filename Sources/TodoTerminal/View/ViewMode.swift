import TodoViewModel

/// What the view is doing, which decides what each key means (`KeyMap`).
public enum ViewMode: Hashable, Sendable {
    /// Browsing the list.
    case list
    /// Typing a search; the list narrows as it is typed.
    case search
    /// The add or edit form is open.
    case form
    /// "Delete “…”? (y/n)"
    case confirmDelete(taskID: Int64)
    /// "Task 1 “…” has 2 open subtasks. Mark them done too? (y/n)": `x` on
    /// a parent with open subtasks, as `done` asks on a terminal.
    case confirmDoneWithSubtasks(taskID: Int64)
    /// Choosing a snooze: a configured choice by its number, Enter for an
    /// hour, or any other key to start typing a WHEN.
    case snoozeChoice(taskID: Int64)
    /// Typing a snooze's WHEN.
    case snoozeWhen(taskID: Int64)
    /// The keys, shown by `?`.
    case help
}
