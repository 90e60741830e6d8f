import FoundationEssentials
import TodoCore

extension TaskStore {
    /// Edits task `id` with `change`, as `modify` does; when the change
    /// puts it in another list, its subtasks (those in its list, at any
    /// depth) move there with it, in the same transaction, so that a
    /// subtask stays in its parent's list.
    ///
    /// `change` is first tried on a copy to learn the new list: it must
    /// give the same result both times, as an edit does.
    ///
    /// - Returns: the task after the change, and the ids of the subtasks
    ///   moved with it.
    /// - Throws: `StoreError.noSuchTask(id)`, or what `change` throws;
    ///   nothing is changed then.
    public func modifyMovingSubtasks(
        id: Int64,
        now: Date,
        action: JournalAction = .edit,
        _ change: (inout TodoTask) throws -> Void
    ) throws -> (task: TodoTask, moved: [Int64]) {
        guard let before = try task(id: id) else { throw StoreError.noSuchTask(id: id) }
        var trial = before
        try change(&trial)
        let list = trial.list
        let moving = list != before.list ? try subtasks(of: id).map(\.id) : []
        let changed = try modify(ids: [id] + moving, now: now, action: action) { task in
            if task.id == id {
                try change(&task)
            } else {
                task.list = list
            }
        }
        guard let task = changed.first(where: { $0.id == id }) else { throw StoreError.noSuchTask(id: id) }
        return (task, moving)
    }
}
