import FoundationEssentials
import TodoCore

/// The tasks the daemon plans from: those that can have a reminder in a window.
extension TaskStore {
    /// The open, reminder-on tasks that can have a reminder in `first...last`,
    /// each once: those the reminder-queue index finds by due date, then
    /// those whose snoozes fall in the window.
    public func remindableTasks(withRemindersFrom first: Date, through last: Date) throws -> [TodoTask] {
        let keys = TimeRules.sortKeys(forRemindersFrom: first, through: last)
        let sql = """
            SELECT \(TaskRow.selection) FROM task INDEXED BY task_reminder_queue
            WHERE \(RemindersOnSQL.hasDefaultReminders) AND due_key BETWEEN ? AND ?
            ORDER BY due_key
            """
        return try read { db in
            var tasks = try TaskRow.fetchAll(db, sql: sql, arguments: [keys.lowerBound, keys.upperBound])
            let snoozed = try Self.snoozedTasks(db, from: first, through: last)
            let alarmed = try Self.alarmedTasks(db, from: first, through: last)
            if !snoozed.isEmpty || !alarmed.isEmpty {
                var found = Set(tasks.map(\.id))
                for task in snoozed + alarmed where found.insert(task.id).inserted { tasks.append(task) }
            }
            return tasks
        }
    }

    /// The open, reminder-on tasks with an alarm (`task_alarm`) that can
    /// fall in `first...last`, each once.
    static func alarmedTasks(_ db: Database, from first: Date, through last: Date) throws -> [TodoTask] {
        let sql = """
            SELECT \(TaskRow.selection) FROM task WHERE id IN
                (SELECT task_id FROM task_alarm INDEXED BY task_alarm_by_key WHERE key BETWEEN ? AND ?)
            AND \(RemindersOnSQL.hasReminders)
            """
        return try TaskRow.fetchAll(db, sql: sql, arguments: [
            first.timeIntervalSince1970 - Due.sortKeyZoneSlack, last.timeIntervalSince1970 + Due.sortKeyZoneSlack,
        ])
    }

    /// The open, reminder-on tasks whose alarms come first after `now`:
    /// those of the first `limit` alarm rows from `Due.sortKeyZoneSlack`
    /// before it on (a day due's alarm sits within that of its key), and
    /// of any more within twice that slack of the last, so that keys out
    /// of order by a zone's offset still make it.
    static func alarmedTasks(_ db: Database, after now: Date, limit: Int) throws -> [TodoTask] {
        let low = now.timeIntervalSince1970 - Due.sortKeyZoneSlack
        let keys = try Double.fetchAll(db, sql: """
            SELECT key FROM task_alarm INDEXED BY task_alarm_by_key WHERE key >= ? ORDER BY key LIMIT ?
            """, arguments: [low, limit])
        guard let last = keys.last else { return [] }
        let sql = """
            SELECT \(TaskRow.selection) FROM task WHERE id IN
                (SELECT task_id FROM task_alarm INDEXED BY task_alarm_by_key WHERE key BETWEEN ? AND ?)
            AND \(RemindersOnSQL.hasReminders)
            """
        return try TaskRow.fetchAll(db, sql: sql, arguments: [low, last + 2 * Due.sortKeyZoneSlack])
    }

    /// The first open, reminder-on task due at or before `instant` (in the
    /// order of the reminder queue, with `openRemindableTasks`' slack) for
    /// which `matches` holds; only tasks of `priority` when it is given.
    ///
    /// Tasks are decoded one at a time and the reading stops at the first
    /// match: the daemon asks this on every plan, and a store with thousands
    /// of overdue tasks must not be read whole to learn that one of them
    /// has a reminder coming.
    public func firstOpenRemindableTask(
        dueAtOrBefore instant: Date,
        priority: Priority? = nil,
        where matches: (TodoTask) -> Bool
    ) throws -> TodoTask? {
        let sql = """
            SELECT \(TaskRow.selection) FROM task INDEXED BY task_reminder_queue
            WHERE \(RemindersOnSQL.hasDefaultReminders) AND due_key <= ?\(priority == nil ? "" : " AND priority = ?")
            ORDER BY due_key
            """
        var arguments: StatementArguments = [instant.timeIntervalSince1970 + Due.sortKeyZoneSlack]
        if let priority { arguments += [priority.rank] }
        return try read { db in
            var found: TodoTask?
            try TaskRow.forEach(db, sql: sql, arguments: arguments) { statement in
                let task = try TaskRow.task(from: statement)
                if matches(task) { found = task }
                return found == nil
            }
            return found
        }
    }

    /// The open, reminder-on tasks that can be overdue at `instant`: every one
    /// whose due instant is at or before it, and a few due up to
    /// `Due.sortKeyZoneSlack` later, which `TimeRules.dailyOverdueReminders`
    /// leaves out. Snoozes do not matter here.
    public func openRemindableTasks(dueAtOrBefore instant: Date) throws -> [TodoTask] {
        let sql = """
            SELECT \(TaskRow.selection) FROM task INDEXED BY task_reminder_queue
            WHERE \(RemindersOnSQL.hasDefaultReminders) AND due_key <= ?
            ORDER BY due_key
            """
        return try read { db in
            try TaskRow.fetchAll(db, sql: sql, arguments: [instant.timeIntervalSince1970 + Due.sortKeyZoneSlack])
        }
    }
}
