import FoundationEssentials
import TodoCore
import TodoListing
import TodoStore

/// The changes a view makes to a task, each through the same store write as
/// the command of the same name (`done`, `reopen`, `delete`, `toggle`,
/// `snooze`, `undo`, `add`, `edit`), journalled as the view's own, with the
/// sentence that says what was done. The terminal view and the window both
/// change tasks through these, so the two never differ from each other or
/// from the commands.
public struct TaskChanges {
    /// What a change touched and what it says of itself.
    public struct Outcome: Sendable {
        /// The tasks changed: a view reads these again and writes their files.
        public var ids: [Int64]
        public var said: String

        public init(ids: [Int64], said: String) {
            self.ids = ids
            self.said = said
        }
    }

    public let data: ViewStore
    public let now: Date
    let describer: TaskDescriber

    public init(data: ViewStore, now: Date) {
        self.data = data
        self.now = now
        var describer = TaskDescriber(timeRules: data.timeRules, now: now, style: Style(enabled: false))
        describer.listNames = data.listNames
        self.describer = describer
    }

    /// The open subtasks (with theirs) a completion would leave open: a view
    /// asks before completing a parent that has any, as `done` asks.
    public func openSubtasks(of id: Int64) -> [TodoTask] {
        subtasks(of: id, includingCompleted: false)
    }

    /// Marks the task done (a repeating one moves to its next occurrence),
    /// or reopens it when it is done.
    public func toggleDone(_ task: TodoTask) throws -> Outcome {
        if task.isCompleted {
            let after = try data.store.reopen(ids: [task.id], now: now, in: data.zone)
            return Outcome(ids: [task.id], said: "Reopened: " + describer.name(after.first?.after ?? task))
        }
        let changed = try data.store.markDone(ids: [task.id], at: now, in: data.zone)
        guard let after = changed.first?.after else { return Outcome(ids: [task.id], said: "") }
        if after.repeating != nil, !after.isCompleted {
            return Outcome(ids: [task.id], said: "Done: \(describer.name(after)) · next \(describer.dueWords(after))")
        }
        return Outcome(ids: [task.id], said: "Done: " + describer.name(after))
    }

    /// Completes the task and its open subtasks, as `done --with-subtasks` does.
    public func completeWithSubtasks(id: Int64) throws -> Outcome {
        let subtasks = openSubtasks(of: id)
        let ids = [id] + subtasks.map(\.id)
        let changed = try data.store.markDone(ids: ids, at: now, in: data.zone)
        let parent = changed.first { $0.after.id == id }?.after
        return Outcome(ids: ids, said: "Done: " + (parent.map(describer.name) ?? "task \(id)") + " and " + TaskDescriber.count(subtasks) + ".")
    }

    /// Deletes the task and its subtasks with it, as `delete --with-subtasks`
    /// does; `undo` brings them back.
    public func delete(id: Int64) throws -> Outcome {
        let title = (try? data.store.task(id: id))?.map(describer.name) ?? "task \(id)"
        let subtasks = subtasks(of: id, includingCompleted: true)
        let with = subtasks.isEmpty ? "" : " and " + TaskDescriber.count(subtasks)
        let ids = [id] + subtasks.map(\.id)
        _ = try data.store.delete(ids: ids, now: now)
        return Outcome(ids: ids, said: "Deleted: " + title + with + ".")
    }

    /// Deletes every completed task, as `clear` does; `undo` brings them back.
    public func clearCompleted() throws -> Outcome {
        let ids = try data.store.tasks(TaskQuery(includeOpen: false, includeCompleted: true)).map(\.id)
        let deleted = try data.store.deleteCompleted(now: now)
        return Outcome(ids: ids, said: "Deleted \(deleted) completed \(deleted == 1 ? "task" : "tasks").")
    }

    /// Switches the task's reminder on or off, as `toggle` does.
    public func toggleReminder(_ task: TodoTask) throws -> Outcome {
        let after = try data.store.modify(ids: [task.id], now: now, action: .reminder) { $0.reminderOn.toggle() }
        let changed = after.first ?? task
        return Outcome(ids: [task.id], said: "\(describer.name(changed)): \(describer.reminderWords(changed))")
    }

    /// Snoozes the task's reminder until `until`, as `snooze` does.
    public func snooze(id: Int64, until: Date) throws -> Outcome {
        let task = try data.store.snooze(id: id, until: until, now: now)
        return Outcome(ids: [id], said: "Snoozed \(describer.name(task)) until \(describer.text.instant(until)) (\(describer.text.relative(until))).")
    }

    /// Undoes the view's last change not yet undone; nil when none is left.
    public func undo() throws -> Outcome? {
        guard let entry = try data.store.undoLast(by: data.author, now: now) else { return nil }
        return Outcome(ids: entry.tasks.map(\.id), said: "Undid: " + entry.summary.safeForTerminal)
    }

    /// Adds the task the form's fields make, as `add` does.
    public func add(_ draft: TaskDraft) throws -> (task: TodoTask, outcome: Outcome) {
        let task = try data.store.add(draft, now: now)
        return (task, Outcome(ids: [task.id], said: "Added " + describer.summary(task)))
    }

    /// Changes the task as the form's fields say, as `edit` does: moved to
    /// another list, it takes its subtasks with it.
    public func edit(id: Int64, _ change: (inout TodoTask) throws -> Void) throws -> Outcome {
        let (after, moved) = try data.store.modifyMovingSubtasks(id: id, now: now, action: .edit, change)
        let along = moved.isEmpty ? "" : " and moved \(moved.count) subtask\(moved.count == 1 ? "" : "s") with it"
        return Outcome(ids: [id] + moved, said: "Changed " + describer.summary(after) + along)
    }

    /// The subtasks of the task, theirs too (`TaskStore.subtasks`); none
    /// when they cannot be read (the change then says why).
    public func subtasks(of id: Int64, includingCompleted: Bool) -> [TodoTask] {
        (try? data.store.subtasks(of: id, includingCompleted: includingCompleted)) ?? []
    }
}
