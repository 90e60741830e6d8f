import Foundation
import TodoNotify
import TodoStore

/// One attempt to show one notification: a reminder's bubble, or a digest
/// standing for several reminders.
public struct DeliveryJob: Sendable {
    /// Every reminder the notification stands for, the first one first: one
    /// for a bubble of its own, all of a digest's.
    public let keys: [ReminderKey]
    public let notification: ReminderNotification
    /// 1 for the first try.
    public let attempt: Int
    /// When its reminders fire: their own instant, or the end of the quiet
    /// hours that held them. Catch-up counts from here.
    public let firesAt: Date

    /// - Parameters:
    ///   - key: the reminder shown, or the first of a digest's.
    ///   - more: a digest's other reminders.
    public init(key: ReminderKey, more: [ReminderKey] = [], notification: ReminderNotification,
                attempt: Int, firesAt: Date) {
        self.keys = [key] + more
        self.notification = notification
        self.attempt = attempt
        self.firesAt = firesAt
    }

    /// The reminder shown: a bubble's only one, a digest's first.
    public var key: ReminderKey { keys[keys.startIndex] }
}

/// How an attempt ended: the server's notification id, or why it failed.
public struct DeliveryOutcome: Sendable {
    public let job: DeliveryJob
    public let result: Result<UInt32, NotifyError>

    public init(job: DeliveryJob, result: Result<UInt32, NotifyError>) {
        self.job = job
        self.result = result
    }
}

/// Shows notifications away from the engine's thread.
///
/// `deliver` must return at once: the engine never waits on a notification
/// server (a hung one blocks each call for 25 s). The outcome comes back
/// later through `ReminderEngine.deliveryFinished`, on the engine's thread.
public protocol Deliverer: AnyObject {
    func deliver(_ job: DeliveryJob)
}

/// The one wall-clock timer the engine keeps armed at its next instant.
public protocol WakeTimer: AnyObject {
    /// Fires once at `instant` (at once if it has passed); nil disarms.
    ///
    /// - Returns: true when the wall clock was set since the timer was last
    ///   armed or read, so instants worked out before may be wrong.
    @discardableResult
    func arm(at instant: Date?) throws -> Bool
}
