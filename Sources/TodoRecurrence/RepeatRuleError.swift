import FoundationEssentials
import TodoCore

/// A repeat rule that todo-remind refuses, with the sentence to show for it.
///
/// Each case carries the offending part as it was written ("FREQ=FORTNIGHTLY",
/// "BYDAY=XX"), so the message points at that part rather than at the whole rule.
public enum RepeatRuleError: LocalizedError, Hashable, Sendable {
    /// Nothing but whitespace was given.
    case empty
    /// The text is neither a natural form nor an RRULE.
    case unrecognized(String)
    /// An RRULE without a FREQ part.
    case missingFrequency(String)
    /// A FREQ value RFC 5545 does not define.
    case unknownFrequency(String)
    /// A FREQ shorter than a day (HOURLY, MINUTELY, SECONDLY): tasks repeat on days.
    case frequencyTooShort(String)
    /// A BYDAY entry that names no day of the week.
    case unknownWeekday(String)
    /// A WKST value that names no day of the week.
    case unknownWeekStart(String)
    /// A part name RFC 5545 does not define for RRULE ("FOO=BAR").
    case unknownPart(String)
    /// A part given twice ("FREQ=DAILY;FREQ=WEEKLY").
    case repeatedPart(String)
    /// A part written without "=" or with an empty value.
    case malformedPart(String)
    /// A number-valued part whose value is not a number in its range; the
    /// second value says which numbers are allowed.
    case valueOutOfRange(String, allowed: String)
    /// An UNTIL that is neither a date (YYYYMMDD) nor a date-time (YYYYMMDDTHHMMSS[Z]).
    case malformedUntil(String)
    /// A rule with both COUNT and UNTIL, which RFC 5545 forbids.
    case countAndUntil(String)
    /// COUNT=0: a rule that allows no occurrence.
    case zeroCount(String)
    /// UNTIL before the start: the rule has no occurrence at or after it.
    case untilBeforeStart(String, start: String)
    /// Any other rule that yields no occurrence at or after the start.
    case noOccurrence(String, start: String)
    /// A numbered weekday ("1MO") in a rule whose FREQ has no month or year to count in.
    case ordinalWeekdayNotAllowed(String, frequency: String)
    /// BYWEEKNO or BYYEARDAY without BYDAY, which libical 3 cannot expand.
    case needsWeekday(String)
    /// A BYWEEKNO of week 52, 53 or counted from the end, which libical 3 expands wrongly.
    case weekAtYearEnd(String)
    /// A rule part that is not allowed with the rule's FREQ (RFC 5545 §3.3.10).
    case partNotAllowed(String, frequency: String)
    /// BYHOUR, BYMINUTE or BYSECOND on a task due on a day, which has no time of day.
    case timeOfDayOnDayTask(String)
    /// A shape libical gets wrong and todo-remind does not correct.
    case unsupportedShape(String, reason: String)
    /// libical refused the rule without saying which part is wrong.
    case notExpandable(String)
    /// A series starting outside the days todo-remind takes (a file's
    /// DTSTART in the year 1): libical counts the days before 1753 by the
    /// Julian calendar, whose leap days do not exist here.
    case startOutOfRange(String, start: String)
    /// A rule was given to a task with no due date, which has nothing to repeat from.
    case needsDue(String)

    /// One sentence naming the bad part and saying what would be right.
    public var errorDescription: String? { message }

