import FoundationEssentials

extension DeliveryPlanner {
    /// When the daemon wakes next, and the reminder it waits for (what
    /// `status` shows as armed).
    public struct Wake: Equatable, Sendable {
        /// nil: nothing to wake for.
        public var at: Date?
        /// The reminder whose firing is the next instant (a task's, or an
        /// event's alarm when that comes before any task's reminder), if a
        /// reminder is what the daemon waits for; nil when only a retry or a
        /// write is.
        public var reminder: Reminder?

        public init(at: Date?, reminder: Reminder?) {
            self.at = at
            self.reminder = reminder
        }
    }

    /// The earliest of what is to come after `now`: the first of the coming
    /// firings (`TimeRules.forecast`, the one answer to what fires next), the
    /// next attempt of a failed delivery, and `flushBy` (when records kept in
    /// memory are tried again). Among reminders firing together, the one
    /// whose own instant is earliest, a task's own before a daily one.
    ///
    /// - Parameters:
    ///   - nextHeld: the plan's `DeliveryPlan.nextHeld`: a reminder that has
    ///     come, is not on the ledger, and that quiet hours hold.
    ///   - upcoming: the own reminders that come first after `now`, with
    ///     their tasks (with quiet hours, `TimeRules.forecastLookahead` of
    ///     them: a later one let through can fire before those held).
    ///   - overdueCandidates: tasks that may have a daily reminder at the
    ///     next reminder time; one is enough to wake for it, since the plan
    ///     then gathers them all.
    ///   - events: events' alarms that may come next: the one quiet hours
    ///     hold (`DeliveryPlan.nextHeldEvent`) and the indexed instants after `now`.
    public func wake(nextHeld: TaskReminder?, upcoming: [TaskReminder], overdueCandidates: [TodoTask],
                     events: [ReminderOf<EventInstance>] = [], retries: [PendingRetry], flushBy: Date?, after now: Date) -> Wake {
        let entries = (nextHeld.map { [$0] } ?? []) + upcoming
        let firings = timeRules.forecast(
            upcoming: entries, overdueCandidates: overdueCandidates,
            mornings: timeRules.policy.overdueInDigest ? [timeRules.nextDailyReminderInstant(after: now)] : [],
            after: now, limit: entries.count + overdueCandidates.count
        )
        let firstAt = firings.first?.fire.at
        let next = firings.prefix { $0.fire.at == firstAt }.min { a, b in
            if a.reminder.at != b.reminder.at { return a.reminder.at < b.reminder.at }
            if a.isDailyOverdue != b.isDailyOverdue { return !a.isDailyOverdue }
            return TimeRules.precedes(a.reminder, b.reminder)
        }
        let firstEvent = timeRules.comingFirings(tasks: [], events: events, after: now, limit: 1).first
        let eventAt = firstEvent?.at
        let event: Reminder? = if case .event(let firing)? = firstEvent, eventAt.map({ at in firstAt.map { at < $0 } ?? true }) == true {
            firing.entry.reminder
        } else {
            nil
        }
        let at = [next?.fire.at, eventAt, retries.map(\.nextAt).min(), flushBy].compactMap { $0 }.min()
        return Wake(at: at, reminder: event ?? next?.reminder)
    }
}
