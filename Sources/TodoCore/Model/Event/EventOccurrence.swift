import FoundationEssentials

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

/// One instant at which an event's alarm fires, with the occurrence it is
/// for, as the expansion finds it, before the store gives it its event's id
/// (`EventIndex` keeps it in `event_alarm`; the store reads it back as a
/// `Reminder` of the event with its `EventInstance`).
public struct EventAlarmInstant: Hashable, Sendable {
    /// `.alarm`: an alarm of the file (or `event-default-alarm`);
    /// `.snoozed`: a snooze.
    public let kind: ReminderKind
    /// What the alarm reminds of, to the ledger: the alarm's offset from the
    /// occurrence's start and the occurrence, or an absolute alarm's or a
    /// snooze's own instant.
    public let identity: Reminder.Occurrence
    public let at: Date
    /// Which VALARM (`EventAlarm.id`); nil for Thunderbird's snooze
    /// (`X-MOZ-SNOOZE-TIME`), which is no VALARM.
    public let alarmID: String?
    public let occurrence: EventOccurrence

    public init(kind: ReminderKind, identity: Reminder.Occurrence, at: Date, alarmID: String?, occurrence: EventOccurrence) {
        self.kind = kind
        self.identity = identity
        self.at = at
        self.alarmID = alarmID
        self.occurrence = occurrence
    }

    /// The event's reminder this instant is, once the store knows the
    /// event's id and its file's folder and change.
    public func reminder(ofEvent eventID: Int64, folder: String, changedAt: Date?) -> ReminderOf<EventInstance> {
        ReminderOf(Reminder(owner: .event(eventID), kind: kind, occurrence: identity, at: at),
                   of: EventInstance(folder: folder, alarmID: alarmID, occurrence: occurrence, changedAt: changedAt))
    }
}
