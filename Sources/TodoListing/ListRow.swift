import FoundationEssentials
import TodoCore

/// One task as `list` shows it and orders it: what was worked out about it,
/// and no more. The task itself is not kept: at 100,000 tasks a listing
/// that held them all took 45 MB.
public struct ListRow: Sendable {
    public let id: Int64
    public let priority: Priority
    public let state: DueState
    public let group: TaskGroup
    /// The due instant in seconds since 1970; infinity for no due date, so
    /// those sort last.
    public let dueKey: Double
    /// When the task was created, in seconds since 1970.
    public let created: Double

    public init(_ task: TodoTask, standing: TaskStanding) {
        self.init(id: task.id, priority: task.priority, standing: standing, created: task.createdAt.timeIntervalSince1970)
    }

    /// The row of the task with this id, priority and creation (seconds
    /// since 1970), at `standing`: for a reader that keeps no whole task.
    public init(id: Int64, priority: Priority, standing: TaskStanding, created: Double) {
        self.id = id
        self.priority = priority
        state = standing.state
        group = standing.group
        dueKey = standing.dueInstant?.timeIntervalSince1970 ?? .infinity
        self.created = created
    }
}
