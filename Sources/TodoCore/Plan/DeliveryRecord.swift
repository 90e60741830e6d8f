import FoundationEssentials

/// What the daemon did about one reminder: the delivery ledger's row.
///
/// One row per reminder, keyed on its identity (`Reminder.ID`): a task whose
/// due date changes gets new reminders; one whose instant moves with the
/// time zone keeps its row, whose instant is updated when it is written.
public struct DeliveryRecord: Hashable, Sendable {
    public var reminder: Reminder
    public var status: DeliveryStatus
    /// When the daemon last handed it to the notifier (or decided to skip it).
    public var firedAt: Date
    /// How many times showing it was tried.
    public var attempts: Int
    /// The last failure, or what the server answered.
    public var detail: String?

    public init(reminder: Reminder, status: DeliveryStatus, firedAt: Date, attempts: Int = 0, detail: String? = nil) {
        self.reminder = reminder
        self.status = status
        self.firedAt = firedAt
        self.attempts = attempts
        self.detail = detail
    }
}

/// Where a reminder's delivery stands.
public enum DeliveryStatus: String, CaseIterable, Sendable {
    /// Handed to the notifier; no answer yet. A daemon that finds this at
    /// start-up was stopped mid-delivery, and tries again.
    case sending
    /// The notification server took it.
    case delivered
    /// Showing it failed; it is tried again with back-off while it is within
    /// the catch-up window.
    case failed
    /// Its instant passed longer ago than the catch-up window: never shown.
    case skipped
}
