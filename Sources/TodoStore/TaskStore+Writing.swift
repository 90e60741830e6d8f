import Foundation
import GRDB
import TodoCore

extension TaskStore {
    /// Saves a new task and returns it with the id the store gave it.
    ///
    /// The task is created at `draft.createdAt`, or `now` when the draft has
    /// none, and last updated `now`.
    ///
    /// - Throws: `StoreError.invalidTask` when the draft's title or category
    ///   was emptied after the draft was made.
    public func add(_ draft: TaskDraft, now: Date) throws -> TodoTask {
        var task = try Self.checked(Self.newTask(from: draft, now: now), which: "The new task")
        task.id = try write { db in
            let entry = try Journal.begin(db, action: .add, author: author, at: now)
            try db.cachedStatement(sql: TaskRow.insertSQL).execute(arguments: TaskRow.arguments(for: task))
            let id = db.lastInsertedRowID
            var saved = task
            saved.id = id
            try Self.saveIndexes(db, ofNew: saved)
            try Journal.keepAdded(db, entry: entry, id: id, title: task.title)
            try Journal.finish(db, entry: entry)
            return id
        }
        return task
    }

    /// Saves many new tasks at once, all or none, and returns how many were saved.
    ///
    /// One transaction and one prepared statement, run once per draft: this is
    /// what makes 100,000 drafts take about a second rather than minutes.
    ///
    /// - Parameter parents: for each draft, the position among `drafts` of
    ///   the draft it is a subtask of (its `parentID` is set to that one's
    ///   new id); nil, or none given, for a task of its own.
    /// - Parameter origins: for each draft, where it came from (`TaskOrigin`);
    ///   nil, or none given, for a task of todo-remind's own JSON.
    /// - Throws: `StoreError.invalidTask` naming the first draft that cannot
    ///   be saved; nothing is saved then.
    public func importTasks(_ drafts: [TaskDraft], parents: [Int?] = [], origins: [TaskOrigin?] = [], now: Date) throws -> Int {
        guard !drafts.isEmpty else { return 0 }
        return try write { db in
            let entry = try Journal.begin(db, action: .import, author: author, at: now)
            var ids: [Int64] = []
            ids.reserveCapacity(drafts.count)
            let statement = try db.makeStatement(sql: TaskRow.insertSQL)
            for (index, draft) in drafts.enumerated() {
                let task = try Self.checked(
                    Self.newTask(from: draft, now: now),
                    which: "Draft \(index + 1) of \(drafts.count)"
                )
                try statement.execute(arguments: TaskRow.arguments(for: task))
                let taskID = db.lastInsertedRowID
                ids.append(taskID)
                var saved = task
                saved.id = taskID
                try Self.saveIndexes(db, ofNew: saved)
                for completion in draft.completions {
                    try Self.record(completion, taskID: taskID, db)
                }
                try Journal.keepAdded(db, entry: entry, id: taskID, title: task.title)
                if let until = draft.snoozedUntil { try TaskRow.saveSnooze(db, taskID: taskID, until: until) }
                if index < origins.count, let origin = origins[index] {
                    try Self.saveOrigin(origin, taskID: taskID, db)
                }
            }
            let link = try db.makeStatement(sql: "UPDATE task SET parent_id = ? WHERE id = ?")
            for (index, parent) in parents.enumerated() where index < ids.count {
                guard let parent, parent < ids.count else { continue }
                try link.execute(arguments: [ids[parent], ids[index]])
            }
            try Journal.finish(db, entry: entry)
            return drafts.count
        }
    }

    /// Reads the tasks with these ids, lets `change` edit each, saves them
    /// (updatedAt = now for the ones that changed), returns them in the order of `ids`.
    ///
    /// All or nothing: when an id has no task, or `change` throws, nothing is
    /// written. An id given twice is edited once. `change` cannot renumber a
    /// task: its id is put back. A task `change` leaves equal is not written
    /// and keeps its `updatedAt`.
    ///
    /// `snoozedUntil` is saved too, in the same transaction: set it to snooze
    /// the task, nil to end its snooze. A change that completes the task,
    /// switches its reminder off or changes its due date ends its snooze
    /// (`TodoTask.endSnoozeIfChanged(from:)`), whoever makes it.
    ///
    /// - Throws: `StoreError.noSuchTask(id)` for the first id without a task,
    ///   `StoreError.invalidTask` when `change` empties a title or category,
    ///   or whatever `change` throws, as it is.
    ///
    /// - Parameter action: what the change is, as the journal keeps it.
    public func modify(
        ids: [Int64],
        now: Date,
        action: JournalAction = .edit,
        _ change: (inout TodoTask) throws -> Void
    ) throws -> [TodoTask] {
        try rewrite(ids: ids, now: now, action: action) { _, task in
            let id = task.id
            try change(&task)
            task.id = id
        }.map(\.after)
    }

