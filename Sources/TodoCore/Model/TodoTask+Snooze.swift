import FoundationEssentials

/// The life of a snooze: what it needs to fire, and what ends it.
extension TodoTask {
    /// Whether the task has a snooze still to come after `now`.
    public func isSnoozed(after now: Date) -> Bool {
        guard let snoozedUntil else { return false }
        return snoozedUntil > now
    }

    /// Snoozes the task until `until`, as of `now`: the reminders shown so
    /// far are handled (`acknowledgedAt`), so that other devices reading
    /// the task's file (`X-MOZ-LASTACK`) do not show them again.
    public mutating func snooze(until: Date, at now: Date) {
        snoozedUntil = until
        acknowledgedAt = now
    }

    /// Drops the snooze when a change from `original` ends it: the task was
    /// completed, its reminder switched off, or its due date changed (moved,
    /// set or removed), since a snooze put off the task as it was planned then.
    ///
    /// A snooze set by the same change as a new due date is kept: the person
    /// asked for both at once. A completed task, or one whose reminder is off,
    /// never keeps one.
    public mutating func endSnoozeIfChanged(from original: TodoTask) {
        guard snoozedUntil != nil else { return }
        if !hasReminders {
            snoozedUntil = nil
        } else if due != original.due && snoozedUntil == original.snoozedUntil {
            snoozedUntil = nil
        }
    }
}
