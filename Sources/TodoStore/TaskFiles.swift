import FoundationEssentials
import TodoCore

/// The store's side of syncing with iCalendar folders, within one write
/// transaction (`TaskStore.withTaskFiles`): the files it knows, the tasks
/// they hold, and the writes a sync makes.
///
/// Reading a file in and writing a changed task out happen inside that
/// transaction, with the file work between the reads and writes here: a
/// daemon and a command syncing at once take turns, so one never sees the
/// other's file without the etag that says it is the store's own.
public struct TaskFiles {
    let db: Database
    let now: Date

    /// The files the store knows in `folder`, by name: a scan compares
    /// every file's etag, and reads the versions (`versions(taskID:)`) only
    /// of the few that changed.
    public func files(in folder: String) throws -> [String: TaskFile] {
        var files: [String: TaskFile] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT task_id, name, uid, etag FROM task_file WHERE folder = ? AND name IS NOT NULL
            """, arguments: [folder])
        while let row = try rows.next() {
            let name: String = try row[1]
            files[name] = try TaskFile(taskID: row[0], folder: folder, name: name, uid: row[2], etag: row[3])
        }
        return files
    }

    /// The etag of `folder`'s directory as the last scan that remembered it
    /// found it (`folder_scan`); nil when none did.
    public func scannedEtag(of folder: String) throws -> String? {
        try String.fetchOne(db, sql: "SELECT etag FROM folder_scan WHERE folder = ?", arguments: [folder])
    }

    /// Remembers the etag of `folder`'s directory as a scan found it, or
    /// forgets it (nil).
    public func setScannedEtag(_ etag: String?, of folder: String) throws {
        if let etag {
            try db.execute(sql: "INSERT OR REPLACE INTO folder_scan (folder, etag) VALUES (?, ?)", arguments: [folder, etag])
        } else {
            try db.execute(sql: "DELETE FROM folder_scan WHERE folder = ?", arguments: [folder])
        }
    }

    /// The file that holds the task with this UID, in any folder.
    public func file(uid: String) throws -> TaskFile? {
        try fetch("WHERE uid = ?", [uid]).first
    }

    /// The file row of a task.
    public func file(taskID: Int64) throws -> TaskFile? {
        try fetch("WHERE task_id = ?", [taskID]).first
    }

    /// The files whose tasks changed (or were added or deleted) since they
    /// were last written.
    public func pending() throws -> [TaskFile] {
        try fetch("INDEXED BY task_file_pending WHERE dirty = 1 ORDER BY task_id", [])
    }

    /// The task with this id, if it is still there.
    public func task(id: Int64) throws -> TodoTask? {
        try TaskRow.fetchAll(db, sql: "SELECT \(TaskRow.selection) FROM task WHERE id = ?", arguments: [id]).first
    }

    /// Adds a task read from a file, and records that file as written.
    /// Returns the task with its id.
    public func add(_ task: TodoTask, file: TaskFile) throws -> TodoTask {
        var task = try TaskStore.checked(task, which: "The task in \(file.name ?? file.folder)")
        try db.cachedStatement(sql: TaskRow.insertSQL).execute(arguments: TaskRow.arguments(for: task))
        task.id = db.lastInsertedRowID
        if let until = task.snoozedUntil { try TaskRow.saveSnooze(db, taskID: task.id, until: until) }
        try TaskStore.saveIndexes(db, ofNew: task)
        var file = file
        file.taskID = task.id
        try save(file)
        return task
    }

    /// Saves `task` as its file says it now is (by the rules every change of
    /// a task follows, `TaskStore.rewrite`), and records the file as read.
    @discardableResult
    public func replace(_ original: TodoTask, with task: TodoTask, file: TaskFile) throws -> TodoTask {
        let update = try db.cachedStatement(sql: TaskRow.updateSQL)
        let saved = try TaskStore.save(task, over: original, now: now, db, update: update)
        try save(file)
        return saved
    }

    /// Records an occurrence of the task's series completed elsewhere
    /// (`TodoTask.completeOccurrence` moved the task on), for its history.
    public func record(_ completion: Completion, taskID: Int64) throws {
        try TaskStore.record(completion, taskID: taskID, db)
    }

    /// Deletes a task whose file is gone, with its file row.
    public func deleteTask(id: Int64) throws {
        try db.execute(sql: "DELETE FROM task WHERE id = ?", arguments: [id])
        try forget(taskID: id)
    }

    /// Records a task's file as it is now: written or read, nothing pending.
    public func save(_ file: TaskFile) throws {
        // An upsert, not a replace: the parent UID the file names stays
        // (`setParentUID`).
        try db.cachedStatement(sql: """
            INSERT INTO task_file (task_id, folder, name, uid, etag, dirty) VALUES (?, ?, ?, ?, ?, 0)
            ON CONFLICT (task_id) DO UPDATE SET folder = excluded.folder, name = excluded.name, uid = excluded.uid,
                etag = excluded.etag, dirty = 0
            """).execute(arguments: [file.taskID, file.folder, file.name, file.uid, file.etag])
    }

    /// Marks a task's file as behind its task, for the next write-out.
    public func markPending(taskID: Int64) throws {
        try db.execute(sql: "UPDATE task_file SET dirty = 1 WHERE task_id = ?", arguments: [taskID])
    }

    /// Forgets a task's file: its task is gone, or it has no file any more.
    public func forget(taskID: Int64) throws {
        try db.execute(sql: "DELETE FROM task_file WHERE task_id = ?", arguments: [taskID])
        try db.execute(sql: "DELETE FROM task_file_version WHERE task_id = ?", arguments: [taskID])
    }

    /// The versions of the task's file this store has seen, read in or
    /// written here, oldest first.
    public func versions(taskID: Int64) throws -> [TaskFileVersion] {
        try Row.fetchAll(db, sql: "SELECT \(Self.versionColumns) FROM task_file_version WHERE task_id = ? ORDER BY id", arguments: [taskID])
            .map(Self.version)
    }

    /// The newest version of the task's file this store has seen.
    public func lastVersion(taskID: Int64) throws -> TaskFileVersion? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Self.versionColumns) FROM task_file_version WHERE task_id = ? ORDER BY id DESC LIMIT 1"),
                         arguments: [taskID])
            .map(Self.version)
    }

    /// Records a version of the task's file, read in or written here. The
    /// oldest go beyond `versionsKept` versions, or beyond `bytesKept` of
    /// content in all (the newest is kept whatever its size): the caller's
    /// bounds (FolderSync's, `MergeBase.versionsKept`).
    public func record(_ version: TaskFileVersion, taskID: Int64, versionsKept: Int, bytesKept: Int) throws {
        try db.cachedStatement(sql: "INSERT INTO task_file_version (task_id, written, is_file, content) VALUES (?, ?, ?, ?)")
            .execute(arguments: [taskID, version.writtenHere, version.isFile, Data(version.content)])
        var total = 0
        let sizes = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT id, length(content) FROM task_file_version WHERE task_id = ? ORDER BY id DESC
            """), arguments: [taskID])
        for (index, row) in sizes.enumerated() {
            total += try row[1] as Int
            if index > 0, index >= versionsKept || total > bytesKept {
                try db.cachedStatement(sql: "DELETE FROM task_file_version WHERE task_id = ? AND id <= ?").execute(arguments: [taskID, row[0] as Int64])
                break
            }
        }
    }

    /// Replaces a version carried over as a file (`TaskFileVersion.isFile`)
    /// by what a merge needs of it, once it has been read.
    public func replaceContent(ofVersion id: Int64, with content: [UInt8]) throws {
        try db.execute(sql: "UPDATE task_file_version SET content = ?, is_file = 0 WHERE id = ?", arguments: [Data(content), id])
    }

    private static let versionColumns = "id, content, is_file, written"

    private static func version(_ row: Row) throws -> TaskFileVersion {
        try TaskFileVersion(id: row[0], content: [UInt8](row[1] as Data), isFile: row[2], writtenHere: row[3])
    }

    private func fetch(_ clause: String, _ arguments: StatementArguments) throws -> [TaskFile] {
        // A few clauses, each asked once a file: prepared once.
        try Row.fetchAll(db.cachedStatement(sql: "SELECT task_id, folder, name, uid, etag FROM task_file \(clause)"), arguments: arguments)
            .map { row in try TaskFile(taskID: row[0], folder: row[1], name: row[2], uid: row[3], etag: row[4]) }
    }
}

