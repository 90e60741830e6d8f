import FoundationEssentials
import TodoCore

/// The store's side of subtasks in folders: the parent UID each file names
/// (`task_file.parent_uid`), the UID a parent is named by, and the tasks
/// linked to a parent whose file comes in after theirs.
extension TaskFiles {
    /// The UID of the task's file, given one now when it has none yet (a
    /// task added here whose file is not written: it will be written with
    /// it); nil for a task without a file (of the local list, or gone).
    public func uid(ofTask taskID: Int64) throws -> String? {
        guard let file = try file(taskID: taskID) else { return nil }
        if let uid = file.uid { return uid }
        let uid = UUID().uuidString
        try db.execute(sql: "UPDATE task_file SET uid = ? WHERE task_id = ?", arguments: [uid, taskID])
        return uid
    }

    /// Records the UID the task's file names as its parent, as read or written.
    public func setParentUID(_ uid: String?, taskID: Int64) throws {
        try db.cachedStatement(sql: "UPDATE task_file SET parent_uid = ? WHERE task_id = ? AND parent_uid IS NOT ?")
            .execute(arguments: [uid, taskID, uid])
    }

    /// Makes the task with `parentID` the parent of the tasks whose files name
    /// `uid` as their parent and that have none: their files came in before
    /// the parent's. Their files are not marked for writing, since they say
    /// so already.
    public func linkSubtasks(namingUID uid: String, to parentID: Int64) throws {
        let ids = try Int64.fetchAll(db.cachedStatement(sql: """
            SELECT f.task_id FROM task_file f JOIN task t ON t.id = f.task_id
            WHERE f.parent_uid = ? AND t.parent_id IS NULL AND t.id <> ?
            """), arguments: [uid, parentID])
        try withoutMarking(ids) {
            for id in ids {
                try db.cachedStatement(sql: "UPDATE task SET parent_id = ? WHERE id = ?").execute(arguments: [parentID, id])
            }
        }
    }

    /// The tasks whose files name a parent UID no task's file has, with it:
    /// shown at the top level, for `sync --check` to name.
    public func subtasksOfMissingParents() throws -> [(taskID: Int64, parentUID: String)] {
        try Row.fetchAll(db, sql: """
            SELECT f.task_id, f.parent_uid FROM task_file f
            WHERE f.parent_uid IS NOT NULL AND f.task_id IN (SELECT id FROM task)
              AND NOT EXISTS (SELECT 1 FROM task_file p WHERE p.uid = f.parent_uid)
            ORDER BY f.task_id
            """).map { try ($0[0], $0[1]) }
    }

    /// The tasks of folders whose files were never read for the fields this
    /// version added (tags, start, parent): `fillIn` reads them once.
    public func tasksToFillIn() throws -> [Int64] {
        try Int64.fetchAll(db, sql: "SELECT task_id FROM task_backfill ORDER BY task_id")
    }

    /// Saves the tags, start, parent and alarms its file says of a task
    /// stored before they were kept, and forgets it from `tasksToFillIn`:
    /// not a change made here (its file is not marked for writing, its last
    /// change stays), only what the file said all along.
    public func fillIn(_ task: TodoTask, parentUID: String?) throws {
        try withoutMarking([task.id]) {
            let start = TaskRow.columns(of: task.start)
            try db.execute(sql: """
                UPDATE task SET tags = ?, category = ?, category_key = ?, start_day = ?, start_time = ?, parent_id = ?,
                    alarms = ?, remind_defaults = ? WHERE id = ?
                """, arguments: [
                    TaskRow.tagsText(task.tags), task.category, TaskTags.key(task.category), start.day, start.time, task.parentID,
                    TaskRow.alarmsText(task.alarms), task.remindDefaults, task.id,
                ])
        }
        try TaskRow.saveTagIndex(db, of: task, replacing: true)
        try TaskRow.saveAlarmIndex(db, of: task)
        try setParentUID(parentUID, taskID: task.id)
        try endFillIn(taskID: task.id)
    }

    /// Forgets the task from `tasksToFillIn`.
    public func endFillIn(taskID: Int64) throws {
        try db.execute(sql: "DELETE FROM task_backfill WHERE task_id = ?", arguments: [taskID])
    }

    /// Runs `body`, then puts back the pending marks of these tasks' files
    /// as they were: the triggers mark a file at every change of a task.
    private func withoutMarking(_ ids: [Int64], _ body: () throws -> Void) throws {
        guard !ids.isEmpty else { return }
        var marks: [Int64: Bool] = [:]
        for chunk in TaskStore.chunked(ids) {
            for row in try Row.fetchAll(db, sql: "SELECT task_id, dirty FROM task_file WHERE task_id IN (\(TaskStore.placeholders(chunk.count)))",
                                        arguments: StatementArguments(chunk)) {
                try marks[row[0]] = row[1]
            }
        }
        try body()
        for (id, dirty) in marks {
            try db.execute(sql: "UPDATE task_file SET dirty = ? WHERE task_id = ?", arguments: [dirty, id])
        }
    }
}

extension TaskStore {
    /// Whether a task of one of these folders waits for `TaskFiles.fillIn`:
    /// read only, so that a command with nothing to do opens the store for
    /// reading alone.
    public func hasTasksToFillIn(inFolders folders: [String]) throws -> Bool {
        guard !folders.isEmpty else { return false }
        return try read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM task_backfill b JOIN task_file f ON f.task_id = b.task_id
                               WHERE f.folder IN (\(Self.placeholders(folders.count))))
                """, arguments: StatementArguments(folders)) ?? false
        }
    }
}
