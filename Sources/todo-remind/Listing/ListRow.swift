import Foundation
import TodoCore

/// One task as `list` shows it: where it is among the listed tasks, and
/// what was worked out about it. The task itself stays in that array: a
/// copy here would double the memory a long list touches.
struct ListRow {
    /// The task's position in the tasks the rows were made from.
    let index: Int
    let state: DueState
    let group: TaskGroup
    /// The due instant in seconds since 1970; infinity for no due date, so
    /// those sort last.
    let dueKey: Double

    init(index: Int, standing: TaskStanding) {
        self.index = index
        state = standing.state
        group = standing.group
        dueKey = standing.dueInstant?.timeIntervalSince1970 ?? .infinity
    }
}
