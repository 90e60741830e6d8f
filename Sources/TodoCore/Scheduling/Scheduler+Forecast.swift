import Foundation

/// What the daemon will show from now on, by the rules it fires by: quiet
/// hours (`fireTime(of:priority:)`), the daily reminder of overdue tasks
/// (`dailyOverdueReminder(for:on:)`) and the digest (`batch(_:firingAt:)`).
extension Scheduler {
    /// The instant from which reminders that are still to be shown must be
    /// looked for: the start of the quiet hours `now` is in (reminders held
    /// since then fire when they end), else `now`.
    public func forecastStart(at now: Date) -> Date {
        policy.quietHours?.stretch(containing: now, clock: clock)?.lowerBound ?? now
    }

    /// The reminder times whose daily reminders of overdue tasks are still to
    /// be shown after `now`: the next one, and the last one if quiet hours
    /// still hold it. Empty when `overdue-in-digest` is off.
    public func forecastDailyInstants(after now: Date) -> [Date] {
        forecastDailyInstants(after: now, days: 1)
    }

    /// As `forecastDailyInstants(after:)`, with `days` reminder times from
    /// the next one on: an overdue task is reminded every morning until done.
    public func forecastDailyInstants(after now: Date, days: Int) -> [Date] {
        guard policy.overdueInDigest else { return [] }
        let latest = latestDailyReminderInstant(atOrBefore: now)
        let held = fireTime(of: Reminder(taskID: 0, kind: .morning, occurrence: .day(clock.day(of: latest)), at: latest), priority: .low).at > now
        let next = clock.day(of: nextDailyReminderInstant(after: now))
        return (held ? [latest] : []) + (0..<max(1, days)).map { dailyReminderInstant(on: next.adding(days: $0)) }
    }

    /// The next `limit` firings after `now`, in the order the daemon shows them.
    ///
    /// - Parameters:
    ///   - upcoming: the tasks' own reminders (snoozes included) from
    ///     `forecastStart(at:)` on, with their tasks, earliest first.
    ///   - overdueCandidates: the open, reminder-on tasks due at or before the
    ///     last of `forecastDailyInstants(after: now, days: limit)`.
    ///   - laterOccurrences: the reminders of repeating tasks' occurrences
    ///     after their open one, each with its task as it will be then.
    public func forecast(
        upcoming: [TaskReminder], overdueCandidates: [TodoTask], laterOccurrences: [TaskReminder] = [],
        after now: Date, limit: Int
    ) -> [Firing] {
        var pending: [(entry: TaskReminder, fire: FireTime, daily: Bool)] = []
        for entry in upcoming + laterOccurrences {
            let fire = fireTime(of: entry.reminder, priority: entry.task.priority)
            // Passed and not held: the daemon has shown it already.
            if fire.at > now { pending.append((entry, fire, false)) }
        }
        let later = Set(laterOccurrences)
        // Each morning adds the daily reminders of the tasks overdue by then,
        // until the mornings lie past the first `limit` firings.
        let instants = forecastDailyInstants(after: now, days: limit)
        for (index, instant) in instants.enumerated() {
            let day = clock.day(of: instant)
            for task in overdueCandidates {
                guard let reminder = dailyOverdueReminder(for: task, on: day) else { continue }
                let fire = fireTime(of: reminder, priority: task.priority)
                if fire.at > now { pending.append((TaskReminder(reminder, of: task), fire, true)) }
            }
            if index + 1 < instants.count, pending.filter({ $0.fire.at < instants[index + 1] }).count >= limit { break }
        }
        var byFireTime: [Date: [Int]] = [:]
        for (index, item) in pending.enumerated() { byFireTime[item.fire.at, default: []].append(index) }
        var firings: [Firing] = []
        for instant in byFireTime.keys.sorted() {
            guard let indexes = byFireTime[instant] else { continue }
            var details: [TaskReminder: (fire: FireTime, daily: Bool)] = [:]
            for index in indexes { details[pending[index].entry] = (pending[index].fire, pending[index].daily) }
            // The same batching the daemon does: more tasks than the
            // threshold make one digest, most urgent first either way.
            let inDigest: Bool
            let entries: [TaskReminder]
            switch batch(indexes.map { pending[$0].entry }, firingAt: instant) {
            case .separate(let sorted):
                (inDigest, entries) = (false, sorted)
            case .digest:
                (inDigest, entries) = (true, sortedByUrgency(indexes.map { pending[$0].entry }, at: instant))
            }
            for entry in entries {
                guard let detail = details[entry] else { continue }
                var firing = Firing(entry: entry, fire: detail.fire, isDailyOverdue: detail.daily, inDigest: inDigest)
                firing.isLaterOccurrence = later.contains(entry)
                firings.append(firing)
                if firings.count == limit { return firings }
            }
        }
        return firings
    }
}

extension Scheduler {
    /// The task's next firing after `now`, as the daemon will show it: its
    /// next own reminder, or one held since before `now` that quiet hours
    /// release later, or its daily reminder while it is overdue; nil when
    /// none is to come. (Whether it comes in a digest depends on the other
    /// tasks: `forecast` says.)
    ///
    /// - Parameter dailyInstants: `forecastDailyInstants(after: now)`, worked
    ///   out once by a caller that asks this of many tasks.
    public func nextFiring(for task: TodoTask, after now: Date, dailyInstants: [Date]? = nil) -> Firing? {
        guard task.reminderOn, !task.isCompleted else { return nil }
        var best: (reminder: Reminder, fire: FireTime, daily: Bool)?
        func consider(_ reminder: Reminder, daily: Bool) {
            let fire = fireTime(of: reminder, priority: task.priority)
            guard fire.at > now else { return }
            if let current = best, (current.fire.at, current.reminder.at) <= (fire.at, reminder.at) { return }
            best = (reminder, fire, daily)
        }
        if policy.quietHours == nil {
            // Nothing is held: the own reminders after now are all there is to see.
            if let next = nextReminder(for: task, after: now) { consider(next, daily: false) }
        } else {
            let start = forecastStart(at: now)
            for reminder in reminders(for: task) where reminder.at >= start { consider(reminder, daily: false) }
        }
        for instant in dailyInstants ?? forecastDailyInstants(after: now) {
            if let reminder = dailyOverdueReminder(for: task, on: clock.day(of: instant)) { consider(reminder, daily: true) }
        }
        return best.map { Firing(entry: TaskReminder($0.reminder, of: task), fire: $0.fire, isDailyOverdue: $0.daily, inDigest: false) }
    }
}
