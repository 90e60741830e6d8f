import TodoCore

/// Which tasks `list` shows, from its --all, --completed, --overdue and --due-soon flags.
public struct ListFilter: Sendable {
    public var all = false
    public var completed = false
    public var overdue = false
    public var dueSoon = false

    public init(all: Bool = false, completed: Bool = false, overdue: Bool = false, dueSoon: Bool = false) {
        self.all = all
        self.completed = completed
        self.overdue = overdue
        self.dueSoon = dueSoon
    }

    public func shows(_ task: TodoTask, _ state: DueState) -> Bool {
        if completed && !task.isCompleted { return false }
        if !completed && !all && task.isCompleted { return false }
        if overdue && dueSoon { return state == .overdue || state == .dueSoon }
        if overdue { return state == .overdue }
        if dueSoon { return state == .dueSoon }
        return true
    }
}
