import FoundationEssentials
import TodoCore
import TodoRecurrence

extension TaskStore {
    /// Marks tasks done, as `todo-remind done` and a bubble's Mark done both
    /// do: a one-off task is done; a repeating one moves on to its next
    /// occurrence after the completed one and after `now` (`TaskRepeat.nextDue`),
    /// or is done for good when its series has ended.
    ///
    /// - Parameter zone: the machine's zone now, which says what "today" is.
    /// - Returns: each task as it was and as it is now, in the order given.
    public func markDone(ids: [Int64], at now: Date, in zone: Zone) throws -> [(before: TodoTask, after: TodoTask)] {
        try complete(ids: ids, at: now, clock: WallClock(timeZone: zone)) { task in
            guard let repeating = task.repeating else { return nil }
            return task.due.flatMap { repeating.nextDue(afterCompleting: $0, at: now, in: zone) }
        }
    }

    /// Completes tasks in one transaction, each by `TodoTask.completeOccurrence`
    /// (a one-off done; a repeating one moved on to the due `next` gives, or
    /// done for good; its reminders handled and its snooze ended), and
    /// records each completed occurrence of a series. A task done already is
    /// left as it is. A task whose file repeats by a rule todo-remind cannot
    /// follow is refused (`CompletionRefusal`), and with it the whole call:
    /// nothing is changed.
    ///
    /// - Parameter next: the due after the task's open occurrence, worked
    ///   out by the caller from the rule (TodoRecurrence).
    /// - Returns: each task as it was and as it is now, in the order given.
    func complete(
        ids: [Int64], at now: Date, clock: WallClock, next: (TodoTask) throws -> Due?
    ) throws -> [(before: TodoTask, after: TodoTask)] {
        try rewrite(ids: ids, now: now, action: .done) { db, task in
            guard !task.isCompleted else { return }
            if let rule = try TaskFiles.unfollowedRule(db, taskID: task.id) {
                throw CompletionRefusal.unfollowedRule(taskID: task.id, rule: rule)
            }
            // Done handles every reminder shown so far, on every device.
            if let completion = task.completeOccurrence(at: now, next: try next(task), handledAt: now, clock: clock) {
                try Self.record(completion, taskID: task.id, db)
            }
        }
    }

    /// Reopens tasks in one transaction: a task done for good is open again;
    /// a repeating task goes back to the occurrence it last completed, whose
    /// completion is taken off its history, and its start with it. An open
    /// one-off task is left as it is.
    ///
    /// - Parameter zone: the machine's zone, in which a start moves with the due.
    public func reopen(ids: [Int64], now: Date, in zone: Zone) throws -> [(before: TodoTask, after: TodoTask)] {
        let clock = WallClock(timeZone: zone)
        return try rewrite(ids: ids, now: now, action: .reopen) { db, task in
            if var repeating = task.repeating, repeating.completedCount > 0,
               let last = try Row.fetchOne(db, sql: """
                   SELECT id, due_day, due_time FROM completion WHERE task_id = ? ORDER BY completed_at DESC, id DESC LIMIT 1
                   """, arguments: [task.id]) {
                try db.execute(sql: "DELETE FROM completion WHERE id = ?", arguments: [last[0] as Int64])
                if let due = try TaskRow.due(day: last[1], time: last[2]) {
                    task.moveOccurrence(to: due, clock: clock)
                } else {
                    task.due = nil
                }
                repeating.completedCount -= 1
                task.repeating = repeating
            }
            task.completedAt = nil
        }
    }

    /// Every task's last `limit` completions, latest first, by task id: one
    /// read for a whole listing. Tasks with none are absent.
    public func recentCompletions(limit: Int) throws -> [Int64: [Completion]] {
        try read { db in
            var result: [Int64: [Completion]] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT task_id, due_day, due_time, completed_at FROM completion
                ORDER BY task_id, completed_at DESC, id DESC
                """)
            while let row = try rows.next() {
                let id: Int64 = try row[0]
                guard result[id, default: []].count < limit else { continue }
                let due = try TaskRow.due(day: row[1], time: row[2])
                try result[id, default: []].append(Completion(due: due, at: Date(timeIntervalSince1970: row[3])))
            }
            return result
        }
    }

    /// How many completions `recentCompletions` gives each task.
    public static let recentCompletionCount = 10

    /// Records one completed occurrence of the task's series.
    static func record(_ completion: Completion, taskID: Int64, _ db: Database) throws {
        let (day, time) = TaskRow.columns(of: completion.due)
        try db.execute(sql: "INSERT INTO completion (task_id, due_day, due_time, completed_at) VALUES (?, ?, ?, ?)",
                       arguments: [taskID, day, time, completion.at.timeIntervalSince1970])
    }
}
