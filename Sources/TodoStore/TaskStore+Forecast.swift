import FoundationEssentials
import TodoCore
import TodoRecurrence

extension TaskStore {
    /// The first `limit` own reminders of tasks after `now`
    /// (`nextReminders`), each with its task.
    public func nextTaskReminders(timeRules: TimeRules, after now: Date, limit: Int) throws -> [TaskReminder] {
        let reminders = try nextReminders(timeRules: timeRules, after: now, limit: limit)
        guard !reminders.isEmpty else { return [] }
        let tasks = try self.tasks(ids: reminders.compactMap(\.taskID))
        return reminders.compactMap { reminder in reminder.taskID.flatMap { tasks[$0] }.map { TaskReminder(reminder, of: $0) } }
    }

    /// The next `limit` reminders as the daemon will show them after `now`
    /// (`TimeRules.forecast`, which this gathers the inputs of): held ones at
    /// the end of the quiet hours, each overdue task's daily reminder once,
    /// the coming occurrences of repeating tasks, marked when they come in a
    /// digest.
    ///
    /// Only what the list can show is read: the own reminders from the
    /// reminder queue's index, the overdue tasks most urgent first, and those
    /// falling due later in due order, each as many as the list can show and
    /// `TimeRules.forecastLookahead` more, so a store with thousands of tasks
    /// overdue is not read whole.
    public func forecast(timeRules: TimeRules, after now: Date, limit: Int) throws -> [Firing] {
        let reading = limit + TimeRules.forecastLookahead
        // Strictly after: a reminder at the very start of the quiet hours is held too.
        let start = timeRules.forecastStart(at: now).addingTimeInterval(-0.001)
        let upcoming = try nextTaskReminders(timeRules: timeRules, after: start, limit: reading)
        // A repeating task not yet overdue is forecast as kept up with: each
        // occurrence done by its due, so the next one's reminders come and no
        // daily reminder of it overdue does. One overdue already is reminded
        // daily until done, and what follows waits on that.
        let isKeptUp = { (task: TodoTask) in task.repeating != nil && task.due.map { timeRules.dueInstant(of: $0) > now } == true }
        // The tasks that can have a daily reminder among the first `limit`:
        // the most urgent of those overdue by the next reminder time, and by
        // the last one if quiet hours still hold it (each reminder time's
        // come together), then those falling due later, in due order (each
        // comes at the first reminder time it is overdue at, after reminders
        // of its own). Where the own reminders alone fill the list, none due
        // after its end can make it, and none at all before the first daily
        // reminder can fire (quiet hours may hold it): the usual `next` of a
        // large store reads no overdue task.
        let mornings = timeRules.forecastDailyInstants(after: now, days: limit)
        let ownFirst = timeRules.forecast(upcoming: upcoming, overdueCandidates: [], mornings: [], after: now, limit: limit)
        let ownEnd = ownFirst.count >= limit ? ownFirst.last?.fire.at : nil
        let firstDaily = mornings.prefix(2).map { $0 > now ? $0 : timeRules.fireTime(at: $0, priority: .low).at }.min()
        var overdue: [TodoTask] = []
        if let last = mornings.last, let firstDaily, ownEnd.map({ $0 >= firstDaily }) ?? true {
            let next = timeRules.nextDailyReminderInstant(after: now)
            var candidates: [TodoTask] = []
            for morning in mornings where morning <= next {
                candidates += try mostUrgentOpenRemindableTasks(dueAtOrBefore: morning, limit: reading)
            }
            candidates += try openRemindableTasks(dueAfter: next, atOrBefore: min(last, ownEnd ?? last), limit: reading)
            var seen: Set<Int64> = []
            overdue = candidates.filter { !isKeptUp($0) && seen.insert($0.id).inserted }
        }
        let first = timeRules.forecast(upcoming: upcoming, overdueCandidates: overdue, mornings: mornings, after: now, limit: limit)
        // The coming occurrences of repeating tasks, up to where the list
        // ends (a month on when it is short): they are no tasks yet, but
        // their reminders are among what is to come.
        let horizon = first.count >= limit ? (first.last?.fire.at ?? now) : now.addingTimeInterval(Self.shortListHorizon)
        let later = try openRepeatingTasks(dueAfter: now, before: horizon, timeRules: timeRules).filter(isKeptUp).flatMap { task in
            laterReminders(of: task, through: horizon, timeRules: timeRules)
        }
        guard !later.isEmpty else { return first }
        return timeRules.forecast(upcoming: upcoming, overdueCandidates: overdue, laterOccurrences: later, mornings: mornings,
                                  after: now, limit: limit)
    }

    /// Up to `limit` open, reminder-on tasks due at or before `instant`, most
    /// urgent first as a digest orders them: priority high to low, then the
    /// earliest due. More than the digest threshold whenever there are, so a
    /// morning's digest is still told from a bubble each.
    func mostUrgentOpenRemindableTasks(dueAtOrBefore instant: Date, limit: Int) throws -> [TodoTask] {
        // A priority at a time, each a range of the index in due order that
        // stops at the limit: one query ordering by priority first would
        // read and sort every overdue task.
        let sql = """
            SELECT \(TaskRow.selection) FROM task INDEXED BY task_reminder_queue_by_priority
            WHERE \(RemindersOnSQL.hasDefaultReminders) AND priority = ? AND due_key <= ?
            ORDER BY due_key, id LIMIT ?
            """
        let key = instant.timeIntervalSince1970 + Due.sortKeyZoneSlack
        return try read { db in
            var tasks: [TodoTask] = []
            for priority in Priority.allCases.sorted(by: >) where tasks.count < limit {
                tasks += try TaskRow.fetchAll(db, sql: sql, arguments: [priority.rank, key, limit - tasks.count])
            }
            return tasks
        }
    }

