import Foundation
import TodoCore

/// One task as `list` shows it, with what was worked out about it.
struct ListRow {
    let task: TodoTask
    let state: DueState
    let group: TaskGroup
    /// The due instant in seconds since 1970; infinity for no due date, so
    /// those sort last.
    let dueKey: Double

    init(task: TodoTask, state: DueState, at now: Date, scheduler: Scheduler) {
        self.task = task
        self.state = state
        group = scheduler.group(of: task, at: now)
        dueKey = task.due.map { scheduler.dueInstant(of: $0).timeIntervalSince1970 } ?? .infinity
    }
}
