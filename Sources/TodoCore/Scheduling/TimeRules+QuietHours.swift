import FoundationEssentials

/// Quiet hours, applied to reminders by the policy's [`quiet-hours`] and [`quiet-hours-allow-high`].
extension TimeRules {
    /// When `reminder` fires for a task of `priority`: its own instant, or the
    /// end of the quiet hours it falls in, held.
    ///
    /// The reminder keeps its own instant (the ledger's key); only the moment
    /// it is shown moves. A held reminder is late by design: its catch-up
    /// window counts from the fire time, not from its own instant.
    public func fireTime(of reminder: Reminder, priority: Priority) -> FireTime {
        fireTime(at: reminder.at, priority: priority)
    }

    /// When a reminder falling at `instant` fires for a task of `priority`.
    public func fireTime(at instant: Date, priority: Priority) -> FireTime {
        guard let quietHours = policy.quietHours else { return FireTime(at: instant, isHeld: false) }
        return quietHours.fireTime(for: instant, priority: priority, allowHigh: policy.quietHoursAllowHigh, clock: clock)
    }
}

extension TimeRules {
    /// When a reminder fires, by its subject's priority.
    public func fireTime<Subject>(of entry: ReminderOf<Subject>) -> FireTime {
        fireTime(at: entry.reminder.at, priority: entry.subject.priority)
    }
}
