import FoundationEssentials

/// A calendar event as its file describes it (a VEVENT and its overrides of
/// single occurrences), in todo-remind's terms: everything needed to expand
/// its occurrences and their alarms without the file, so the store keeps it
/// and expands it again as time goes on.
///
/// Read by `VEvent` (TodoCalendar), expanded by `EventRecurrence`
/// (TodoRecurrence). Events are never edited here beyond the user's
/// acknowledgements, so nothing here is written back.
public struct EventSeries: Hashable, Sendable, Codable {
    /// How long an occurrence lasts.
    public enum Length: Hashable, Sendable, Codable {
        /// In wall-clock seconds, added to the start's reading in its zone
        /// (a DTEND in the start's zone, a DURATION, a day's length): a
        /// 10:00–11:00 meeting stays 10:00–11:00 on the day DST changes.
        case wall(seconds: Int)
        /// In elapsed seconds: a DTEND in another zone than DTSTART, or in UTC.
        case exact(seconds: Int)
    }

    /// One occurrence moved, changed or cancelled by an override (a VEVENT
    /// of the same UID with a RECURRENCE-ID).
    public struct Override: Hashable, Sendable, Codable {
        /// Which occurrence it replaces (its start before the change).
        public var recurrenceID: EventTime
        public var start: EventTime
        public var length: Length
        public var details: EventDetails
        /// `RECURRENCE-ID;RANGE=THISANDFUTURE` (RFC 5545 §3.8.4.4): the
        /// change holds for every later occurrence too, its start moved by
        /// as much as this one's. Optional so a series stored before reads.
        public var thisAndFuture: Bool?

        public init(recurrenceID: EventTime, start: EventTime, length: Length, details: EventDetails, thisAndFuture: Bool = false) {
            self.recurrenceID = recurrenceID
            self.start = start
            self.length = length
            self.details = details
            self.thisAndFuture = thisAndFuture ? true : nil
        }
    }

    /// `UID`.
    public var uid: String
    /// `DTSTART` of the master VEVENT.
    public var start: EventTime
    public var length: Length
    public var details: EventDetails
    /// `RRULE`, verbatim; nil for a one-off event.
    public var rule: String?
    /// `RDATE` values: occurrences besides the rule's.
    public var additions: [EventTime]
    /// `EXDATE` values: occurrences taken out.
    public var exceptions: [EventTime]
    public var overrides: [Override]
    /// `X-MOZ-LASTACK` (Thunderbird, tasks.org): alarms at or before it were
    /// handled, for every occurrence.
    public var acknowledgedAt: Date?
    /// `X-MOZ-SNOOZE-TIME`: the alarm comes back then.
    public var snoozedUntil: Date?
    /// `X-MOZ-SNOOZE-TIME-<µs>`: a snoozed occurrence of a series, by its
    /// recurrence id in microseconds since 1970, to when it comes back.
    public var occurrenceSnoozes: [Int64: Date]
    /// The VTIMEZONEs of zones no Olson name matches, by TZID, as written:
    /// a `.zoned` time whose zone is not an Olson name is read through one.
    public var timeZones: [String: String]
    /// When the file says it was last changed (`LAST-MODIFIED`, else
    /// `CREATED`, else `DTSTAMP`): an alarm that fell before the event was so written was
    /// never due to fire here (as a task's reminder before its due was set).
    public var changedAt: Date?

    public init(
        uid: String, start: EventTime, length: Length, details: EventDetails, rule: String? = nil,
        additions: [EventTime] = [], exceptions: [EventTime] = [], overrides: [Override] = [],
        acknowledgedAt: Date? = nil, snoozedUntil: Date? = nil, occurrenceSnoozes: [Int64: Date] = [:],
        timeZones: [String: String] = [:], changedAt: Date? = nil
    ) {
        self.uid = uid
        self.start = start
        self.length = length
        self.details = details
        self.rule = rule
        self.additions = additions
        self.exceptions = exceptions
        self.overrides = overrides
        self.acknowledgedAt = acknowledgedAt
        self.snoozedUntil = snoozedUntil
        self.occurrenceSnoozes = occurrenceSnoozes
        self.timeZones = timeZones
        self.changedAt = changedAt
    }

    /// Whether it has more than one occurrence.
    public var recurs: Bool { rule != nil || !additions.isEmpty }
}
