import FoundationEssentials

/// Where a task stands at an instant: its state, the `list` section it
/// belongs in, and when it is due (nil without a due date).
public struct TaskStanding: Equatable, Sendable {
    public let state: DueState
    public let group: TaskGroup
    public let dueInstant: Date?
}
