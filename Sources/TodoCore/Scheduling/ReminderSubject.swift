import FoundationEssentials

/// What a reminder reminds of, as the plan weighs it: a task, or an
/// occurrence of a calendar event (`EventInstance`). The one place where
/// the owners differ for the plan; every rule of delivery (catch-up,
/// quiet hours, retries, the ledger) is written once, over this.
public protocol ReminderSubject: Hashable, Sendable {
    /// The priority quiet hours weigh.
    var priority: Priority { get }
    /// Whether `reminder` was due to fire when its instant came: it came
    /// after its subject last read as it does (a task's due set, an event's
    /// file changed). One that came before was never due here, and is
    /// neither fired nor skipped.
    func wasDue(_ reminder: Reminder) -> Bool
}

extension TodoTask: ReminderSubject {
    public func wasDue(_ reminder: Reminder) -> Bool {
        TimeRules.wasDue(reminder, of: self)
    }
}
