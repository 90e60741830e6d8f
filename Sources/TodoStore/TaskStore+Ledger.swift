import Foundation
import GRDB
import TodoCore

/// The delivery ledger, and the tasks the daemon plans from.
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

    /// The ledger's records of reminders whose instants fall in `first...last`.
    public func deliveries(from first: Date, through last: Date) throws -> [DeliveryRecord] {
        try read { db in
            try Self.deliveries(db, sql: "SELECT \(Self.deliverySelection) FROM delivery WHERE at BETWEEN ? AND ? ORDER BY at",
                                arguments: [first.timeIntervalSince1970, last.timeIntervalSince1970])
        }
    }

    /// Which of these reminders the ledger has a record of, whatever its
    /// status, looked up by identity: a reminder whose instant moved with
    /// the time zone is found all the same. One sending or failed is the
    /// retries' to show again (`unfinishedDeliveries`, and the retry a
    /// failure schedules), never the plan's to fire afresh.
    public func recorded(_ ids: some Sequence<Reminder.ID>) throws -> Set<Reminder.ID> {
        try read { db in
            let ofTask = try db.cachedStatement(sql: "SELECT 1 FROM delivery WHERE task_id = ? AND kind = ? AND occurrence = ?")
            let ofEvent = try db.cachedStatement(sql: "SELECT 1 FROM delivery WHERE event_id = ? AND kind = ? AND occurrence = ?")
            var found: Set<Reminder.ID> = []
            for id in ids where !found.contains(id) {
                let (statement, ownerID) = switch id.owner {
                case .task(let taskID): (ofTask, taskID)
                case .event(let eventID): (ofEvent, eventID)
                }
                if try Bool.fetchOne(statement, arguments: [ownerID, id.kind.rawValue, id.occurrence.description]) != nil {
                    found.insert(id)
                }
            }
            return found
        }
    }

    /// The records not yet final (sending or failed), oldest first: what a
    /// daemon stopped mid-delivery or between retries left.
    public func unfinishedDeliveries() throws -> [DeliveryRecord] {
        try read { db in
            try Self.deliveries(db, sql: "SELECT \(Self.deliverySelection) FROM delivery WHERE status IN ('sending', 'failed') ORDER BY at",
                                arguments: [])
        }
    }

    /// The task's reminder fired most recently (delivered, or on its way), if any.
    public func lastFiredDelivery() throws -> DeliveryRecord? {
        try read { db in
            try Self.deliveries(db, sql: """
                SELECT \(Self.deliverySelection) FROM delivery
                WHERE task_id IS NOT NULL AND status IN ('sending', 'delivered', 'failed') ORDER BY fired_at DESC LIMIT 1
                """, arguments: []).first
        }
    }

    /// Writes these records, replacing earlier ones of the same reminders, in
    /// one transaction. Records of tasks or events deleted meanwhile are dropped.
    public func record(_ records: [DeliveryRecord]) throws {
        guard !records.isEmpty else { return }
        try write { db in
            let statement = try db.cachedStatement(sql: """
                INSERT OR REPLACE INTO delivery (task_id, event_id, kind, occurrence, at, status, fired_at, attempts, detail)
                SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
                WHERE EXISTS (SELECT 1 FROM task WHERE id = ?1) OR EXISTS (SELECT 1 FROM event WHERE id = ?2)
                """)
            for record in records {
                let reminder = record.reminder
                try statement.execute(arguments: [
                    reminder.owner.taskID, reminder.owner.eventID, reminder.kind.rawValue, reminder.occurrence.description,
                    reminder.at.timeIntervalSince1970,
                    record.status.rawValue, record.firedAt.timeIntervalSince1970, record.attempts, record.detail,
                ])
            }
        }
    }

    private static let deliverySelection = "task_id, event_id, kind, occurrence, at, status, fired_at, attempts, detail"

    private static func deliveries(_ db: Database, sql: String, arguments: StatementArguments) throws -> [DeliveryRecord] {
        try Row.fetchAll(db, sql: sql, arguments: arguments).compactMap { row in
            // A kind or status this version does not know (a newer daemon's) is
            // left alone rather than misread.
            let owner: Reminder.Owner? = if let taskID = row[0] as Int64? { .task(taskID) } else { (row[1] as Int64?).map { .event($0) } }
            guard let owner, let kind = ReminderKind(rawValue: row[2]), let occurrence = Reminder.Occurrence(text: row[3]),
                  let status = DeliveryStatus(rawValue: row[5])
            else {
                return nil
            }
            return DeliveryRecord(
                reminder: Reminder(owner: owner, kind: kind, occurrence: occurrence, at: Date(timeIntervalSince1970: row[4])),
                status: status,
                firedAt: Date(timeIntervalSince1970: row[6]),
                attempts: row[7],
                detail: row[8]
            )
        }
    }
}
