import FoundationEssentials
import CSQLite
import TodoCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The conversions between a `TodoTask` and a row of the `task` table.
///
/// Rows are decoded by column position from a fixed selection, with SQLite's
/// own column accessors on the statement (`Columns`), so listing 100,000
/// tasks costs no dictionary, name lookup or generic conversion per row.
enum TaskRow {
    /// The columns read for a task, in the order `task(from:)` decodes them,
    /// for a query whose FROM clause names the `task` table. The last is the
    /// task's snooze, looked up by its primary key.
    static let selection = columns + ", (SELECT snoozed.\(TaskColumn.snoozedUntil.name) FROM snooze AS snoozed WHERE snoozed.task_id = task.id)"

    /// `selection` with NULL for the snooze, for reading many tasks whose
    /// snoozes are filled in from one read of the small `snooze` table
    /// (`fillSnoozes`) instead of a lookup per task.
    static let selectionWithoutSnoozes = columns + ", NULL"

    private static let columns = TaskColumn.allCases.filter { $0 != .snoozedUntil }.map { "task." + $0.name }.joined(separator: ", ")

    /// Sets the tasks' snoozes from the `snooze` table.
    static func fillSnoozes(_ tasks: inout [TodoTask], _ db: Database) throws {
        let snoozes = try snoozes(db)
        guard !snoozes.isEmpty else { return }
        for index in tasks.indices {
            tasks[index].snoozedUntil = snoozes[tasks[index].id]
        }
    }

    /// Every snooze's instant by task id: the `snooze` table, small, read whole.
    static func snoozes(_ db: Database) throws -> [Int64: Date] {
        var snoozes: [Int64: Date] = [:]
        try forEach(db, sql: "SELECT task_id, until FROM snooze", arguments: []) { statement in
            let columns = Columns(statement: statement)
            if let id = columns.int64(0), let until = try instant(columns.double(1), "snooze.until", taskID: id) {
                snoozes[id] = until
            }
            return true
        }
        return snoozes
    }

    /// The columns every insert and update writes (all but `id`), in the
    /// order of `arguments(for:)`.
    static let writtenColumns = TaskColumn.written.map(\.name) + TaskKeyColumn.allCases.map(\.name)

    static let insertSQL = """
        INSERT INTO task (\(writtenColumns.joined(separator: ", ")))
        VALUES (\(writtenColumns.map { _ in "?" }.joined(separator: ", ")))
        """

    /// Updates every written column of the task whose id is the last argument.
    static let updateSQL = """
        UPDATE task SET \(writtenColumns.map { "\($0) = ?" }.joined(separator: ", "))
        WHERE id = ?
        """

    /// A due as the store keeps it in two columns (the task's due, a
    /// series' start, a completed occurrence): a day as `YYYY-MM-DD`, or an
    /// instant in seconds since 1970; both NULL for none.
    static func columns(of due: Due?) -> (day: String?, time: Double?) {
        switch due {
        case .day(let day): (day.description, nil)
        case .time(let instant): (nil, instant.timeIntervalSince1970)
        case nil: (nil, nil)
        }
    }

    /// The due two such column values hold; nil when both are NULL.
    static func due(day: String?, time: Double?) -> Due? {
        day.flatMap(LocalDay.init(iso:)).map(Due.day) ?? time.map { .time(Date(timeIntervalSince1970: $0)) }
    }

    /// The values of `writtenColumns` for a task, folded keys included.
    static func arguments(for task: TodoTask) -> StatementArguments {
        var values: [DatabaseValue] = []
        values.reserveCapacity(writtenColumns.count)
        append(task, to: &values)
        return StatementArguments(values)
    }

    /// Appends the values of `writtenColumns` for a task to `values`: an
    /// import puts many rows' values in one statement (`RowBatch`).
    static func append(_ task: TodoTask, to values: inout [DatabaseValue]) {
        let due = columns(of: task.due)
        let start = columns(of: task.repeating?.start)
        let begins = columns(of: task.start)
        for column in TaskColumn.written {
            values.append(value(of: column, task, due: due, repeatStart: start, start: begins))
        }
        for key in TaskKeyColumn.allCases {
            values.append(value(of: key, task))
        }
    }

