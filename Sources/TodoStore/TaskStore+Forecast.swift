import Foundation
import TodoCore

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
        let overdue = try scheduler.forecastDailyInstants(after: now, days: limit).last.map(openRemindableTasks(dueAtOrBefore:)) ?? []
        return scheduler.forecast(upcoming: upcoming, overdueCandidates: overdue, after: now, limit: limit)
    }
}
