import FoundationEssentials

/// A notification to try again: a bubble's one reminder (a task's or an
/// event's), or a digest's. The engine keeps it after a failed delivery, or
/// finds it unfinished on the ledger at start-up
/// (`DeliveryPlanner.resumedFiring`); the plan takes it back when its time
/// has come (`DeliveryPlanner.plan`).
public struct PendingRetry: Sendable {
    /// The reminders it stands for.
    public var reminders: [Reminder]
    /// The attempts made so far.
    public var attempts: Int
    /// When the next attempt is due.
    public var nextAt: Date
    /// When its reminders fire; catch-up counts from here.
    public var firesAt: Date

    public init(reminders: [Reminder], attempts: Int, nextAt: Date, firesAt: Date) {
        self.reminders = reminders
        self.attempts = attempts
        self.nextAt = nextAt
        self.firesAt = firesAt
    }
}