    /// What `column` holds for `task`; `due`, `repeatStart` and `start` are
    /// the task's dues as their two columns each (`columns(of:)`).
    private static func value(
        of column: TaskColumn, _ task: TodoTask, due: (day: String?, time: Double?), repeatStart: (day: String?, time: Double?),
        start: (day: String?, time: Double?)
    ) -> DatabaseValue {
        switch column {
        case .id: task.id.databaseValue
        case .title: task.title.databaseValue
        case .notes: task.notes.databaseValue
        case .category: task.category.databaseValue
        case .priority: task.priority.rank.databaseValue
        case .dueDay: due.day.databaseValue
        case .dueTime: due.time.databaseValue
        case .completedAt: task.completedAt?.timeIntervalSince1970.databaseValue ?? .null
        case .createdAt: task.createdAt.timeIntervalSince1970.databaseValue
        case .updatedAt: task.updatedAt.timeIntervalSince1970.databaseValue
        case .reminder: task.reminderOn.databaseValue
        case .dueSetAt: task.dueSetAt.timeIntervalSince1970.databaseValue
        case .repeatRule: task.repeating?.rule.databaseValue ?? .null
        case .repeatFrom: task.repeating?.from.rawValue.databaseValue ?? .null
        case .repeatZone: task.repeating?.zone.databaseValue ?? .null
        case .repeatStartDay: repeatStart.day.databaseValue
        case .repeatStartTime: repeatStart.time.databaseValue
        case .repeatDone: (task.repeating?.completedCount ?? 0).databaseValue
        case .list: task.list.databaseValue
        case .acknowledgedAt: task.acknowledgedAt?.timeIntervalSince1970.databaseValue ?? .null
        case .alarms: alarmsText(task.alarms).databaseValue
        case .remindDefaults: task.remindDefaults.databaseValue
        case .repeatStartWall: task.repeating?.startWall?.description.databaseValue ?? .null
        case .tags: tagsText(task.tags).databaseValue
        case .startDay: start.day.databaseValue
        case .startTime: start.time.databaseValue
        case .parentID: task.parentID.databaseValue
        case .snoozedUntil: task.snoozedUntil?.timeIntervalSince1970.databaseValue ?? .null
        }
    }

    /// What a derived column holds for `task`.
    private static func value(of key: TaskKeyColumn, _ task: TodoTask) -> DatabaseValue {
        switch key {
        case .dueKey: task.due?.sortKey.databaseValue ?? .null
        case .titleKey: UnicodeFolding.fold(task.title).databaseValue
        case .notesKey: task.notes.map(UnicodeFolding.fold).databaseValue
        case .categoryKey: UnicodeFolding.foldCase(task.category).databaseValue
        }
    }

    /// Decodes the columns of `selection`, which must come first in the
    /// statement's current row, straight from SQLite's column accessors.
    ///
    /// A `Row` copies each value out and converts it through generic code;
    /// `list` decodes every task of the store, so the handful of column
    /// reads are done here directly.
    ///
    /// - Throws: `UnreadableValue` when a column holds what no version of the
    ///   schema writes, or NULL where a value is required.
    static func task(from statement: SQLiteStatement) throws -> TodoTask {
        var categories = Categories()
        return try task(from: statement, snoozes: nil, categories: &categories)
    }

    /// `task(from:)` for a read of many tasks.
    ///
    /// - Parameters:
    ///   - snoozes: every snooze by task id (`snoozes(_:)`), for a selection
    ///     without them; nil to read the task's from its column.
    ///   - categories: the categories met so far in the read.
    static func task(from statement: SQLiteStatement, snoozes: [Int64: Date]?, categories: inout Categories) throws -> TodoTask {
        let columns = Columns(statement: statement)
        let id = columns.int64(TaskColumn.id.position) ?? 0
        // NOT NULL columns are checked for NULL all the same: a damaged or
        // hand-edited file must fail with a sentence, not decode as zeros.
        func required<Value>(_ value: Value?, _ column: String) throws -> Value {
            guard let value else { throw UnreadableValue(taskID: id, column: column, value: "NULL") }
            return value
        }
        let rank = try required(columns.int64(TaskColumn.priority.position), "priority")
        guard let priority = Priority(rank: Int(rank)) else {
            throw UnreadableValue(taskID: id, column: "priority", value: String(rank))
        }
        let due = try Self.due(dayColumn: TaskColumn.dueDay.position, timeColumn: TaskColumn.dueTime.position, of: columns, taskID: id)
        // No address: NULL (`Columns.bytes`).
        let categoryBytes = columns.bytes(TaskColumn.category.position)
        guard categoryBytes.baseAddress != nil else { throw UnreadableValue(taskID: id, column: "category", value: "NULL") }
        let category = categories.category(categoryBytes)
        return TodoTask(
            id: try required(columns.int64(TaskColumn.id.position), "id"),
            title: try required(columns.text(TaskColumn.title.position), "title"),
            notes: columns.text(TaskColumn.notes.position),
            tags: tags(fromBytes: columns.bytes(TaskColumn.tags.position), category: category.category, alone: category.alone),
            priority: priority,
            due: due,
            completedAt: try Self.instant(columns.sparseDouble(TaskColumn.completedAt.position), "completed_at", taskID: id),
            createdAt: try required(try Self.instant(columns.double(TaskColumn.createdAt.position), "created_at", taskID: id), "created_at"),
            updatedAt: try required(try Self.instant(columns.double(TaskColumn.updatedAt.position), "updated_at", taskID: id), "updated_at"),
            // NULL only in a row no version since v5 wrote, which the
            // migration filled: read as its last update, the old rule.
            dueSetAt: try Self.instant(columns.double(TaskColumn.dueSetAt.position), "due_set_at", taskID: id),
            reminderOn: try required(columns.int64(TaskColumn.reminder.position), "reminder") != 0,
            snoozedUntil: try snoozes.map { $0[id] } ?? Self.instant(columns.double(TaskColumn.snoozedUntil.position), "snooze.until", taskID: id),
            repeating: try repeating(of: columns, taskID: id),
            list: columns.text(TaskColumn.list.position),
            acknowledgedAt: try Self.instant(columns.sparseDouble(TaskColumn.acknowledgedAt.position), "acknowledged_at", taskID: id),
            alarms: try alarms(fromText: columns.text(TaskColumn.alarms.position), taskID: id),
            remindDefaults: columns.int64(TaskColumn.remindDefaults.position).map { $0 != 0 } ?? true,
            start: try Self.due(dayColumn: TaskColumn.startDay.position, timeColumn: TaskColumn.startTime.position, named: ("start_day", "start_time"), of: columns, taskID: id),
            parentID: columns.sparseInt64(TaskColumn.parentID.position)
        )
    }

