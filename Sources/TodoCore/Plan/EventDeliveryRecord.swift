import Foundation

/// What the daemon did about one alarm instant of an event: the event
/// ledger's row (as `DeliveryRecord` is a task reminder's).
public struct EventDeliveryRecord: Hashable, Sendable {
    public var id: EventReminder.ID
    /// When the alarm falls.
    public var at: Date
    public var status: DeliveryStatus
    public var firedAt: Date
    public var attempts: Int
    public var detail: String?

    public init(id: EventReminder.ID, at: Date, status: DeliveryStatus, firedAt: Date, attempts: Int = 0, detail: String? = nil) {
        self.id = id
        self.at = at
        self.status = status
        self.firedAt = firedAt
        self.attempts = attempts
        self.detail = detail
    }
}
