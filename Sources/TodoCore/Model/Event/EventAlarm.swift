import Foundation

/// A VALARM of a calendar event that fires as a bubble (`ACTION:DISPLAY` or
/// `AUDIO`), as read from the event's file.
public struct EventAlarm: Hashable, Sendable, Codable {
    /// When the alarm fires, for each occurrence of the event.
    public enum Trigger: Hashable, Sendable, Codable {
        /// Elapsed seconds from the occurrence's start (negative before it);
        /// an all-day occurrence starts at the local midnight of its first
        /// day, as Thunderbird counts it.
        case start(seconds: Int)
        /// Elapsed seconds from the occurrence's end (`RELATED=END`).
        case end(seconds: Int)
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

    /// The alarm `event-default-alarm` gives an event that carries none:
    /// `seconds` from its start. It is in no file, so handling it writes
    /// only the event's own acknowledgement (`X-MOZ-LASTACK`).
    public static func standard(seconds: Int) -> EventAlarm {
        EventAlarm(id: defaultID, trigger: .start(seconds: seconds))
    }

    /// The id of the `event-default-alarm` alarm.
    public static let defaultID = "default"
}