    /// A task's tags as the `tags` column keeps them: separated by
    /// `TaskTags.separator`; NULL for none.
    static func tagsText(_ tags: [String]) -> String? {
        tags.isEmpty ? nil : tags.joined(separator: String(TaskTags.separator))
    }

    /// The tags `tagsText` wrote, with the category column as their first:
    /// a version before tags (a daemon still running through an upgrade)
    /// writes the category alone, which then holds.
    static func tags(fromText text: String?, category: String) -> [String] {
        guard var text else { return tags(fromBytes: UnsafeBufferPointer(start: nil, count: 0), category: category, alone: [category]) }
        return text.withUTF8 { tags(fromBytes: $0, category: category, alone: [category]) }
    }

    /// `tags(fromText:category:)` of the column's bytes as SQLite holds
    /// them (`Columns.bytes`), which are no address for NULL: `list`
    /// decodes every task, and a tag's `String` is made from its bytes
    /// directly, not from the column's as a whole and then split.
    ///
    /// - Parameter alone: `[category]`, which a read of many tasks shares
    ///   between those that have it alone (`Categories`).
    static func tags(fromBytes bytes: UnsafeBufferPointer<UInt8>, category: String, alone: [String]) -> [String] {
        // Most tasks: no tag but the default category, or one tag, the
        // category; these take no splitting.
        guard bytes.baseAddress != nil else {
            return category == TodoTask.defaultCategory ? [] : TaskTags.settingCategory(category, of: [])
        }
        if Self.bytes(bytes, equal: category) { return alone }
        var tags: [String] = []
        tags.reserveCapacity(1 + bytes.count { $0 == TaskTags.separatorByte })
        var start = 0
        for end in 0...bytes.count where end == bytes.count || bytes[end] == TaskTags.separatorByte {
            // Empty ones are no tags (`split`).
            if end > start {
                let tag = UnsafeBufferPointer(rebasing: bytes[start..<end])
                tags.append(tags.isEmpty && Self.bytes(tag, equal: category) ? category : String(decoding: tag, as: UTF8.self))
            }
            start = end + 1
        }
        guard tags.first != category else { return tags }
        return TaskTags.settingCategory(category, of: tags)
    }

