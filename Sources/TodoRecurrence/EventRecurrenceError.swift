import FoundationEssentials

/// Why an event's occurrences cannot be followed: the event is left alone
/// (its file untouched), and said once.
public enum EventRecurrenceError: LocalizedError, Hashable, Sendable {
    /// A rule `Recurrence` refuses (FREQ=HOURLY, a shape libical cannot
    /// expand, a start before 1900), with the reason as a phrase.
    case unfollowedRule(String, reason: String)
    /// A zone that is neither an Olson zone nor a VTIMEZONE libical reads.
    case unknownZone(String)

    public var errorDescription: String? {
        switch self {
        case .unfollowedRule(let rule, let reason):
            "its rule “RRULE:\(rule)” cannot be followed: \(reason)"
        case .unknownZone(let zone):
            "its time zone “\(zone)” is neither a zone todo-remind knows nor one its VTIMEZONE describes readably"
        }
    }
}
