import FoundationEssentials

/// A VALARM of a calendar event that fires as a bubble (`ACTION:DISPLAY` or
/// `AUDIO`), as read from the event's file.
public struct EventAlarm: Hashable, Sendable, Codable {
    /// When the alarm fires, for each occurrence of the event.
    public enum Trigger: Hashable, Sendable, Codable {
        /// From the occurrence's start (negative before it): `days` calendar
        /// days in the start's zone, then `seconds` elapsed, as RFC 5545
        /// §3.3.6 counts a duration (a day before 10:00 is 10:00 the day
        /// before, across a DST change too). An all-day occurrence starts at
        /// the local midnight of its first day, as Thunderbird counts it.
        case start(days: Int, seconds: Int)
        /// From the occurrence's end (`RELATED=END`), counted the same way.
        case end(days: Int, seconds: Int)
        /// At this instant, once, whichever occurrence it falls near.
        case absolute(Date)
    }

    /// Which VALARM of the file it is (`VAlarmID`'s text): what a dismissal
    /// or a snooze is written to, and what a snooze alarm names.
    public var id: String
    public var trigger: Trigger
    /// RFC 5545 `REPEAT` and `DURATION`: fires `count` more times, every
    /// `interval` seconds.
    public var repeatCount: Int
    public var repeatInterval: Int
    /// RFC 9074 `ACKNOWLEDGED`: instances at or before it were handled.
    public var acknowledgedAt: Date?
    /// The id of the alarm this one snoozes (RFC 9074 `RELATED-TO;RELTYPE=SNOOZE`).
    public var snoozes: String?

    public init(
        id: String, trigger: Trigger, repeatCount: Int = 0, repeatInterval: Int = 0,
        acknowledgedAt: Date? = nil, snoozes: String? = nil
    ) {
        self.id = id
        self.trigger = trigger
        self.repeatCount = repeatCount
        self.repeatInterval = repeatInterval
        self.acknowledgedAt = acknowledgedAt
        self.snoozes = snoozes
    }

    /// The trigger's offset as one number of seconds (a day as 86,400):
    /// what the ledger knows a relative alarm's instance by, the same in
    /// every zone. Nil for an absolute alarm.
    public var offsetSeconds: Int? {
        switch trigger {
        case .start(let days, let seconds), .end(let days, let seconds): days * 86_400 + seconds
        case .absolute: nil
        }
    }

    /// The alarm `event-default-alarm` gives an event that carries none:
    /// `seconds` from its start. It is in no file, so handling it writes
    /// only the event's own acknowledgement (`X-MOZ-LASTACK`).
    public static func standard(seconds: Int) -> EventAlarm {
        EventAlarm(id: defaultID, trigger: .start(days: 0, seconds: seconds))
    }

    /// The id of the `event-default-alarm` alarm.
    public static let defaultID = "default"
}
