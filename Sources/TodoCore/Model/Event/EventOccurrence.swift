import Foundation

/// One occurrence of a calendar event, as `EventRecurrence` (TodoRecurrence)
/// expands it.
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

    public init(
        id: Reminder.Occurrence, recurrenceMicroseconds: Int64?, start: Date, end: Date,
        days: ClosedRange<LocalDay>?, details: EventDetails
    ) {
        self.id = id
        self.recurrenceMicroseconds = recurrenceMicroseconds
        self.start = start
        self.end = end
        self.days = days
        self.details = details
    }

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

    public init(kind: Kind, identity: Reminder.Occurrence, at: Date, alarmID: String?, occurrence: EventOccurrence) {
        self.kind = kind
        self.identity = identity
        self.at = at
        self.alarmID = alarmID
        self.occurrence = occurrence
    }
}

/// An event's alarm instant as the store keeps it for the plan: which event
/// it is of, in which folder, and since when the event reads as it does.
public struct EventReminder: Hashable, Sendable {
    /// The event's id in the store (its file's row).
    public var eventID: Int64
    /// The folder (the `[[calendar]]` list) the event's file is in.
    public var folder: String
    public var instant: EventAlarmInstant
    /// When the event's file was last changed (`EventSeries.changedAt`): an
    /// alarm instant before it was never due to fire here.
    public var changedAt: Date?

    public init(eventID: Int64, folder: String, instant: EventAlarmInstant, changedAt: Date?) {
        self.eventID = eventID
        self.folder = folder
        self.instant = instant
        self.changedAt = changedAt
    }

    public var at: Date { instant.at }
}
