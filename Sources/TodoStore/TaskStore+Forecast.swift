import Foundation
import GRDB
import TodoCore
import TodoRecurrence

extension TaskStore {
    /// How many reminders past the limit are read to order the first ones
    /// by when they fire: quiet hours can let a later high-priority reminder
    /// through before earlier ones they hold.
    static let forecastLookahead = 50

    /// The next `limit` reminders as the daemon will show them after `now`
    /// (`Scheduler.forecast`): held ones at the end of the quiet hours, the
    /// daily reminders of overdue tasks, marked when they come in a digest.
    public func forecast(scheduler: Scheduler, after now: Date, limit: Int) throws -> [Firing] {
        // Strictly after: a reminder at the very start of the quiet hours is held too.
        let start = scheduler.forecastStart(at: now).addingTimeInterval(-0.001)
        let reminders = try nextReminders(scheduler: scheduler, after: start, limit: limit + Self.forecastLookahead)
        let tasks = try self.tasks(ids: reminders.map(\.taskID))
        let upcoming = reminders.compactMap { reminder in tasks[reminder.taskID].map { TaskReminder(reminder, of: $0) } }
        // A repeating task not yet overdue is forecast as kept up with: each
        // occurrence done by its due, so the next one's reminders come and no
        // daily reminder of it overdue does. One overdue already is reminded
        // daily until done, and what follows waits on that.
        let isKeptUp = { (task: TodoTask) in task.repeating != nil && task.due.map { scheduler.dueInstant(of: $0) > now } == true }
        // Overdue tasks are read a morning at a time, the most urgent first
        // and no more than the list can show, until the list is full before
        // the next morning: a store with thousands overdue is not read whole.
        var overdueByID: [Int64: TodoTask] = [:]
        var first = scheduler.forecast(upcoming: upcoming, overdueCandidates: [], after: now, limit: limit)
        let mornings = scheduler.forecastDailyInstants(after: now, days: limit)
        for (index, morning) in mornings.enumerated() {
            if first.count >= limit, let last = first.last, last.fire.at < morning { break }
            for task in try mostUrgentOpenRemindableTasks(dueAtOrBefore: morning, limit: limit + Self.forecastLookahead)
                where !isKeptUp(task) {
                overdueByID[task.id] = task
            }
            first = scheduler.forecast(upcoming: upcoming, overdueCandidates: Array(overdueByID.values), after: now, limit: limit)
            if index + 1 < mornings.count, first.count >= limit, let last = first.last, last.fire.at < mornings[index + 1] { break }
        }
        let overdue = Array(overdueByID.values)
        // The coming occurrences of repeating tasks, up to where the list
        // ends (a month on when it is short): they are no tasks yet, but
        // their reminders are among what is to come.
        let horizon = first.count >= limit ? (first.last?.fire.at ?? now) : now.addingTimeInterval(Self.shortListHorizon)
        let later = try openRepeatingTasks(dueAfter: now, before: horizon, scheduler: scheduler).filter(isKeptUp).flatMap { task in
            laterReminders(of: task, through: horizon, scheduler: scheduler)
        }
        guard !later.isEmpty else { return first }
        return scheduler.forecast(upcoming: upcoming, overdueCandidates: overdue, laterOccurrences: later, after: now, limit: limit)
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
            WHERE completed_at IS NULL AND reminder = 1 AND remind_defaults = 1 AND priority = ? AND due_key <= ?
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

    /// How far ahead a short list of firings looks for repeating tasks' coming occurrences.
    static let shortListHorizon: TimeInterval = 31 * 86_400

    /// The own reminders of the task's occurrences after its open one, up to
    /// `horizon` (`Scheduler.occurrenceReminders`: the defaults and relative
    /// alarms): those after the occurrence before falls due (a reminder
    /// before that would be of an occurrence not open yet, and never fires).
    private func laterReminders(of task: TodoTask, through horizon: Date, scheduler: Scheduler) -> [TaskReminder] {
        guard let repeating = task.repeating, let open = task.due else { return [] }
        func occurrence(due: Due) -> TodoTask {
            var then = task
            then.due = due
            return then
        }
        var result: [TaskReminder] = []
        var previousDue = scheduler.dueInstant(of: open)
        // Expanded only while the occurrences have reminders by the horizon:
        // usually just the one after the open occurrence, which has none.
        let dues = repeating.dues(from: open, count: Self.forecastLookahead) { due in
            scheduler.occurrenceReminders(for: occurrence(due: due)).first.map { $0.at <= horizon } ?? false
        }
        for due in dues.dropFirst() {
            let then = occurrence(due: due)
            result += scheduler.occurrenceReminders(for: then).filter { $0.at > previousDue && $0.at <= horizon }
                .map { TaskReminder($0, of: then) }
            previousDue = scheduler.dueInstant(of: due)
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
    func openRepeatingTasks(dueAfter now: Date, before horizon: Date, scheduler: Scheduler) throws -> [TodoTask] {
        // A day due's instant is the start of the next local day. A day
        // series' next occurrence is a later day, reminded on its morning at
        // the earliest: an open day due whose next day's morning is past the
        // horizon has nothing to add (at night, every series due today).
        let firstDay = scheduler.clock.day(of: now)
        var lastDay = scheduler.clock.day(of: horizon)
        while lastDay >= firstDay, let earliest = scheduler.dueReminders(ofTask: 0, due: .day(lastDay.adding(days: 1))).first,
              earliest.at > horizon {
            lastDay = lastDay.adding(days: -1)
        }
        return try read { db in
            let withDefaults = try TaskRow.fetchAll(db, sql: """
                SELECT \(TaskRow.selection) FROM task INDEXED BY task_reminder_queue
                WHERE completed_at IS NULL AND reminder = 1 AND remind_defaults = 1 AND due_key > ? AND due_key < ?
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
                  AND completed_at IS NULL AND reminder = 1 AND remind_defaults = 0 AND repeat_rule IS NOT NULL
                  AND due_key > ? AND due_key < ?
                """, arguments: [
                    now.timeIntervalSince1970 - Due.sortKeyZoneSlack, horizon.timeIntervalSince1970 + Due.sortKeyZoneSlack,
                ])
            return withDefaults + alarmsOnly
        }
    }
}
