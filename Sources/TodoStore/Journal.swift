import FoundationEssentials

/// The journal's writes and reads within a transaction of the store: each
/// change a command, the view or a bubble makes to tasks is an entry, with
/// the tasks as they were before it (`journal`, `journal_task`,
/// `journal_completion`), so that `TaskStore.undo` can put them back.
///
/// The tasks are copied row to row in SQL, every column as SQLite holds it:
/// nothing is decoded or re-encoded, so an undo gives back exactly what was
/// there (an instant to the last bit), and clearing thousands of completed
/// tasks costs one statement.
enum Journal {
    /// How many entries are kept; older ones are let go of as new ones come.
    static let limit = 1_000

    /// The columns copied from `task` into `journal_task` and back, besides the id.
    private static let columns = TaskRow.writtenColumns.joined(separator: ", ")

    /// Starts an entry and returns its id.
    static func begin(_ db: Database, action: JournalAction, author: JournalAuthor, at now: Date) throws -> Int64 {
        try db.cachedStatement(sql: "INSERT INTO journal (at, author, session, action) VALUES (?, ?, ?, ?)")
            .execute(arguments: [now.timeIntervalSince1970, author.name, author.session, action.rawValue])
        return db.lastInsertedRowID
    }

    /// Copies the tasks with these ids, as they are now, into the entry:
    /// their rows, snoozes, completions, files' UIDs and origins.
    static func keepBefore(_ db: Database, entry: Int64, ids: some Collection<Int64>) throws {
        for chunk in TaskStore.chunked(Array(ids)) {
            let placeholders = TaskStore.placeholders(chunk.count)
            try db.execute(sql: """
                INSERT OR IGNORE INTO journal_task (entry, id, existed, \(columns), snoozed_until, file_uid, origin_uid, origin_item)
                SELECT ?, task.id, 1, \(columns),
                    (SELECT until FROM snooze WHERE snooze.task_id = task.id),
                    (SELECT uid FROM task_file WHERE task_file.task_id = task.id),
                    task_origin.uid, task_origin.item
                FROM task LEFT JOIN task_origin ON task_origin.task_id = task.id WHERE task.id IN (\(placeholders))
                """, arguments: StatementArguments([entry] + Array(chunk)))
            try db.execute(sql: """
                INSERT INTO journal_completion (entry, task_id, due_day, due_time, completed_at)
                SELECT ?, task_id, due_day, due_time, completed_at FROM completion WHERE task_id IN (\(placeholders))
                """, arguments: StatementArguments([entry] + Array(chunk)))
        }
    }

    /// Notes a task the change made: undoing it deletes the task.
    static func keepAdded(_ db: Database, entry: Int64, id: Int64, title: String) throws {
        try db.cachedStatement(sql: "INSERT INTO journal_task (entry, id, existed, title) VALUES (?, ?, 0, ?)")
            .execute(arguments: [entry, id, title])
    }

    /// Notes the tasks an import made, the span of ids it gave them one
    /// after the other, each `after` as its `updated_at`: undoing the
    /// entry deletes them.
    static func keepAdded(_ db: Database, entry: Int64, ids: ClosedRange<Int64>, after: Date) throws {
        try db.cachedStatement(sql: "INSERT INTO journal_added (entry, first_id, last_id, after) VALUES (?, ?, ?, ?)")
            .execute(arguments: [entry, ids.lowerBound, ids.upperBound, after.timeIntervalSince1970])
    }

    /// Ends an entry once its change is made: records each task's
    /// `updated_at` after it (by which undo tells a later change; an
    /// import's span comes with it), lets go
    /// of the tasks `unchanged` names, of the entry itself when it changed
    /// nothing, and of the entries past `limit`.
    static func finish(_ db: Database, entry: Int64, unchanged: some Collection<Int64> = [Int64]()) throws {
        for chunk in TaskStore.chunked(Array(unchanged)) {
            try db.execute(sql: "DELETE FROM journal_task WHERE entry = ? AND id IN (\(TaskStore.placeholders(chunk.count)))",
                           arguments: StatementArguments([entry] + Array(chunk)))
            try db.execute(sql: "DELETE FROM journal_completion WHERE entry = ? AND task_id IN (\(TaskStore.placeholders(chunk.count)))",
                           arguments: StatementArguments([entry] + Array(chunk)))
        }
        try db.cachedStatement(sql: """
            UPDATE journal_task SET after = (SELECT updated_at FROM task WHERE task.id = journal_task.id) WHERE entry = ? AND after IS NULL
            """).execute(arguments: [entry])
        let kept = try Bool.fetchOne(db.cachedStatement(sql: """
            SELECT EXISTS (SELECT 1 FROM journal_task WHERE entry = ?) OR EXISTS (SELECT 1 FROM journal_added WHERE entry = ?)
            """), arguments: [entry, entry]) ?? false
        if !kept {
            try db.cachedStatement(sql: "DELETE FROM journal WHERE id = ?").execute(arguments: [entry])
        }
        // The entries' rows go by name, not by cascade: an import's
        // transaction runs without foreign keys (`TaskStore.bulkWrite`).
        for table in ["journal_task", "journal_completion", "journal_added"] {
            try db.cachedStatement(sql: "DELETE FROM \(table) WHERE entry <= ?").execute(arguments: [entry - Int64(limit)])
        }
        try db.cachedStatement(sql: "DELETE FROM journal WHERE id <= ?").execute(arguments: [entry - Int64(limit)])
    }

