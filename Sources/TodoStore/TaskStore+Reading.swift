import FoundationEssentials
import TodoCore

extension TaskStore {
    /// The task with this id, or nil when there is none.
    public func task(id: Int64) throws -> TodoTask? {
        try read { db in
            try TaskRow.fetchAll(db, sql: "SELECT \(TaskRow.selection) FROM task WHERE id = ?", arguments: [id]).first
        }
    }

    /// The tasks the query selects, ordered by id.
    public func tasks(_ query: TaskQuery) throws -> [TodoTask] {
        var tasks: [TodoTask] = []
        try forEachTask(query) { tasks.append($0) }
        return tasks
    }

    /// Hands `body` the tasks the query selects, ordered by id, each as it
    /// is read: what goes through every task (`export`, `list`) need not
    /// hold them all.
    public func forEachTask(_ query: TaskQuery, _ body: (TodoTask) throws -> Void) throws {
        guard let (conditions, arguments) = Self.filter(query) else { return }
        try read { db in
            let snoozes = try TaskRow.snoozes(db)
            var categories = TaskRow.Categories()
            try TaskRow.forEach(db, sql: Self.selectSQL(where: conditions), arguments: arguments) { statement in
                // Made whole at once: a task set afterwards is copied (whole:
                // a few hundred bytes a task).
                try body(try TaskRow.task(from: statement, snoozes: snoozes, categories: &categories))
                return true
            }
        }
    }

    /// How many tasks the query selects, counted without reading them.
    public func count(_ query: TaskQuery) throws -> Int {
        guard let (conditions, arguments) = Self.filter(query) else { return 0 }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        return try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM task\(filter)", arguments: arguments) ?? 0 }
    }

    /// The SQL conditions (all must hold) and their arguments that select a
    /// query's tasks; nil when it selects none.
    private static func filter(_ query: TaskQuery) -> ([String], StatementArguments)? {
        var conditions: [String] = []
        var arguments = StatementArguments()
        switch (query.includeOpen, query.includeCompleted) {
        case (true, true): break
        // "+": not through task_by_completion. Most tasks of a list are open,
        // and a lookup of each row from that index costs more than reading
        // the table in order and skipping the few done ones.
        case (true, false): conditions.append("+completed_at IS NULL")
        case (false, true): conditions.append("completed_at IS NOT NULL")
        case (false, false): return nil
        }
        if let category = query.category {
            conditions.append("category_key = ?")
            arguments += [UnicodeFolding.foldCase(category)]
        }
        if let priority = query.priority {
            conditions.append("priority = ?")
            arguments += [priority.rank]
        }
        if let list = query.list {
            conditions.append("list = ?")
            arguments += [list]
        }
        for tag in query.tags {
            // Each tag asked for, all of them (the primary key of task_tag).
            conditions.append("id IN (SELECT task_id FROM task_tag WHERE tag_key = ?)")
            arguments += [TaskTags.key(tag)]
        }
        if let search = query.search.map(UnicodeFolding.fold), !search.isEmpty {
            // instr, not LIKE: the text may hold % or _, and the keys are folded already.
            conditions.append("(instr(title_key, ?) > 0 OR instr(notes_key, ?) > 0)")
            arguments += [search, search]
        }
        return (conditions, arguments)
    }

    /// The tasks in `scope` whose title contains `text`, ignoring case and
    /// accents ("cafe" finds "Café"), ordered by id. Notes are not searched;
    /// an empty text matches every task in scope.
    public func tasks(titleContaining text: String, scope: TaskScope) throws -> [TodoTask] {
        var conditions: [String] = []
        switch scope {
        case .open: conditions.append("completed_at IS NULL")
        // A repeating task with a completed occurrence can be reopened too.
        case .completed: conditions.append("(completed_at IS NOT NULL OR repeat_done > 0)")
        case .all: break
        }
        conditions.append("instr(title_key, ?) > 0")
        let arguments: StatementArguments = [UnicodeFolding.fold(text)]
        return try read { db in
            var tasks = try TaskRow.fetchAll(db, sql: Self.selectSQL(where: conditions), arguments: arguments)
            try TaskRow.fillSnoozes(&tasks, db)
            return tasks
        }
    }

    /// How many tasks there are, and how many of them are completed.
    public func taskCounts() throws -> (total: Int, completed: Int) {
        try read { db in
            let row = try Row.fetchOne(db, sql: "SELECT count(*), count(completed_at) FROM task")
            return try (total: row?[0] ?? 0, completed: row?[1] ?? 0)
        }
    }

