import TodoCore

/// Which tasks `list` shows, from its --all, --completed, --overdue and --due-soon flags.
struct ListFilter {
    var all = false
    var completed = false
    var overdue = false
    var dueSoon = false

    func shows(_ task: TodoTask, _ state: DueState) -> Bool {
        if completed && !task.isCompleted { return false }
        if !completed && !all && task.isCompleted { return false }
        if overdue && dueSoon { return state == .overdue || state == .dueSoon }
        if overdue { return state == .overdue }
        if dueSoon { return state == .dueSoon }
        return true
    }
}