    /// Up to `limit` open, reminder-on tasks due after those
    /// `mostUrgentOpenRemindableTasks(dueAtOrBefore: first, limit:)` reads
    /// from, and at or before `last` (each with `Due.sortKeyZoneSlack`),
    /// earliest due first.
    func openRemindableTasks(dueAfter first: Date, atOrBefore last: Date, limit: Int) throws -> [TodoTask] {
        let sql = """
            SELECT \(TaskRow.selection) FROM task INDEXED BY task_reminder_queue
            WHERE \(RemindersOnSQL.hasDefaultReminders) AND due_key > ? AND due_key <= ?
            ORDER BY due_key, id LIMIT ?
            """
        let slack = Due.sortKeyZoneSlack
        return try read { db in
            try TaskRow.fetchAll(db, sql: sql, arguments: [
                first.timeIntervalSince1970 + slack, last.timeIntervalSince1970 + slack, limit,
            ])
        }
    }

    /// How far ahead a short list of firings looks for repeating tasks' coming occurrences.
    static let shortListHorizon: TimeInterval = 31 * 86_400

    /// The own reminders of the task's occurrences after its open one, up to
    /// `horizon` (`TimeRules.occurrenceReminders`: the defaults and relative
    /// alarms): those after the occurrence before falls due (a reminder
    /// before that would be of an occurrence not open yet, and never fires).
    private func laterReminders(of task: TodoTask, through horizon: Date, timeRules: TimeRules) -> [TaskReminder] {
        guard let repeating = task.repeating, let open = task.due else { return [] }
        func occurrence(due: Due) -> TodoTask {
            var then = task
            then.moveOccurrence(to: due, clock: timeRules.clock)
            return then
        }
        var result: [TaskReminder] = []
        var previousDue = timeRules.dueInstant(of: open)
        // Expanded only while the occurrences have reminders by the horizon:
        // usually just the one after the open occurrence, which has none.
        let dues = repeating.dues(from: open, count: TimeRules.forecastLookahead) { due in
            timeRules.occurrenceReminders(for: occurrence(due: due)).first.map { $0.at <= horizon } ?? false
        }
        for due in dues.dropFirst() {
            let then = occurrence(due: due)
            result += timeRules.occurrenceReminders(for: then).filter { $0.at > previousDue && $0.at <= horizon }
                .map { TaskReminder($0, of: then) }
            previousDue = timeRules.dueInstant(of: due)
        }
        return result
    }

    /// The open, reminder-on repeating tasks whose open occurrence is due
    /// after `now` and before `horizon`: those whose next occurrences can
    /// have reminders by the horizon (after their open one's due), with their
    /// defaults on or relative alarms.
    ///
    /// Read from the reminder queue's index: the sort keys narrow it to the
    /// dues near that stretch (a day due's key is within a zone's offset of
    /// its instant), and the index's own due columns to the dues inside it,
    /// before any task's row is read: the rows read are those the list can
    /// show, however many tasks the store holds.
    func openRepeatingTasks(dueAfter now: Date, before horizon: Date, timeRules: TimeRules) throws -> [TodoTask] {
        // A day due's instant is the start of the next local day. A day
        // series' next occurrence is a later day, reminded on its morning at
        // the earliest: an open day due whose next day's morning is past the
        // horizon has nothing to add (at night, every series due today).
        let firstDay = timeRules.clock.day(of: now)
        var lastDay = timeRules.clock.day(of: horizon)
        while lastDay >= firstDay, let earliest = timeRules.dueReminders(ofTask: 0, due: .day(lastDay.adding(days: 1))).first,
              earliest.at > horizon {
            lastDay = lastDay.adding(days: -1)
        }
        return try read { db in
            let withDefaults = try TaskRow.fetchAll(db, sql: """
                SELECT \(TaskRow.selection) FROM task INDEXED BY task_reminder_queue
                WHERE \(RemindersOnSQL.hasDefaultReminders) AND due_key > ? AND due_key < ?
                  AND (due_time > ? AND due_time < ? OR due_day >= ? AND due_day <= ?)
                  AND repeat_rule IS NOT NULL
                """, arguments: [
                    now.timeIntervalSince1970 - Due.sortKeyZoneSlack, horizon.timeIntervalSince1970 + Due.sortKeyZoneSlack,
                    now.timeIntervalSince1970, horizon.timeIntervalSince1970, firstDay.description, lastDay.description,
                ])
            // Those with their defaults off are outside that index; with
            // alarms they are in task_alarm, which holds few tasks. Their
            // relative alarms can fall anywhere after the open due, so only
            // the due's own window narrows them.
            let alarmsOnly = try TaskRow.fetchAll(db, sql: """
                SELECT \(TaskRow.selection) FROM task
                WHERE id IN (SELECT DISTINCT task_id FROM task_alarm)
                  AND \(RemindersOnSQL.hasReminders) AND remind_defaults = 0 AND repeat_rule IS NOT NULL
                  AND due_key > ? AND due_key < ?
                """, arguments: [
                    now.timeIntervalSince1970 - Due.sortKeyZoneSlack, horizon.timeIntervalSince1970 + Due.sortKeyZoneSlack,
                ])
            return withDefaults + alarmsOnly
        }
    }
}