    /// The next `limit` reminders after `now` across all tasks, earliest first,
    /// read from indexes (see ReminderQueue in TodoCore).
    ///
    /// Walks the `task_reminder_queue` index in sort-key order from the lowest
    /// key that can still have a reminder after `now`, and stops as soon as
    /// the queue says no later task can make the cut, so a store of 100,000
    /// tasks is answered from a handful of rows. Snoozes come from their own
    /// index: the first `limit` after `now`.
    public func nextReminders(timeRules: TimeRules, after now: Date, limit: Int) throws -> [Reminder] {
        guard limit > 0 else { return [] }
        var queue = ReminderQueue(timeRules: timeRules, after: now, limit: limit)
        // INDEXED BY: without statistics SQLite prefers the equality on
        // task_by_completion, which would read every open task and sort them.
        // Naming the index also makes SQLite fail loudly, rather than scan,
        // should the index ever stop matching this WHERE clause.
        // Only what the reminders follow from: the rows are open and
        // reminder-on by the WHERE clause, and the titles are read afterwards
        // for the few that make the cut.
        let sql = """
            SELECT id, due_day, due_time, due_key, start_day, start_time FROM task INDEXED BY task_reminder_queue
            WHERE \(RemindersOnSQL.hasDefaultReminders) AND due_key >= ?
            ORDER BY due_key
            """
        return try read { db in
            try TaskRow.forEach(db, sql: sql, arguments: [queue.lowestSortKey]) { statement in
                let columns = TaskRow.Columns(statement: statement)
                guard let id = columns.int64(0), let sortKey = columns.double(3),
                      queue.wantsTask(withSortKey: sortKey)
                else { return false }
                if let due = try TaskRow.due(dayColumn: 1, timeColumn: 2, of: columns, taskID: id) {
                    queue.offerDue(due, start: try TaskRow.due(dayColumn: 4, timeColumn: 5, named: ("start_day", "start_time"), of: columns, taskID: id), ofTask: id)
                }
                return true
            }
            for task in try Self.snoozedTasks(db, after: now, limit: limit) {
                queue.offerSnooze(of: task)
            }
            for task in try Self.alarmedTasks(db, after: now, limit: limit) {
                queue.offerAlarms(of: task)
            }
            return queue.reminders
        }
    }

    /// The tasks with these ids, by id; ids without a task are left out.
    public func tasks(ids: [Int64]) throws -> [Int64: TodoTask] {
        try read { db in try Self.tasks(db, ids: ids) }
    }

    /// The tasks with these ids, by id, reading a bounded number of ids per
    /// statement so that any number of ids stays under SQLite's limit on
    /// statement arguments.
    static func tasks(_ db: Database, ids: [Int64]) throws -> [Int64: TodoTask] {
        var found: [Int64: TodoTask] = [:]
        for chunk in chunked(ids) {
            let sql = "SELECT \(TaskRow.selection) FROM task WHERE id IN (\(placeholders(chunk.count)))"
            for task in try TaskRow.fetchAll(db, sql: sql, arguments: StatementArguments(chunk)) {
                found[task.id] = task
            }
        }
        return found
    }

    /// `SELECT` of the task columns but their snoozes (see
    /// `TaskRow.fillSnoozes`), filtered by all `conditions`, ordered by id.
    private static func selectSQL(where conditions: [String]) -> String {
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        return "SELECT \(TaskRow.selectionWithoutSnoozes) FROM task\(filter) ORDER BY id"
    }

    /// Slices of at most 500 ids: well under the 999 arguments older SQLite allows.
    static func chunked(_ ids: [Int64]) -> [ArraySlice<Int64>] {
        stride(from: 0, to: ids.count, by: 500).map { ids[$0..<min($0 + 500, ids.count)] }
    }

    /// "?, ?, ?" for `count` arguments.
    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}

extension TaskStore {
    /// Hands `body` an outline of every task (`TaskOutline`), or of those
    /// with these ids, in id order, in one read; the bytes it points to
    /// are valid only during the call.
    public func forEachOutline(ids: [Int64]? = nil, _ body: (TaskOutline) throws -> Void) throws {
        let selection = "SELECT id, due_day, due_time, completed_at, priority, created_at, list, category_key, title, title_key, notes_key, start_day, start_time, parent_id FROM task"
        let statements: [(String, StatementArguments)] = if let ids {
            Self.chunked(ids).map { ("\(selection) WHERE id IN (\(Self.placeholders($0.count))) ORDER BY id", StatementArguments(Array($0))) }
        } else {
            [("\(selection) ORDER BY id", [])]
        }
        try read { db in
            for (sql, arguments) in statements {
                try TaskRow.forEach(db, sql: sql, arguments: arguments) { statement in
                    try body(try Self.outline(TaskRow.Columns(statement: statement)))
                    return true
                }
            }
        }
    }

    /// The outline in the current row of `forEachOutline`'s selection.
    private static func outline(_ columns: TaskRow.Columns) throws -> TaskOutline {
        let id = columns.int64(0) ?? 0
        let rank = Int(columns.int64(4) ?? 1)
        guard let priority = Priority(rank: rank) else {
            throw TaskRow.UnreadableValue(taskID: id, column: "priority", value: String(rank))
        }
        return TaskOutline(
            id: id,
            due: try TaskRow.due(dayColumn: 1, timeColumn: 2, of: columns, taskID: id),
            isCompleted: !columns.isNull(3),
            priority: priority,
            start: try TaskRow.due(dayColumn: 11, timeColumn: 12, named: ("start_day", "start_time"), of: columns, taskID: id),
            parentID: columns.int64(13),
            createdAt: columns.double(5) ?? 0,
            list: columns.bytes(6),
            categoryKey: columns.bytes(7),
            title: columns.bytes(8),
            titleKey: columns.bytes(9),
            notesKey: columns.bytes(10)
        )
    }

    /// Every category in use, by its key (`UnicodeFolding.foldCase`), as first
    /// written (the lowest id's spelling), ordered by key.
    public func categories() throws -> [(key: String, name: String)] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT category_key, category FROM task WHERE id IN (SELECT min(id) FROM task GROUP BY category_key)
                ORDER BY category_key
                """).map { try (key: $0[0], name: $0[1]) }
        }
    }
}
