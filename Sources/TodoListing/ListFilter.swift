import TodoCore

/// Which tasks `list` shows, from its --all, --completed, --waiting,
/// --overdue and --due-soon flags.
public struct ListFilter: Sendable {
    public var all = false
    public var completed = false
    /// Only the tasks waiting to start (`TimeRules.isWaiting`), which are
    /// otherwise left out but for `all`.
    public var waiting = false
    public var overdue = false
    public var dueSoon = false

    public init(all: Bool = false, completed: Bool = false, waiting: Bool = false, overdue: Bool = false, dueSoon: Bool = false) {
        self.all = all
        self.completed = completed
        self.waiting = waiting
        self.overdue = overdue
        self.dueSoon = dueSoon
    }

    /// Whether the task, in `state` and waiting to start or not, is shown.
    public func shows(_ task: TodoTask, _ state: DueState, isWaiting: Bool = false) -> Bool {
        shows(isCompleted: task.isCompleted, state, isWaiting: isWaiting)
    }

    /// `shows` of a task that is or is not completed, for a reader that
    /// keeps no whole task (the interactive view's index of every task).
    public func shows(isCompleted: Bool, _ state: DueState, isWaiting: Bool = false) -> Bool {
        if completed && !isCompleted { return false }
        if !completed && !all && isCompleted { return false }
        if waiting { if !isWaiting { return false } } else if isWaiting && !all { return false }
        if overdue && dueSoon { return state == .overdue || state == .dueSoon }
        if overdue { return state == .overdue }
        if dueSoon { return state == .dueSoon }
        return true
    }
}