    /// The entry with this id.
    static func entry(_ db: Database, id: Int64) throws -> JournalEntry? {
        guard let row = try Row.fetchOne(db, sql: "SELECT id, at, author, session, action, undone_at FROM journal WHERE id = ?",
                                         arguments: [id]) else { return nil }
        return try entry(db, row: row)
    }

    /// The newest entries first, at most `limit`, made by `author` when given.
    static func entries(_ db: Database, by author: JournalAuthor?, standingOnly: Bool, limit: Int) throws -> [JournalEntry] {
        var conditions: [String] = []
        var arguments = StatementArguments()
        if let author {
            conditions.append("author = ?")
            arguments += [author.name]
            if let session = author.session {
                conditions.append("session = ?")
                arguments += [session]
            }
        }
        if standingOnly { conditions.append("undone_at IS NULL") }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let rows = try Row.fetchAll(db, sql: """
            SELECT id, at, author, session, action, undone_at FROM journal \(filter) ORDER BY id DESC LIMIT ?
            """, arguments: arguments + [limit])
        return try rows.map { try entry(db, row: $0) }
    }

    private static func entry(_ db: Database, row: Row) throws -> JournalEntry {
        let id: Int64 = try row[0]
        var tasks = try Row.fetchAll(db, sql: "SELECT id, title FROM journal_task WHERE entry = ? ORDER BY id", arguments: [id])
            .map { try JournalEntry.TaskName(id: $0[0], title: $0[1]) }
        for span in try spans(db, entry: id) {
            // Titles as they are now: a task gone since has none here.
            var titles: [Int64: String] = [:]
            for task in try Row.fetchAll(db, sql: "SELECT id, title FROM task WHERE id BETWEEN ? AND ?",
                                         arguments: [span.ids.lowerBound, span.ids.upperBound]) {
                try titles[task[0]] = task[1]
            }
            tasks += span.ids.map { JournalEntry.TaskName(id: $0, title: titles[$0]) }
        }
        let authorName: String = try row[2]
        let actionName: String = try row[4]
        guard let author = try JournalAuthor(name: authorName, session: row[3]), let action = JournalAction(rawValue: actionName) else {
            throw TaskRow.UnreadableValue(taskID: 0, column: "journal.author", value: "\(authorName) \(actionName)")
        }
        return try JournalEntry(id: id, at: Date(timeIntervalSince1970: row[1]), author: author, action: action,
                            tasks: tasks, undoneAt: (row[5] as Double?).map(Date.init(timeIntervalSince1970:)))
    }

    /// Puts back the tasks of `entry` as they were before it, and marks it
    /// undone. Refuses, changing nothing, when one of them changed since.
    static func undo(_ db: Database, entry: JournalEntry, at now: Date) throws {
        // Every task is checked before any is touched: all or nothing.
        try refuseIfChangedSince(db, entry: entry)
        for span in try spans(db, entry: entry.id) {
            try db.execute(sql: "DELETE FROM task WHERE id BETWEEN ? AND ?", arguments: [span.ids.lowerBound, span.ids.upperBound])
        }
        let rows = try Row.fetchAll(db, sql: "SELECT id, existed, after, file_uid FROM journal_task WHERE entry = ? ORDER BY id",
                                    arguments: [entry.id])
        // The tasks the change added go, many to a statement: undoing an
        // import of 100,000 tasks one statement each took half a minute.
        let added = try rows.filter { try !($0[1] as Bool) }.map { try $0[0] as Int64 }
        for chunk in TaskStore.chunked(added) {
            try db.execute(sql: "DELETE FROM task WHERE id IN (\(TaskStore.placeholders(chunk.count)))", arguments: StatementArguments(chunk))
        }
        for row in rows where try row[1] as Bool {
            try putBack(db, entry: entry.id, id: row[0], deleted: (row[2] as Double?) == nil, fileUID: row[3])
        }
        try db.execute(sql: "UPDATE journal SET undone_at = ? WHERE id = ?", arguments: [now.timeIntervalSince1970, entry.id])
    }

