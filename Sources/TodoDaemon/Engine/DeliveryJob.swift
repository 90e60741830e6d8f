import Foundation
import TodoNotify
import TodoStore

/// One attempt to show one reminder.
public struct DeliveryJob: Sendable {
    public let key: ReminderKey
    public let notification: ReminderNotification
    /// 1 for the first try.
    public let attempt: Int
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
