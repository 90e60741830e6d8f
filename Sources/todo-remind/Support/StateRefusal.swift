import FoundationEssentials
import TodoCore
import TodoListing

/// A task named by id that `done` or `reopen` cannot apply to: the README's
/// exit status 1, "not in a state the command applies to", as `reopen` of a
/// text that matches no completed task already was.
enum StateRefusal: LocalizedError {
    /// `done` of a task that is done for good.
    case alreadyDone(TodoTask)
    /// `reopen` of an open task with no completed occurrence to go back to.
    case alreadyOpen(TodoTask)
    /// A subtask named for a list other than its parent's (`add --parent
    /// --list`), whose list is named.
    case parentInOtherList(TodoTask, list: String)
    /// A subtask moved to another list without its parent (`edit --list`).
    /// `done` or `delete` of a parent with subtasks, without
    /// `--with-subtasks` and with no terminal to ask on.
    case hasSubtasks(TodoTask, subtasks: [TodoTask], command: String)
    /// `undo` with every change in the journal undone already, or none made.
    case nothingToUndo

    /// Refuses the whole command when one of `tasks` cannot be done, before
    /// anything changes: the README's "if one is wrong, nothing changes".
    static func checkDone(_ tasks: [TodoTask]) throws {
        if let done = tasks.first(where: \.isCompleted) { throw alreadyDone(done) }
    }

    /// Refuses the whole command when one of `tasks` cannot be reopened: a
    /// task done for good can, and so can an open repeating task that has a
    /// completed occurrence to go back to (`TaskStore.reopen`).
    static func checkReopen(_ tasks: [TodoTask]) throws {
        if let open = tasks.first(where: { !$0.isCompleted && ($0.repeating?.completedCount ?? 0) == 0 }) {
            throw alreadyOpen(open)
        }
    }

    var errorDescription: String? {
        switch self {
        case .alreadyDone(let task):
            "Task \(task.id) “\(task.title.safeForTerminal)” is done already, so nothing was changed: "
                + "`todo-remind reopen \(task.id)` opens it again."
        case .alreadyOpen(let task):
            "Task \(task.id) “\(task.title.safeForTerminal)” is open and has no completed occurrence to go back to, "
                + "so nothing was changed: `todo-remind done \(task.id)` marks it done."
        case .parentInOtherList(let parent, let list):
            "Task \(parent.id) “\(parent.title.safeForTerminal)” is in the list \(list.safeForTerminal), and a subtask is in its "
                + "parent's list, so nothing was changed: leave out --list, or give --list \(list.safeForTerminal)."
        case .hasSubtasks(let task, let subtasks, let command):
            "Task \(task.id) “\(task.title.safeForTerminal)” has \(Self.count(subtasks)) ("
                + subtasks.prefix(5).map { "\($0.id) “\($0.title.safeForTerminal)”" }.joined(separator: ", ")
                + (subtasks.count > 5 ? " and \(subtasks.count - 5) more" : "")
                + "), so nothing was changed: `todo-remind \(command) \(task.id) --with-subtasks` \(command == "done" ? "completes" : "deletes") them too."
        case .nothingToUndo:
            "There is no change left to undo: every change kept is undone already (`todo-remind undo --list` shows them)."
        }
    }

    /// "1 open subtask", "3 subtasks".
    static func count(_ subtasks: [TodoTask]) -> String {
        TaskDescriber.count(subtasks)
    }
}
