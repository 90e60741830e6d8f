import FoundationEssentials
import TodoCore

/// Snoozes: set with the task's other changes (see `modify`), found from an
/// index of their own instants.
extension TaskStore {
    /// Snoozes the task until `until`, or with nil ends its snooze, in one
    /// transaction, and returns the task as it is now.
    ///
    /// A completed task, or one whose reminder is off, takes no snooze
    /// (`TodoTask.endSnoozeIfChanged(from:)`): the task returned then has
    /// none, and nothing is written.
    ///
    /// - Throws: `StoreError.noSuchTask(id)` when there is no such task.
    ///
    /// A snooze handles the reminders shown so far (`TodoTask.snooze(until:at:)`).
    public func snooze(id: Int64, until: Date?, now: Date) throws -> TodoTask {
        let changed = try modify(ids: [id], now: now, action: until == nil ? .unsnooze : .snooze) { task in
            if let until, task.reminderOn, !task.isCompleted { task.snooze(until: until, at: now) } else { task.snoozedUntil = until }
        }
        guard let task = changed.first else { throw StoreError.noSuchTask(id: id) }
        return task
    }

    /// Records that the user handled the tasks' reminders shown so far (a
    /// bubble dismissed): written to their files as `X-MOZ-LASTACK`, so that
    /// a reminder handled here is handled on every device.
    public func acknowledge(ids: [Int64], at now: Date) throws {
        _ = try rewrite(ids: ids, now: now, action: .dismiss) { _, task in task.acknowledgedAt = now }
    }

    /// The open, reminder-on tasks whose snoozes fall after `now`, the
    /// earliest `limit` of them, in the order of their snoozes.
    static func snoozedTasks(_ db: Database, after now: Date, limit: Int) throws -> [TodoTask] {
        let sql = """
            SELECT \(TaskRow.selection) FROM snooze INDEXED BY snooze_by_until JOIN task ON task.id = snooze.task_id
            WHERE snooze.until > ? AND \(RemindersOnSQL.hasReminders)
            ORDER BY snooze.until LIMIT ?
            """
        return try TaskRow.fetchAll(db, sql: sql, arguments: [now.timeIntervalSince1970, limit])
    }

    /// The open, reminder-on tasks whose snoozes fall in `first...last`.
    static func snoozedTasks(_ db: Database, from first: Date, through last: Date) throws -> [TodoTask] {
        let sql = """
            SELECT \(TaskRow.selection) FROM snooze INDEXED BY snooze_by_until JOIN task ON task.id = snooze.task_id
            WHERE snooze.until BETWEEN ? AND ? AND \(RemindersOnSQL.hasReminders)
            ORDER BY snooze.until
            """
        return try TaskRow.fetchAll(db, sql: sql, arguments: [first.timeIntervalSince1970, last.timeIntervalSince1970])
    }
}
