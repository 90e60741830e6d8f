import FoundationEssentials

/// Text that `WhenParser` cannot read as a date or time, with the sentence to show for it.
///
/// Each case carries the offending part as the user typed it, so the message can
/// point at "25:00" rather than at the whole of "tomorrow 25:00".
public enum WhenError: LocalizedError, Hashable, Sendable {
    /// Nothing but whitespace was given.
    case empty
    /// The text matches no form the parser knows.
    case unrecognized(String)
    /// A date not written as YYYY-MM-DD ("2026-1-5").
    case malformedDate(String)
    /// A date outside `LocalDay.earliest...LocalDay.latest`.
    case yearOutOfRange(String)
    /// A month outside 01...12.
    case monthOutOfRange(String)
    /// A day of the month the month does not have ("2026-02-30", "2026-02-00").
    case noSuchDay(String, year: Int, month: Int)
    /// Something that starts like a time of day but is not one ("17:5", "17").
    case malformedTime(String)
    /// A 24-hour time with an hour outside 0...23.
    case hourOutOfRange(String)
    /// An am/pm time with an hour outside 1...12.
    case twelveHourOutOfRange(String)
    /// A minute outside 00...59.
    case minuteOutOfRange(String)
    /// A second outside 00...59.
    case secondOutOfRange(String)
    /// A UTC offset after an ISO date-time that is not Z or ±HH:MM.
    case malformedUTCOffset(String)
    /// An offset such as "+3x", "+-3d" or "in three days".
    case malformedOffset(String)
    /// An offset into the past ("-3d"): offsets only count forward.
    case backwardOffset(String)
    /// An offset beyond `WhenParser.maximumOffset`.
    case offsetTooLarge(String)
    /// A time of day after a form that is not a plain day ("eod 17:00", "+4h 10:00").
    case timeNotAllowed(String)
    /// A day with slashes ("3/12"): 3 December to some, 12 March to others.
    case slashDate(String)
    /// Text with a word one letter away from one of the forms ("tomorow").
    case misspelt(String, word: String, meant: String)

    /// One sentence naming the bad text and saying what would be right.
    public var errorDescription: String? { message }

    public var message: String {
        switch self {
        case .empty:
            "No date or time was given: try \(Self.examples)."
        case .unrecognized(let text):
            "\(Self.quoted(text)) is not a date or time: try \(Self.examples)."
        case .malformedDate(let text):
            "\(Self.quoted(text)) is not a date: write it as YYYY-MM-DD, such as 2026-12-01."
        case .yearOutOfRange(let text):
            "\(Self.quoted(text)) is out of range: todo-remind takes dates from \(LocalDay.earliest) to \(LocalDay.latest)."
        case .monthOutOfRange(let text):
            "\(Self.quoted(text)) is not a date: months go from 01 to 12."
        case .noSuchDay(let text, let year, let month):
            "\(Self.quoted(text)) is not a date: \(Self.monthName(month)) \(year) has "
                + "\(LocalDay.daysIn(month: month, year: year)) days."
        case .malformedTime(let text):
            "\(Self.quoted(text)) is not a time of day: write it as 17:00, 9:30, 5pm or noon."
        case .hourOutOfRange(let text):
            "\(Self.quoted(text)) is not a time of day: hours go from 0 to 23."
        case .twelveHourOutOfRange(let text):
            "\(Self.quoted(text)) is not a time of day: with am/pm, hours go from 1 to 12."
        case .minuteOutOfRange(let text):
            "\(Self.quoted(text)) is not a time of day: minutes go from 00 to 59."
        case .secondOutOfRange(let text):
            "\(Self.quoted(text)) is not a time of day: seconds go from 00 to 59."
        case .malformedUTCOffset(let text):
            "\(Self.quoted(text)) is not a UTC offset: write Z or ±HH:MM with hours up to 23, such as +01:00 or -05:00."
        case .malformedOffset(let text):
            "\(Self.quoted(text)) is not an offset: write a whole number and a unit, such as +3d, +2w, +4h, +30m or in 2 hours."
        case .backwardOffset(let text):
            "\(Self.quoted(text)) is not an offset: offsets count forward from now, such as +3d or in 3 days."
        case .offsetTooLarge(let text):
            "\(Self.quoted(text)) is too far ahead: offsets go up to 100 years."
        case .slashDate(let text):
            Self.slashDateMessage(text)
        case .misspelt(let text, let word, let meant):
            "\(Self.quoted(text)) is not a date or time: did you mean \(Self.quoted(text.replacing(word, with: meant)))?"
        case .timeNotAllowed(let text):
            "\(Self.quoted(text)) cannot take a time of day: only a day such as today, fri, +2d or 2026-12-01 can be followed by one."
        }
    }

    /// "“3/12” could be 3 December or 12 March: write dec 3 or mar 12 (or 2026-12-03 or 2026-03-12)."
    private static func slashDateMessage(_ text: String) -> String {
        let parts = text.split(separator: "/").compactMap { Int($0) }
        guard parts.count >= 2, (1...31).contains(parts[0]), (1...31).contains(parts[1]) else {
            return "\(quoted(text)) is not a date: write it as YYYY-MM-DD, such as 2026-12-01, or as dec 1."
        }
        func reading(day: Int, month: Int) -> (words: String, short: String)? {
            guard (1...12).contains(month) else { return nil }
            let name = monthNames[month - 1]
            return ("\(day) \(name)", "\(name.prefix(3).lowercased()) \(day)")
        }
        let readings = [reading(day: parts[0], month: parts[1]), reading(day: parts[1], month: parts[0])].compactMap { $0 }
        let said = readings.map(\.words).joined(separator: " or ")
        let typed = readings.map(\.short).joined(separator: " or ")
        return readings.count == 2
            ? "\(quoted(text)) could be \(said): write \(typed), or a date as YYYY-MM-DD."
            : "\(quoted(text)) can only be \(said): write \(typed), or a date as YYYY-MM-DD."
    }

    private static let examples = "today, tomorrow, fri, +3d, in 2 hours, 17:00, 2026-12-01 or 2026-12-01 17:00"

    // Month names are spelled out here rather than asked of a formatter, so that
    // messages are the same on every machine whatever its locale.
    private static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    private static func monthName(_ month: Int) -> String {
        monthNames.indices.contains(month - 1) ? monthNames[month - 1] : "Month \(month) of"
    }

    private static func quoted(_ text: String) -> String { "“\(text)”" }
}