    /// Throws `UndoRefusal.changedSince` naming the first task of `entry`
    /// whose `updated_at` is not the one after the change, or that is gone.
    private static func refuseIfChangedSince(_ db: Database, entry: JournalEntry) throws {
        if let changed = try Row.fetchOne(db, sql: """
            SELECT journal_task.id, task.title FROM journal_task LEFT JOIN task ON task.id = journal_task.id
            WHERE journal_task.entry = ? AND task.updated_at IS NOT journal_task.after ORDER BY journal_task.id LIMIT 1
            """, arguments: [entry.id]) {
            let id: Int64 = try changed[0]
            throw UndoRefusal.changedSince(entry, taskID: id, title: (try changed[1] as String?) ?? entry.tasks.first { $0.id == id }?.title)
        }
        for span in try spans(db, entry: entry.id) {
            let bounds: StatementArguments = [span.ids.lowerBound, span.ids.upperBound]
            if let changed = try Row.fetchOne(db, sql: """
                SELECT id, title FROM task WHERE id BETWEEN ? AND ? AND updated_at IS NOT ? ORDER BY id LIMIT 1
                """, arguments: bounds + [span.after]) {
                throw try UndoRefusal.changedSince(entry, taskID: changed[0], title: changed[1])
            }
            let present = try Int64.fetchAll(db, sql: "SELECT id FROM task WHERE id BETWEEN ? AND ? ORDER BY id", arguments: bounds)
            if present.count < span.ids.count {
                // The first gone: its title as the change that deleted it kept it, when one did.
                let gone = zip(span.ids, present).first { $0 != $1 }?.0 ?? span.ids.lowerBound + Int64(present.count)
                let title = try String.fetchOne(db, sql: "SELECT title FROM journal_task WHERE id = ? ORDER BY entry DESC LIMIT 1",
                                                arguments: [gone])
                throw UndoRefusal.changedSince(entry, taskID: gone, title: title)
            }
        }
    }

    /// The spans of tasks `entry` added (`keepAdded(_:entry:ids:after:)`),
    /// with the `updated_at` each task had after it.
    private static func spans(_ db: Database, entry: Int64) throws -> [(ids: ClosedRange<Int64>, after: Double)] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT first_id, last_id, after FROM journal_added WHERE entry = ? ORDER BY first_id"),
                         arguments: [entry])
            .compactMap { row in
                let first: Int64 = try row[0], last: Int64 = try row[1]
                return first <= last ? (first...last, try row[2]) : nil
            }
    }

    /// Puts back one task the entry kept as it was: its row (under its own
    /// id when the change `deleted` it), snooze, completions and indexes.
    /// Its statements are kept prepared for the next task: undoing a clear
    /// of thousands of tasks prepared each anew for each.
    private static func putBack(_ db: Database, entry: Int64, id: Int64, deleted: Bool, fileUID: String?) throws {
        let arguments: StatementArguments = [entry, id]
        if deleted {
            // Back under its own id, in a file with its own UID when it had
            // one (named after it), unless its file is still there, not yet
            // removed, which is then rewritten.
            let file = try Row.fetchOne(db.cachedStatement(sql: "SELECT folder, name, uid, etag FROM task_file WHERE task_id = ?"),
                                        arguments: [id])
            try db.cachedStatement(sql: """
                INSERT INTO task (id, \(columns)) SELECT id, \(columns) FROM journal_task WHERE entry = ? AND id = ?
                """).execute(arguments: arguments)
            if let file {
                try db.cachedStatement(sql: "UPDATE task_file SET folder = ?, name = ?, uid = ?, etag = ?, dirty = 1 WHERE task_id = ?")
                    .execute(arguments: StatementArguments(file.values + [id.databaseValue]))
            } else if let fileUID {
                try db.cachedStatement(sql: "UPDATE task_file SET uid = ? WHERE task_id = ? AND name IS NULL").execute(arguments: [fileUID, id])
            }
            // The origin went with the task (ON DELETE CASCADE): it comes back with it.
            try db.cachedStatement(sql: """
                INSERT INTO task_origin (task_id, uid, item)
                SELECT id, origin_uid, origin_item FROM journal_task
                WHERE entry = ? AND id = ? AND origin_uid IS NOT NULL AND origin_item IS NOT NULL
                """).execute(arguments: arguments)
        } else {
            try db.cachedStatement(sql: """
                UPDATE task SET (\(columns)) = (SELECT \(columns) FROM journal_task WHERE entry = ? AND id = ?) WHERE id = ?
                """).execute(arguments: arguments + [id])
        }
        let snooze = try Double.fetchOne(db.cachedStatement(sql: "SELECT snoozed_until FROM journal_task WHERE entry = ? AND id = ?"),
                                         arguments: arguments)
        let currentSnooze = try Double.fetchOne(db.cachedStatement(sql: "SELECT until FROM snooze WHERE task_id = ?"), arguments: [id])
        if snooze != currentSnooze {
            // Only when it differs: a snooze written is a change of the task's file.
            try TaskRow.saveSnooze(db, taskID: id, until: snooze.map(Date.init(timeIntervalSince1970:)))
        }
        try db.cachedStatement(sql: "DELETE FROM completion WHERE task_id = ?").execute(arguments: [id])
        try db.cachedStatement(sql: """
            INSERT INTO completion (task_id, due_day, due_time, completed_at)
            SELECT task_id, due_day, due_time, completed_at FROM journal_completion WHERE entry = ? AND task_id = ?
            """).execute(arguments: arguments)
        if let task = try TaskStore.tasks(db, ids: [id])[id] {
            try TaskRow.saveAlarmIndex(db, of: task)
            try TaskRow.saveTagIndex(db, of: task, replacing: true)
        }
    }
}