    /// Reads the tasks with these ids in one transaction, lets `change` make
    /// each over (with the database at hand for rows of its own), and saves
    /// those that changed: the one path every change of a task takes.
    ///
    /// A saved task gets `updatedAt = now`, and `dueSetAt = now` when its due
    /// moved; a change that completes it, switches its reminder off or moves
    /// its due ends its snooze (`TodoTask.endSnoozeIfChanged(from:)`).
    ///
    /// The change is journalled as `action` by the store's author, with
    /// the tasks it changed as they were (`Journal`).
    ///
    /// - Returns: each task as it was and as it is now, in the order given;
    ///   an id given twice is changed once.
    func rewrite(
        ids: [Int64], now: Date, action: JournalAction, _ change: (Database, inout TodoTask) throws -> Void
    ) throws -> [(before: TodoTask, after: TodoTask)] {
        try write { db in
            let found = try Self.tasks(db, ids: ids)
            if let missing = ids.first(where: { found[$0] == nil }) { throw StoreError.noSuchTask(id: missing) }
            let entry = try Journal.begin(db, action: action, author: author, at: now)
            try Journal.keepBefore(db, entry: entry, ids: found.keys)
            let update = try db.cachedStatement(sql: TaskRow.updateSQL)
            var seen = Set<Int64>()
            var unchanged: [Int64] = []
            var result: [(before: TodoTask, after: TodoTask)] = []
            for id in ids where seen.insert(id).inserted {
                guard let original = found[id] else { continue }
                var task = original
                try change(db, &task)
                task = try Self.save(task, over: original, now: now, db, update: update)
                if task == original { unchanged.append(id) }
                result.append((original, task))
            }
            try Journal.finish(db, entry: entry, unchanged: unchanged)
            return result
        }
    }

    /// Saves `task` in place of `original` when they differ, by the rules of
    /// `rewrite`, and returns it as saved.
    static func save(
        _ task: TodoTask, over original: TodoTask, now: Date, _ db: Database, update: Statement
    ) throws -> TodoTask {
        var task = task
        task.id = original.id
        task.endSnoozeIfChanged(from: original)
        guard task != original else { return task }
        task.updatedAt = now
        if task.due != original.due { task.dueSetAt = now }
        task = try Self.checked(task, which: "Task \(original.id)")
        try update.execute(arguments: TaskRow.arguments(for: task) + [original.id])
        if task.snoozedUntil != original.snoozedUntil {
            try TaskRow.saveSnooze(db, taskID: original.id, until: task.snoozedUntil)
        }
        // An alarm relative to the due moves with it (each occurrence's own).
        if !(task.alarms.isEmpty && original.alarms.isEmpty),
           task.alarms != original.alarms || task.due != original.due || task.start != original.start
            || task.isCompleted != original.isCompleted {
            try TaskRow.saveAlarmIndex(db, of: task)
        }
        if task.tags != original.tags { try TaskRow.saveTagIndex(db, of: task, replacing: true) }
        return task
    }

    /// Sets the rows by which a task just inserted is found: by its alarms
    /// and by its tags.
    static func saveIndexes(_ db: Database, ofNew task: TodoTask) throws {
        if !task.alarms.isEmpty { try TaskRow.saveAlarmIndex(db, of: task) }
        if !task.tags.isEmpty { try TaskRow.saveTagIndex(db, of: task, replacing: false) }
    }

    /// Deletes the tasks with these ids and returns how many there were; ids
    /// without a task are skipped.
    ///
    /// Their ids are never given to another task.
    public func delete(ids: [Int64], now: Date) throws -> Int {
        try write { db in
            let entry = try Journal.begin(db, action: .delete, author: author, at: now)
            try Journal.keepBefore(db, entry: entry, ids: ids)
            var deleted = 0
            for chunk in Self.chunked(ids) {
                try db.execute(
                    sql: "DELETE FROM task WHERE id IN (\(Self.placeholders(chunk.count)))",
                    arguments: StatementArguments(chunk)
                )
                deleted += db.changesCount
            }
            try Journal.finish(db, entry: entry)
            return deleted
        }
    }

    /// Deletes every completed task and returns how many there were.
    public func deleteCompleted(now: Date) throws -> Int {
        try write { db in
            let entry = try Journal.begin(db, action: .clear, author: author, at: now)
            try Journal.keepBefore(db, entry: entry, ids: try Int64.fetchAll(db, sql: "SELECT id FROM task WHERE completed_at IS NOT NULL"))
            try db.execute(sql: "DELETE FROM task WHERE completed_at IS NOT NULL")
            let deleted = db.changesCount
            try Journal.finish(db, entry: entry)
            return deleted
        }
    }

    /// The task a draft describes, before the store gives it an id.
    static func newTask(from draft: TaskDraft, now: Date) -> TodoTask {
        TodoTask(
            id: 0,
            title: draft.title,
            notes: draft.notes,
            tags: draft.tags,
            priority: draft.priority,
            due: draft.due,
            completedAt: draft.completedAt,
            createdAt: draft.createdAt ?? now,
            updatedAt: now,
            dueSetAt: now,
            reminderOn: draft.reminderOn,
            snoozedUntil: draft.snoozedUntil,
            repeating: draft.repeating,
            list: draft.list,
            acknowledgedAt: draft.acknowledgedAt,
            alarms: draft.alarms,
            remindDefaults: draft.remindDefaults,
            start: draft.start,
            parentID: draft.parentID
        )
    }

    /// The task with its text fields tidied by the rules of `TaskFields`.
    ///
    /// Drafts are checked when they are made, but their fields are mutable,
    /// and `modify` hands out whole tasks: the store checks again so that it
    /// never holds an empty title or category.
    static func checked(_ task: TodoTask, which: @autoclosure () -> String) throws(StoreError) -> TodoTask {
        var task = task
        do {
            task.title = try TaskFields.title(task.title)
            if let first = task.tags.first { _ = try TaskFields.category(first) }
            task.tags = try TaskTags.normalized(task.tags)
        } catch {
            throw .invalidTask(which: which(), problem: error)
        }
        task.notes = TaskFields.notes(task.notes)
        return task
    }
}
