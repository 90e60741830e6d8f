import Foundation

/// A notification to try again: a bubble's one reminder, a digest's, or an
/// event's alarm. The engine keeps it after a failed delivery, or finds it
/// unfinished on the ledger at start-up (`DeliveryPlanner.resumedFiring`);
/// the plan takes it back when its time has come (`DeliveryPlanner.plan`,
/// `DeliveryPlanner.planEvents`), by one rule for both.
public struct PendingRetry: Sendable {
    /// The tasks' reminders it stands for; none for an event's alarm.
    public var reminders: [Reminder]
    /// The event's alarm it is, if it is one.
    public var event: EventReminder.ID?
    /// The attempts made so far.
    public var attempts: Int
    /// When the next attempt is due.
    public var nextAt: Date
    /// When its reminders fire; catch-up counts from here.
    public var firesAt: Date

    public init(reminders: [Reminder], attempts: Int, nextAt: Date, firesAt: Date) {
        self.reminders = reminders
        self.event = nil
        self.attempts = attempts
        self.nextAt = nextAt
        self.firesAt = firesAt
    }

    /// The retry of an event's alarm.
    public init(event: EventReminder.ID, attempts: Int, nextAt: Date, firesAt: Date) {
        self.reminders = []
        self.event = event
        self.attempts = attempts
        self.nextAt = nextAt
        self.firesAt = firesAt
    }
}
