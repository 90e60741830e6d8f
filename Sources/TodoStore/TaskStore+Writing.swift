import FoundationEssentials
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
    /// One transaction (`bulkWrite`), whose rows go in 32 to a statement
    /// (`RowBatch`): the tasks, then their tags and their origins. The
    /// tasks get the ids AUTOINCREMENT would give them one by one, the next
    /// after the largest ever given, so that a subtask's row names its
    /// parent's id when it is inserted, and the journal keeps them as that
    /// span of ids.
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
        return try bulkWrite(rows: drafts.count) { db in
            let entry = try Journal.begin(db, action: .import, author: author, at: now)
            let firstID = try Self.nextTaskID(db)
            var tasks = RowBatch(db, table: "task", columns: ["id"] + TaskRow.writtenColumns)
            var tags = RowBatch(db, verb: "INSERT OR IGNORE", table: "task_tag", columns: ["tag_key", "task_id"])
            var kept = RowBatch(db, verb: "INSERT OR REPLACE", table: "task_origin", columns: ["task_id", "uid", "item"])
            for chunk in stride(from: 0, to: drafts.count, by: RowBatch.rowsPerStatement) {
                let range = chunk..<min(chunk + RowBatch.rowsPerStatement, drafts.count)
                var saved: [TodoTask] = []
                saved.reserveCapacity(range.count)
                for index in range {
                    var task = try Self.checked(
                        Self.newTask(from: drafts[index], now: now),
                        which: "Draft \(index + 1) of \(drafts.count)"
                    )
                    task.id = firstID + Int64(index)
                    if index < parents.count, let parent = parents[index], parent < drafts.count {
                        task.parentID = firstID + Int64(parent)
                    }
                    tasks.append { values in
                        values.append(task.id.databaseValue)
                        TaskRow.append(task, to: &values)
                    }
                    for tag in task.tags {
                        tags.append { $0 += [TaskTags.key(tag).databaseValue, task.id.databaseValue] }
                    }
                    if index < origins.count, let origin = origins[index] {
                        kept.append { $0 += [task.id.databaseValue, origin.uid.databaseValue, Data(origin.item).databaseValue] }
                    }
                    saved.append(task)
                }
                // The tasks first: the other rows name them.
                try tasks.flush()
                try tags.flush()
                try kept.flush()
                for (offset, task) in saved.enumerated() {
                    let draft = drafts[range.lowerBound + offset]
                    if !task.alarms.isEmpty { try TaskRow.saveAlarmIndex(db, of: task) }
                    for completion in draft.completions {
                        try Self.record(completion, taskID: task.id, db)
                    }
                    if let until = draft.snoozedUntil { try TaskRow.saveSnooze(db, taskID: task.id, until: until) }
                    // Only a task of a folder's list has a file row (made by
                    // the insert's trigger), to be written under the origin's UID.
                    if task.list != nil, range.lowerBound + offset < origins.count, let origin = origins[range.lowerBound + offset] {
                        try Self.nameFile(of: task.id, uid: origin.uid, db)
                    }
                }
            }
            // Every new task was last updated `now` (`newTask`).
            try Journal.keepAdded(db, entry: entry, ids: firstID...(firstID + Int64(drafts.count) - 1), after: now)
            try Journal.finish(db, entry: entry)
            return drafts.count
        }
    }

    /// The id AUTOINCREMENT gives the next task: one more than the largest
    /// ever given (`sqlite_sequence`) or held, whichever is larger.
    static func nextTaskID(_ db: Database) throws -> Int64 {
        let largest = try Int64.fetchOne(db, sql: """
            SELECT max(ifnull((SELECT seq FROM sqlite_sequence WHERE name = 'task'), 0), ifnull((SELECT max(id) FROM task), 0))
            """) ?? 0
        return largest + 1
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
            task.notes = try TaskFields.notes(task.notes)
        } catch {
            throw .invalidTask(which: which(), problem: error)
        }
        return task
    }
}
