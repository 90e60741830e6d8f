/// Which tasks a lookup considers, by completion.
public enum TaskScope: Sendable, Hashable, CaseIterable {
    /// Tasks not completed yet.
    case open
    /// Completed tasks only.
    case completed
    /// Every task.
    case all
}
