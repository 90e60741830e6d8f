import FoundationEssentials

/// A change that cannot be undone as things are now.
public enum UndoRefusal: LocalizedError, Hashable, Sendable {
    /// A task it changed was changed again since (by another command, the
    /// daemon, another device): undoing would lose that later change.
    /// The title is nil for a task an import added that is gone since
    /// and no change of the journal's kept.
    case changedSince(JournalEntry, taskID: Int64, title: String?)

    public var errorDescription: String? {
        switch self {
        case .changedSince(let entry, let taskID, let title):
            "“\(entry.summary)” cannot be undone: task \(taskID)\(title.map { " “\($0)”" } ?? "") changed again since, and undoing would lose that change."
        }
    }
}
