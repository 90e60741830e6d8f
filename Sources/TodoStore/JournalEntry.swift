import FoundationEssentials

/// One change the journal keeps: who made it, what it did, to which tasks.
public struct JournalEntry: Hashable, Sendable, Identifiable {
    public let id: Int64
    public let at: Date
    public let author: JournalAuthor
    public let action: JournalAction
    /// The tasks it changed, by id, with their titles (as they were before,
    /// or as added).
    public let tasks: [TaskName]
    /// When it was undone; nil while it stands.
    public let undoneAt: Date?

    public struct TaskName: Hashable, Sendable {
        public let id: Int64
        /// Nil for a task an import added that is gone since: the journal
        /// keeps an import's tasks by id only.
        public let title: String?
    }

    /// "done 4 “Buy milk”", "clear 12 tasks", "import 1 task".
    public var summary: String {
        if tasks.count == 1, let task = tasks.first, let title = task.title {
            return "\(action.rawValue) \(task.id) “\(title)”"
        }
        return "\(action.rawValue) \(tasks.count) \(tasks.count == 1 ? "task" : "tasks")"
    }
}
