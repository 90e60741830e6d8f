import FoundationEssentials
import TodoCore

extension TaskStore {
    /// Which of `uids` a task of the store has already: one imported
    /// before (`TaskOrigin`), or one whose list's file has it. A second
    /// import of the same export leaves these alone.
    ///
    /// The smaller side is read whole: the UIDs the store keeps, when they
    /// are no more than those asked about (a first import), each looked up
    /// in a set of those; else those asked about, 500 a statement, each
    /// looked up in both tables' UID indexes (SQLite sorts each 500 into a
    /// table of its own first, which cost 1 µs a UID).
    public func knownUIDs(among uids: [String]) throws -> Set<String> {
        guard !uids.isEmpty else { return [] }
        return try read { db in
            var known = Set<String>()
            let kept = try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM task_origin) + (SELECT count(uid) FROM task_file)") ?? 0
            if kept <= uids.count {
                let asked = Set(uids)
                try TaskRow.forEach(db, sql: "SELECT uid FROM task_origin UNION ALL SELECT uid FROM task_file WHERE uid IS NOT NULL",
                                    arguments: []) { statement in
                    if let uid = TaskRow.Columns(statement: statement).text(0), asked.contains(uid) { known.insert(uid) }
                    return true
                }
                return known
            }
            let chunkSize = 500
            for start in stride(from: 0, to: uids.count, by: chunkSize) {
                let chunk = uids[start..<min(start + chunkSize, uids.count)]
                let marks = (1...chunk.count).map { "?\($0)" }.joined(separator: ", ")
                let statement = try db.cachedStatement(sql: """
                    SELECT uid FROM task_origin WHERE uid IN (\(marks))
                    UNION ALL SELECT uid FROM task_file WHERE uid IN (\(marks))
                    """)
                known.formUnion(try String.fetchAll(statement, arguments: StatementArguments(chunk)))
            }
            return known
        }
    }

    /// Where the task came from, when it was imported.
    public func origin(ofTask id: Int64) throws -> TaskOrigin? {
        try read { db in try Self.origin(db, taskID: id) }
    }

    /// Every imported task's origin, by task id (for `export --format ics`).
    public func origins() throws -> [Int64: TaskOrigin] {
        try read { db in
            var origins: [Int64: TaskOrigin] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT task_id, uid, item FROM task_origin")
            while let row = try rows.next() {
                try origins[row[0]] = TaskOrigin(uid: row[1], item: Array((row[2] as Data?) ?? Data()))
            }
            return origins
        }
    }

    /// The tasks the store knows by these UIDs (imported, or in a list's
    /// file), by UID: `show` names a task's dependencies by them.
    public func taskIDs(uids: [String]) throws -> [String: Int64] {
        guard !uids.isEmpty else { return [:] }
        return try read { db in
            let marks = Self.placeholders(uids.count)
            var ids: [String: Int64] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT uid, task_id FROM task_origin WHERE uid IN (\(marks))
                UNION ALL SELECT uid, task_id FROM task_file WHERE uid IN (\(marks))
                """, arguments: StatementArguments(uids + uids))
            while let row = try rows.next() { try ids[row[0]] = row[1] }
            return ids
        }
    }

    static func origin(_ db: Database, taskID: Int64) throws -> TaskOrigin? {
        try Row.fetchOne(db, sql: "SELECT uid, item FROM task_origin WHERE task_id = ?", arguments: [taskID]).map { row in
            try TaskOrigin(uid: row[0], item: Array((row[1] as Data?) ?? Data()))
        }
    }

    /// Names the file of the new task `taskID` of a folder's list by the
    /// UID of its origin, which its first file is written under.
    static func nameFile(of taskID: Int64, uid: String, _ db: Database) throws {
        try db.cachedStatement(sql: "UPDATE task_file SET uid = ? WHERE task_id = ? AND name IS NULL")
            .execute(arguments: [uid, taskID])
    }
}

extension TaskFiles {
    /// Where the task came from, when it was imported: a new file of a
    /// folder's list starts from it.
    public func origin(taskID: Int64) throws -> TaskOrigin? {
        try TaskStore.origin(db, taskID: taskID)
    }
}