    public var message: String {
        switch self {
        case .needsDue(let text):
            "“\(text)” needs a due date to repeat from: give --due too, such as --due \"mon 09:00\"."
        case .empty:
            "No repeat rule was given: try \(Self.examples)."
        case .unrecognized(let text):
            "\(Self.quoted(text)) is not a repeat rule: try \(Self.examples)."
        case .missingFrequency(let rule):
            "\(Self.quoted(rule)) has no FREQ: an RRULE needs one, such as FREQ=WEEKLY."
        case .unknownFrequency(let part):
            "\(Self.quoted(part)) is not a frequency: use DAILY, WEEKLY, MONTHLY or YEARLY."
        case .frequencyTooShort(let part):
            "\(Self.quoted(part)) repeats within a day, and tasks repeat on days: use DAILY, WEEKLY, MONTHLY or YEARLY."
        case .unknownWeekday(let part):
            "\(Self.quoted(part)) names no day of the week: use MO, TU, WE, TH, FR, SA or SU, "
                + "with an optional position such as 2TU or -1FR."
        case .unknownWeekStart(let part):
            "\(Self.quoted(part)) names no day of the week: use MO, TU, WE, TH, FR, SA or SU."
        case .unknownPart(let part):
            "\(Self.quoted(part)) is not a part of an RRULE: use FREQ, INTERVAL, COUNT, UNTIL, BYDAY, "
                + "BYMONTHDAY, BYMONTH, BYSETPOS, BYYEARDAY, BYWEEKNO, BYHOUR, BYMINUTE, BYSECOND or WKST."
        case .repeatedPart(let part):
            "\(Self.quoted(part)) is given twice: an RRULE names each part once."
        case .malformedPart(let part):
            "\(Self.quoted(part)) is not a rule part: write NAME=VALUE, such as INTERVAL=2, and separate parts with “;”."
        case .valueOutOfRange(let part, let allowed):
            "\(Self.quoted(part)) is out of range: use \(allowed)."
        case .malformedUntil(let part):
            "\(Self.quoted(part)) is not a date or date-time: write UNTIL=20271231, UNTIL=20271231T170000 "
                + "or UNTIL=20271231T160000Z."
        case .countAndUntil(let rule):
            "\(Self.quoted(rule)) has both COUNT and UNTIL: keep one of them."
        case .zeroCount(let part):
            "\(Self.quoted(part)) allows no occurrence: use COUNT=1 or more."
        case .untilBeforeStart(let part, let start):
            "\(Self.quoted(part)) ends before the first due, \(start): the rule has no occurrence; "
                + "move UNTIL after the due or the due before UNTIL."
        case .noOccurrence(let rule, let start):
            "\(Self.quoted(rule)) has no occurrence on or after the due, \(start): check its BY parts against each other."
        case .ordinalWeekdayNotAllowed(let part, let frequency):
            "\(Self.quoted(part)) counts weekdays within a month or a year, which FREQ=\(frequency) has not: "
                + "use FREQ=MONTHLY or FREQ=YEARLY, or drop the number."
        case .needsWeekday(let part):
            "\(Self.quoted(part)) cannot be expanded without BYDAY (libical 3 refuses it): add BYDAY, such as BYDAY=MO."
        case .weekAtYearEnd(let part):
            "\(Self.quoted(part)) names a week at the end of the year, whose days libical 3 misplaces: "
                + "use weeks 1 to 51, or a rule by month such as FREQ=YEARLY;BYMONTH=12;BYDAY=-1SU."
        case .partNotAllowed(let part, let frequency):
            "\(Self.quoted(part)) is not allowed with FREQ=\(frequency) (RFC 5545 §3.3.10): use FREQ=YEARLY or leave it out."
        case .timeOfDayOnDayTask(let part):
            "\(Self.quoted(part)) sets a time of day, but the task is due on a day: give the task a due time, or leave it out."
        case .unsupportedShape(let rule, let reason):
            "\(Self.quoted(rule)) cannot be repeated exactly: \(reason)."
        case .startOutOfRange(let rule, let start):
            "\(Self.quoted(rule)) starts on \(start), outside the days todo-remind takes (\(LocalDay.earliest) to \(LocalDay.latest)), "
                + "so its occurrences cannot be counted: move its start into those years."
        case .notExpandable(let rule):
            "\(Self.quoted(rule)) is not a rule libical can expand: check it against RFC 5545 §3.3.10."
        }
    }

    private static let examples =
        "daily, weekdays, weekly, monthly, yearly, every 2 weeks, every mon,wed,fri, "
        + "every month on the 15th, every month on the last weekday, or an RRULE such as FREQ=WEEKLY;BYDAY=TU"

    private static func quoted(_ text: String) -> String { "“\(text)”" }
}

extension RepeatRuleError {
    /// The sentence that says a task's file repeats by `rule`, which
    /// todo-remind cannot follow, and why (`reason`, a sentence).
    public static func unfollowedMessage(file: String, rule: String, reason: String) -> String {
        "“\(file)” repeats by RRULE:\(rule), which todo-remind cannot follow, so it is shown as due once and `done` is refused here (it would end the series on every device): \(reason)"
    }
}
