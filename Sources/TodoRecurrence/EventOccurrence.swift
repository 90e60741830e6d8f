import Foundation
import TodoCore

/// One occurrence of a calendar event, as `EventRecurrence` expands it.
public struct EventOccurrence: Hashable, Sendable {
    /// What the occurrence is known by: its start's day for an all-day
    /// occurrence (floating, so a move to another zone leaves it the same),
    /// else its start instant. A moved occurrence is a new one.
    public let id: Reminder.Occurrence
    /// Its recurrence id as Thunderbird names it in
    /// `X-MOZ-SNOOZE-TIME-<µs>`: the original start in microseconds since
    /// 1970 (an all-day one's day read as UTC midnight); nil for an event
    /// that does not recur.
    public let recurrenceMicroseconds: Int64?
    public let start: Date
    public let end: Date
    /// The days of an all-day occurrence, first and last; nil for a timed one.
    public let days: ClosedRange<LocalDay>?
    public let details: EventDetails

    public var isAllDay: Bool { days != nil }
}

/// One instant at which an event's alarm fires, with the occurrence it is for.
public struct EventAlarmInstant: Hashable, Sendable {
    /// An alarm of the file (or `event-default-alarm`), or a snooze.
    public enum Kind: String, Hashable, Sendable {
        case alarm
        case snoozed
    }

    public let kind: Kind
    /// What the alarm reminds of, to the ledger: the alarm's offset from the
    /// occurrence's start and the occurrence, or an absolute alarm's or a
    /// snooze's own instant.
    public let identity: Reminder.Occurrence
    public let at: Date
    /// Which VALARM (`EventAlarm.id`); nil for Thunderbird's snooze
    /// (`X-MOZ-SNOOZE-TIME`), which is no VALARM.
    public let alarmID: String?
    public let occurrence: EventOccurrence
}