    /// Whether `bytes` are `text`'s UTF-8.
    private static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, equal text: String) -> Bool {
        var text = text
        return text.withUTF8 { text in
            guard text.count == bytes.count, let left = text.baseAddress, let right = bytes.baseAddress else { return text.count == bytes.count }
            return memcmp(left, right, bytes.count) == 0
        }
    }

    /// Sets the rows by which tasks are found by tag (`task_tag`).
    static func saveTagIndex(_ db: Database, of task: TodoTask, replacing: Bool) throws {
        if replacing {
            try db.cachedStatement(sql: "DELETE FROM task_tag WHERE task_id = ?").execute(arguments: [task.id])
        }
        guard !task.tags.isEmpty else { return }
        let insert = try db.cachedStatement(sql: "INSERT OR IGNORE INTO task_tag (tag_key, task_id) VALUES (?, ?)")
        for tag in task.tags { try insert.execute(arguments: [TaskTags.key(tag), task.id]) }
    }

    /// The task's repeat from its columns; nil for a one-off task.
    static func repeating(of columns: Columns, taskID: Int64) throws -> TaskRepeat? {
        guard let rule = columns.text(TaskColumn.repeatRule.position) else { return nil }
        let fromText = columns.text(TaskColumn.repeatFrom.position) ?? RepeatFrom.due.rawValue
        guard let from = RepeatFrom(rawValue: fromText) else {
            throw UnreadableValue(taskID: taskID, column: "repeat_from", value: fromText)
        }
        guard let start = try due(dayColumn: TaskColumn.repeatStartDay.position, timeColumn: TaskColumn.repeatStartTime.position,
                              named: ("repeat_start_day", "repeat_start_time"), of: columns, taskID: taskID) else {
            throw UnreadableValue(taskID: taskID, column: "repeat_start_day", value: "NULL")
        }
        let wallText = columns.text(TaskColumn.repeatStartWall.position)
        let startWall = try wallText.map { text in
            guard let reading = WallReading(iso: text) else {
                throw UnreadableValue(taskID: taskID, column: "repeat_start_wall", value: text)
            }
            return reading
        }
        return TaskRepeat(rule: rule, from: from, zone: columns.text(TaskColumn.repeatZone.position), start: start, startWall: startWall,
                          completedCount: Int(columns.int64(TaskColumn.repeatDone.position) ?? 0))
    }

    /// The due date held in a day column and a time column; nil when both are NULL.
    static func due(
        dayColumn: Int32, timeColumn: Int32, named names: (day: String, time: String) = ("due_day", "due_time"),
        of columns: Columns, taskID: Int64
    ) throws -> Due? {
        if let text = columns.text(dayColumn) {
            guard let day = LocalDay(iso: text) else {
                throw UnreadableValue(taskID: taskID, column: names.day, value: text)
            }
            return .day(day)
        }
        return try instant(columns.double(timeColumn), names.time, taskID: taskID).map(Due.time)
    }

    /// The seconds since 1970 that a store may hold for an instant: the days
    /// a task may be due on (`LocalDay.earliest...latest`), two days to
    /// spare either side. A value past them (one flipped bit of a REAL) is
    /// damage, refused with the store's sentence before any computation of
    /// days or integers traps on it.
    static let storedInstants: ClosedRange<Double> = -2_209_161_600...253_402_387_200

    /// A stored instant, checked against `storedInstants`; nil for NULL.
    static func instant(_ seconds: Double?, _ column: String, taskID: Int64) throws -> Date? {
        guard let seconds else { return nil }
        guard storedInstants.contains(seconds) else {
            throw UnreadableValue(taskID: taskID, column: column, value: String(seconds))
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// A task's alarms as the `alarms` column keeps them: "-900" (seconds
    /// from the due's anchor), "s-900" (from the start's) or
    /// "@1796140800.5" (an instant), comma-separated; NULL for none.
    static func alarmsText(_ alarms: [TaskAlarm]) -> String? {
        guard !alarms.isEmpty else { return nil }
        return alarms.map { alarm in
            switch alarm {
            case .relative(let seconds): String(seconds)
            case .relativeToStart(let seconds): "s" + String(seconds)
            case .absolute(let instant): "@" + String(instant.timeIntervalSince1970)
            }
        }.joined(separator: ",")
    }

    /// The alarms `alarmsText` wrote.
    static func alarms(fromText text: String?, taskID: Int64) throws -> [TaskAlarm] {
        guard let text else { return [] }
        return try text.split(separator: ",").map { part in
            if part.hasPrefix("@"), let seconds = Double(part.dropFirst()) {
                guard let instant = try instant(seconds, "alarms", taskID: taskID) else { throw UnreadableValue(taskID: taskID, column: "alarms", value: text) }
                return .absolute(instant)
            }
            // Bounded as every way in bounds it (`TaskAlarm.offsets`).
            let offset = part.hasPrefix("s") ? Int(part.dropFirst()) : Int(part)
            guard let seconds = offset, TaskAlarm.offsets.contains(seconds) else {
                throw UnreadableValue(taskID: taskID, column: "alarms", value: text)
            }
            return part.hasPrefix("s") ? .relativeToStart(seconds: seconds) : .relative(seconds: seconds)
        }
    }

    /// Sets the rows by which the daemon finds the task's alarms
    /// (`task_alarm`): one per alarm of an open task, at about its instant.
    static func saveAlarmIndex(_ db: Database, of task: TodoTask) throws {
        try db.cachedStatement(sql: "DELETE FROM task_alarm WHERE task_id = ?").execute(arguments: [task.id])
        guard !task.isCompleted else { return }
        let insert = try db.cachedStatement(sql: "INSERT INTO task_alarm (task_id, key) VALUES (?, ?)")
        for alarm in task.alarms {
            switch alarm {
            case .absolute(let instant):
                try insert.execute(arguments: [task.id, instant.timeIntervalSince1970])
            case .relative(let seconds):
                guard let due = task.due else { continue }
                try insert.execute(arguments: [task.id, anchorKey(of: due) + Double(seconds)])
            case .relativeToStart(let seconds):
                guard let start = task.start ?? task.due else { continue }
                try insert.execute(arguments: [task.id, anchorKey(of: start) + Double(seconds)])
            }
        }
    }

    /// About the instant an alarm relative to `due` counts from: a day's
    /// anchor, its start, is a day before its sort key (give or take the zone).
    private static func anchorKey(of due: Due) -> Double {
        due.isTimed ? due.sortKey : due.sortKey - 86_400
    }

    /// Typed, NULL-aware reads of the current row's columns.
    struct Columns {
        let statement: SQLiteStatement

        func isNull(_ index: Int32) -> Bool {
            sqlite3_column_type(statement, index) == SQLITE_NULL
        }

        // SQLite reads a NULL as 0: only a 0 needs asking which it was,
        // which spares most columns of most rows a call.

        func int64(_ index: Int32) -> Int64? {
            let value = sqlite3_column_int64(statement, index)
            return value == 0 && isNull(index) ? nil : value
        }

        func double(_ index: Int32) -> Double? {
            let value = sqlite3_column_double(statement, index)
            return value == 0 && isNull(index) ? nil : value
        }

        // A column NULL in most rows (when a task was done, its parent) is
        // asked its type first, which then answers alone.

        func sparseInt64(_ index: Int32) -> Int64? {
            isNull(index) ? nil : sqlite3_column_int64(statement, index)
        }

        func sparseDouble(_ index: Int32) -> Double? {
            isNull(index) ? nil : sqlite3_column_double(statement, index)
        }

        /// The column's text as SQLite holds it, valid until the statement
        /// steps; empty, with no address, for NULL.
        func bytes(_ index: Int32) -> UnsafeBufferPointer<UInt8> {
            guard let bytes = sqlite3_column_text(statement, index) else { return UnsafeBufferPointer(start: nil, count: 0) }
            return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, index)))
        }

        func text(_ index: Int32) -> String? {
            guard let bytes = sqlite3_column_text(statement, index) else { return nil }
            let count = Int(sqlite3_column_bytes(statement, index))
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }
    }

    /// A stored value this version cannot turn back into a task.
    struct UnreadableValue: Error {
        var taskID: Int64
        var column: String
        var value: String

        var reason: String {
            // A damaged value may be any length: its start names it.
            "task \(taskID) has “\(value.count > 40 ? value.prefix(40) + "…" : value)” in its \(column) column"
        }
    }
}

