import FoundationEssentials

/// A WHEN that cannot be the moment a snooze asks for, with the sentence to show for it.
public enum SnoozeTimeError: LocalizedError, Hashable, Sendable {
    /// The text is not a date, time or length at all.
    case unreadable(WhenError)
    /// `eod`: the end of a day is a due date, not a moment.
    case endOfDay(String)
    /// The text names an instant that is not after now; `instant` is it in words.
    case notAhead(String, instant: String)
    /// The text is a length of no time at all (`0m`).
    case zeroLength(String)

    /// One sentence naming the bad text and saying what would be right.
    public var errorDescription: String? { message }

    public var message: String {
        switch self {
        case .unreadable(let error):
            error.message
        case .endOfDay(let text):
            "“\(text)” is not a moment to snooze to: give a length such as 1h, a time such as 17:00, or a day such as tomorrow."
        case .zeroLength(let text):
            "“\(text)” is a length of no time at all: snooze for a length such as 10m or 1h."
        case .notAhead(let text, let instant):
            "“\(text)” is \(instant), which has already come: snooze to a later time, such as 1h, 17:00 or tomorrow."
        }
    }
}
