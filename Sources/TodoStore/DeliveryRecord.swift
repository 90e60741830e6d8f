import Foundation
import TodoCore

/// What the daemon did about one reminder: the delivery ledger's row.
///
/// A reminder is identified by its task, kind and instant; a task whose due
/// date moves gets reminders at new instants, which are new reminders.
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

    /// Whether nothing more will be done about it.
    public var isFinal: Bool { self == .delivered || self == .skipped }
}

/// A reminder's identity in the ledger.
public struct ReminderKey: Hashable, Sendable {
    public var taskID: Int64
    public var kind: ReminderKind
    public var at: Date

    public init(_ reminder: Reminder) {
        taskID = reminder.taskID
        kind = reminder.kind
        at = reminder.at
    }
}
