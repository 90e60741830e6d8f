import Foundation
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
        }
    }
}