extension TaskRow {
    /// Sets or removes the task's row in the `snooze` table.
    static func saveSnooze(_ db: Database, taskID: Int64, until: Date?) throws {
        if let until {
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO snooze (task_id, until) VALUES (?, ?)")
                .execute(arguments: [taskID, until.timeIntervalSince1970])
        } else {
            try db.cachedStatement(sql: "DELETE FROM snooze WHERE task_id = ?").execute(arguments: [taskID])
        }
    }

    /// The tasks a query selects, decoded one row at a time from the
    /// statement: no intermediate copy of each row is made.
    static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments) throws -> [TodoTask] {
        var tasks: [TodoTask] = []
        var categories = Categories()
        try forEach(db, sql: sql, arguments: arguments) { statement in
            tasks.append(try task(from: statement, snoozes: nil, categories: &categories))
            return true
        }
        return tasks
    }

    /// Steps through the rows a query selects, calling `body` with the
    /// statement on each row, until `body` returns false or the rows end.
    static func forEach(
        _ db: Database,
        sql: String,
        arguments: StatementArguments,
        _ body: (SQLiteStatement) throws -> Bool
    ) throws {
        let statement = try db.cachedStatement(sql: sql)
        try statement.bind(arguments)
        // Reset whether the rows end or `body` stops them: the read ends with it.
        defer { statement.reset() }
        while try statement.step() {
            guard try body(statement.sqliteStatement) else { return }
        }
    }
}
