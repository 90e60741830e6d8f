import Foundation

/// Quiet hours, applied to reminders by the policy's [`quiet-hours`] and [`quiet-hours-allow-high`].
extension Scheduler {
    /// When `reminder` fires for a task of `priority`: its own instant, or the
    /// end of the quiet hours it falls in, held.
    ///
    /// The reminder keeps its own instant (the ledger's key); only the moment
    /// it is shown moves. A held reminder is late by design: its catch-up
    /// window counts from the fire time, not from its own instant.
    public func fireTime(of reminder: Reminder, priority: Priority) -> FireTime {
        guard let quietHours = policy.quietHours else { return FireTime(at: reminder.at, isHeld: false) }
        return quietHours.fireTime(for: reminder.at, priority: priority,
                                   allowHigh: policy.quietHoursAllowHigh, clock: clock)
    }

    /// The first reminder to fire among `reminders`, given in ascending order
    /// of their own instants, and when it fires; nil for none.
    ///
    /// Holding only ever delays a reminder, but a high-priority one that quiet
    /// hours let through can fire before an earlier one that they hold: the
    /// scan goes on past the first reminder until the instants reach the
    /// earliest fire time found, and no further.
    public func earliestFiring(
        among reminders: some Sequence<TaskReminder>
    ) -> (reminder: TaskReminder, fire: FireTime)? {
        var best: (reminder: TaskReminder, fire: FireTime)?
        for candidate in reminders {
            if let best, candidate.reminder.at >= best.fire.at { break }
            let fire = fireTime(of: candidate.reminder, priority: candidate.task.priority)
            if best.map({ fire.at < $0.fire.at }) ?? true {
                best = (candidate, fire)
            }
        }
        return best
    }
}
