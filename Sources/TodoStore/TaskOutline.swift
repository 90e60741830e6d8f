import TodoCore

/// What a reader that orders, filters and counts every task keeps of each
/// (the interactive view's index): no notes, no alarms, no rule, and the
/// text as the bytes SQLite holds, valid only while the reader is called.
///
/// At 100,000 tasks, reading these takes a fraction of reading the tasks
/// (no `TodoTask`, no `String` made per row), so the view's first screen
/// does not wait for what only the visible rows need.
public struct TaskOutline {
    public let id: Int64
    public let due: Due?
    public let isCompleted: Bool
    public let priority: Priority
    /// When it can begin (`TodoTask.start`): until then it waits.
    public let start: Due?
    /// The task it is a subtask of, as kept (`TodoTask.parentID`).
    public let parentID: Int64?
    /// When it was created, in seconds since 1970.
    public let createdAt: Double
    /// Its list's folder path (`TodoTask.list`); empty for the local list.
    public let list: UnsafeBufferPointer<UInt8>
    /// `UnicodeFolding.foldCase` of its category: what `--category` compares.
    public let categoryKey: UnsafeBufferPointer<UInt8>
    /// The title, as written.
    public let title: UnsafeBufferPointer<UInt8>
    /// `UnicodeFolding.fold` of the title and of the notes (empty without):
    /// what `--search` looks in.
    public let titleKey: UnsafeBufferPointer<UInt8>
    public let notesKey: UnsafeBufferPointer<UInt8>
}