extension TaskStore {
    /// Runs `body` with the store's files in one write transaction: all of
    /// it is saved when it returns, none when it throws.
    public func withTaskFiles<T>(now: Date, _ body: (TaskFiles) throws -> T) throws -> T {
        try write { db in try body(TaskFiles(db: db, now: now)) }
    }

    /// Runs `body` with the store's files in a read transaction: only its
    /// reading methods can be used (`sync --check`).
    public func readingTaskFiles<T>(_ body: (TaskFiles) throws -> T) throws -> T {
        try read { db in try body(TaskFiles(db: db, now: .distantPast)) }
    }

    /// How many tasks each list holds, open and in all, by folder path (the
    /// local list under nil).
    public func listCounts() throws -> [String?: (open: Int, total: Int)] {
        try read { db in
            var counts: [String?: (open: Int, total: Int)] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT list, count(*) FILTER (WHERE completed_at IS NULL), count(*) FROM task GROUP BY list
                """) {
                try counts[row[0] as String?] = (row[1], row[2])
            }
            return counts
        }
    }

    /// Whether any task's file waits to be written (a sync left undone).
    public func hasPendingFiles() throws -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM task_file INDEXED BY task_file_pending WHERE dirty = 1)") ?? false
        }
    }

    /// Gives each task waiting for its first file a UID from `make`, in a
    /// transaction of its own, before any file is written.
    ///
    /// A write-out is one transaction: killed halfway, the files it wrote
    /// stay while the store forgets writing them. Named by a UID the store
    /// kept, each is then read in as its own task's file, not as a task of
    /// its own beside it (an import killed after 305 files once left 304
    /// tasks twice).
    public func giveNewFilesUIDs(_ make: () -> String) throws {
        let waiting = try read { db in
            try Int64.fetchAll(db, sql: """
                SELECT task_id FROM task_file INDEXED BY task_file_pending WHERE dirty = 1 AND uid IS NULL AND name IS NULL
                """)
        }
        guard !waiting.isEmpty else { return }
        try write { db in
            let naming = try db.cachedStatement(sql: "UPDATE task_file SET uid = ? WHERE task_id = ? AND uid IS NULL")
            for id in waiting { try naming.execute(arguments: [make(), id]) }
        }
    }
}

extension TaskFiles {
    /// Records fields changed on both sides, settled by keeping one side's values.
    public func recordConflict(taskID: Int64, fields: [String], keptHere: Bool) throws {
        try db.execute(
            sql: "INSERT INTO sync_conflict (task_id, at, fields, kept) VALUES (?, ?, ?, ?)",
            arguments: [taskID, now.timeIntervalSince1970, fields.joined(separator: ","), keptHere ? "here" : "there"]
        )
    }
}

/// Fields of a task changed both here and elsewhere, and whose values a merge kept.
public struct SyncConflict: Hashable, Sendable {
    public var taskID: Int64
    public var at: Date
    public var fields: [String]
    public var keptHere: Bool
}

extension TaskStore {
    /// The conflicts merges settled, newest first.
    public func syncConflicts(limit: Int) throws -> [SyncConflict] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT task_id, at, fields, kept FROM sync_conflict ORDER BY at DESC, id DESC LIMIT ?", arguments: [limit])
                .map { row in
                    try SyncConflict(
                        taskID: row[0], at: Date(timeIntervalSince1970: row[1]),
                        fields: (row[2] as String).split(separator: ",").map(String.init), keptHere: (row[3] as String) == "here"
                    )
                }
        }
    }
}
