import Foundation

extension EventReminder {
    /// What the ledger knows an event's alarm instant by: the event, whether
    /// it is an alarm or a snooze, and what it reminds of (the alarm's offset
    /// and the occurrence, or its own instant). A moved occurrence or a
    /// changed alarm is a new one; a move to another zone is not.
    public struct ID: Hashable, Sendable, CustomStringConvertible {
        public var eventID: Int64
        public var kind: EventAlarmInstant.Kind
        public var occurrence: Reminder.Occurrence

        public init(eventID: Int64, kind: EventAlarmInstant.Kind, occurrence: Reminder.Occurrence) {
            self.eventID = eventID
            self.kind = kind
            self.occurrence = occurrence
        }

        /// "todo-remind event 3 alarm alarm -600 instant 1796119200000":
        /// stable across restarts and zones, the notification's stack tag.
        public var description: String {
            "todo-remind event \(eventID) \(kind.rawValue) \(occurrence)"
        }
    }

    public var id: ID { ID(eventID: eventID, kind: instant.kind, occurrence: instant.identity) }
}
