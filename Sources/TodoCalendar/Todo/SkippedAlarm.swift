import FoundationEssentials

/// A VALARM of a task file that todo-remind cannot understand, so does not
/// fire: the file stays as it is (the alarm is another client's), and the
/// daemon logs `message(file:)` once so that the person can fix the file or
/// the client that wrote it.
public struct SkippedAlarm: Hashable, Sendable {
    /// What is wrong with the alarm.
    public enum Reason: LocalizedError, Hashable, Sendable {
        /// The VALARM has no ACTION.
        case noAction
        /// An ACTION that is neither one todo-remind shows nor one it knows to leave alone.
        case unknownAction(String)
        /// The VALARM has no TRIGGER.
        case noTrigger
        /// A TRIGGER value that is neither a duration nor a date-time.
        case malformedTrigger(String)
        /// An absolute TRIGGER that is not in UTC (RFC 5545 §3.8.6.3 asks for UTC).
        case triggerNotUTC(String)
        /// A `RELATED` parameter other than START or END.
        case unknownRelated(String)
        /// An RFC 9074 `ACKNOWLEDGED` that is not a UTC date-time.
        case acknowledgedNotUTC(String)

        public var errorDescription: String? {
            switch self {
            case .noAction:
                "the VALARM has no ACTION; it needs ACTION:DISPLAY (or AUDIO) to be shown"
            case .unknownAction(let action):
                "ACTION:\(action) is not an alarm action todo-remind knows; it shows DISPLAY and AUDIO alarms and leaves EMAIL and PROCEDURE alarms to their clients"
            case .noTrigger:
                "the VALARM has no TRIGGER, so it has no time to fire; give it one such as TRIGGER;RELATED=END:-PT15M"
            case .malformedTrigger(let value):
                "the TRIGGER “\(value)” is neither a duration (such as -PT15M or -P1D) nor a UTC date-time (such as 20261201T080000Z)"
            case .triggerNotUTC(let value):
                "the absolute TRIGGER “\(value)” is not in UTC; RFC 5545 asks for a UTC date-time ending in Z, such as 20261201T080000Z"
            case .unknownRelated(let value):
                "the TRIGGER says RELATED=\(value), which is neither START nor END, so it is relative to nothing known"
            case .acknowledgedNotUTC(let value):
                "ACKNOWLEDGED “\(value)” is not a UTC date-time (such as 20261201T080000Z), so whether the alarm was handled is unknown"
            }
        }
    }

    /// The line of the file (1-based, counting physical lines as an editor
    /// does) that is wrong: the bad property's, or the VALARM's BEGIN when a
    /// property is missing.
    public let line: Int
    public let reason: Reason

    public init(line: Int, reason: Reason) {
        self.line = line
        self.reason = reason
    }

    /// The one log line naming the file and the line: “tasks/x.ics”, line
    /// 31: a VALARM is not used: the TRIGGER “-PT15X” is neither …
    public func message(file: String) -> String {
        "“\(file)”, line \(line): a reminder (VALARM) is not used: \(reason.errorDescription ?? "it cannot be read"). The file is left as it is."
    }
}
