import Testing
import TodoCore
import TodoRecurrence

@Suite("Refusing bad rules with a sentence")
struct RepeatRuleRefusalTests {
    struct Refusal: Sendable, CustomTestStringConvertible {
        let typed: String
        let error: RepeatRuleError
        let message: String
        var testDescription: String { "“\(typed)”" }
    }

    @Test("a rule that cannot be read is refused, naming the wrong part", arguments: [
        Refusal(typed: "", error: .empty, message: "No repeat rule was given: try daily, weekdays, weekly, monthly, yearly, "
            + "every 2 weeks, every mon,wed,fri, every month on the 15th, every month on the last weekday, "
            + "or an RRULE such as FREQ=WEEKLY;BYDAY=TU."),
        Refusal(typed: "fortnightly", error: .unrecognized("fortnightly"),
                message: "“fortnightly” is not a repeat rule: try daily, weekdays, weekly, monthly, yearly, "
                    + "every 2 weeks, every mon,wed,fri, every month on the 15th, every month on the last weekday, "
                    + "or an RRULE such as FREQ=WEEKLY;BYDAY=TU."),
        Refusal(typed: "FREQ=FORTNIGHTLY", error: .unknownFrequency("FREQ=FORTNIGHTLY"),
                message: "“FREQ=FORTNIGHTLY” is not a frequency: use DAILY, WEEKLY, MONTHLY or YEARLY."),
        Refusal(typed: "RRULE:FREQ=HOURLY", error: .frequencyTooShort("FREQ=HOURLY"),
                message: "“FREQ=HOURLY” repeats within a day, and tasks repeat on days: use DAILY, WEEKLY, MONTHLY or YEARLY."),
        Refusal(typed: "BYDAY=MO", error: .missingFrequency("BYDAY=MO"),
                message: "“BYDAY=MO” has no FREQ: an RRULE needs one, such as FREQ=WEEKLY."),
        Refusal(typed: "FREQ=WEEKLY;BYDAY=MO,XX", error: .unknownWeekday("BYDAY=MO,XX"),
                message: "“BYDAY=MO,XX” names no day of the week: use MO, TU, WE, TH, FR, SA or SU, "
                    + "with an optional position such as 2TU or -1FR."),
        Refusal(typed: "FREQ=WEEKLY;WKST=XX", error: .unknownWeekStart("WKST=XX"),
                message: "“WKST=XX” names no day of the week: use MO, TU, WE, TH, FR, SA or SU."),
        Refusal(typed: "FREQ=DAILY;FOO=BAR", error: .unknownPart("FOO=BAR"),
                message: "“FOO=BAR” is not a part of an RRULE: use FREQ, INTERVAL, COUNT, UNTIL, BYDAY, "
                    + "BYMONTHDAY, BYMONTH, BYSETPOS, BYYEARDAY, BYWEEKNO, BYHOUR, BYMINUTE, BYSECOND or WKST."),
        Refusal(typed: "FREQ=DAILY;COUNT=0", error: .zeroCount("COUNT=0"),
                message: "“COUNT=0” allows no occurrence: use COUNT=1 or more."),
        Refusal(typed: "FREQ=DAILY;COUNT=2000000000",
                error: .valueOutOfRange("COUNT=2000000000", allowed: "a whole number from 1 to 100000, or UNTIL for a longer series"),
                message: "“COUNT=2000000000” is out of range: use a whole number from 1 to 100000, or UNTIL for a longer series."),
        Refusal(typed: "FREQ=DAILY;INTERVAL=0", error: .valueOutOfRange("INTERVAL=0", allowed: "a whole number of at least 1"),
                message: "“INTERVAL=0” is out of range: use a whole number of at least 1."),
        Refusal(typed: "FREQ=MONTHLY;BYMONTHDAY=32", error: .valueOutOfRange("BYMONTHDAY=32", allowed: "days from 1 to 31, or -1 (the last) to -31"),
                message: "“BYMONTHDAY=32” is out of range: use days from 1 to 31, or -1 (the last) to -31."),
        Refusal(typed: "FREQ=DAILY;UNTIL=2027-03-01", error: .malformedUntil("UNTIL=2027-03-01"),
                message: "“UNTIL=2027-03-01” is not a date or date-time: write UNTIL=20271231, UNTIL=20271231T170000 "
                    + "or UNTIL=20271231T160000Z."),
        Refusal(typed: "FREQ=DAILY;COUNT=3;UNTIL=20270101", error: .countAndUntil("FREQ=DAILY;COUNT=3;UNTIL=20270101"),
                message: "“FREQ=DAILY;COUNT=3;UNTIL=20270101” has both COUNT and UNTIL: keep one of them."),
        Refusal(typed: "FREQ=DAILY;FREQ=WEEKLY", error: .repeatedPart("FREQ=WEEKLY"),
                message: "“FREQ=WEEKLY” is given twice: an RRULE names each part once."),
        Refusal(typed: "FREQ=DAILY;;BYDAY=MO", error: .malformedPart(""),
                message: "“” is not a rule part: write NAME=VALUE, such as INTERVAL=2, and separate parts with “;”."),
        Refusal(typed: "FREQ=YEARLY;BYWEEKNO=20", error: .needsWeekday("BYWEEKNO=20"),
                message: "“BYWEEKNO=20” cannot be expanded without BYDAY (libical 3 refuses it): add BYDAY, such as BYDAY=MO."),
        Refusal(typed: "FREQ=YEARLY;BYYEARDAY=100", error: .needsWeekday("BYYEARDAY=100"),
                message: "“BYYEARDAY=100” cannot be expanded without BYDAY (libical 3 refuses it): add BYDAY, such as BYDAY=MO."),
        Refusal(typed: "FREQ=YEARLY;BYWEEKNO=-1;BYDAY=SU", error: .weekAtYearEnd("BYWEEKNO=-1"),
                message: "“BYWEEKNO=-1” names a week at the end of the year, whose days libical 3 misplaces: "
                    + "use weeks 1 to 51, or a rule by month such as FREQ=YEARLY;BYMONTH=12;BYDAY=-1SU."),
        Refusal(typed: "FREQ=MONTHLY;BYWEEKNO=20;BYDAY=MO", error: .partNotAllowed("BYWEEKNO=20", frequency: "MONTHLY"),
                message: "“BYWEEKNO=20” is not allowed with FREQ=MONTHLY (RFC 5545 §3.3.10): use FREQ=YEARLY or leave it out."),
        Refusal(typed: "FREQ=WEEKLY;BYDAY=1MO", error: .ordinalWeekdayNotAllowed("BYDAY=1MO", frequency: "WEEKLY"),
                message: "“BYDAY=1MO” counts weekdays within a month or a year, which FREQ=WEEKLY has not: "
                    + "use FREQ=MONTHLY or FREQ=YEARLY, or drop the number."),
    ])
    func unreadable(_ refusal: Refusal) {
        #expect(throws: refusal.error) { try RepeatRule(parsing: refusal.typed) }
        #expect(refusal.error.message == refusal.message)
        #expect(refusal.error.errorDescription == refusal.message)
    }

    @Test("a rule with no occurrence at or after the due is refused")
    func untilBeforeStart() throws {
        let rule = try RepeatRule(parsing: "FREQ=DAILY;UNTIL=20251201")

        #expect(throws: RepeatRuleError.untilBeforeStart("UNTIL=20251201", start: "2026-01-01")) {
            try Recurrence(rule: rule, start: .day(Given.day("2026-01-01")))
        }
        #expect(RepeatRuleError.untilBeforeStart("UNTIL=20251201", start: "2026-01-01").message
            == "“UNTIL=20251201” ends before the first due, 2026-01-01: the rule has no occurrence; "
            + "move UNTIL after the due or the due before UNTIL.")
    }

    @Test("an UNTIL after the due but before the rule's first day is refused too")
    func untilBeforeFirstOccurrence() throws {
        let rule = try RepeatRule(parsing: "FREQ=MONTHLY;BYMONTHDAY=15;UNTIL=20260110")

        #expect(throws: RepeatRuleError.noOccurrence(rule.rrule, start: "2026-01-01")) {
            try Recurrence(rule: rule, start: .day(Given.day("2026-01-01")))
        }
    }

    @Test("an UNTIL in UTC before a timed due is refused by comparing instants")
    func utcUntilBeforeTimedStart() throws {
        // 2027-03-01 17:00 in New York is 22:00 UTC: an UNTIL at 21:00 UTC is before it.
        let rule = try RepeatRule(parsing: "FREQ=DAILY;UNTIL=20270301T210000Z")

        #expect(throws: RepeatRuleError.untilBeforeStart("UNTIL=20270301T210000Z", start: "2027-03-01 17:00 America/New_York")) {
            try Recurrence(rule: rule, start: Given.start("2027-03-01 17:00", "America/New_York"))
        }
    }

    @Test("a time of day in the rule of a day task is refused")
    func timeOfDayOnDay() throws {
        let rule = try RepeatRule(parsing: "FREQ=DAILY;BYHOUR=9")

        #expect(throws: RepeatRuleError.timeOfDayOnDayTask("BYHOUR=9")) {
            try Recurrence(rule: rule, start: .day(Given.day("2026-01-01")))
        }
    }

    @Test("a rule whose parts never meet is refused, not expanded forever")
    func neverMeets() throws {
        let rule = try RepeatRule(parsing: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30")

        #expect(throws: RepeatRuleError.self) {
            try Recurrence(rule: rule, start: .day(Given.day("2026-01-01")))
        }
        #expect(throws: RepeatRuleError.self) {
            try Recurrence(rule: RepeatRule(parsing: "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=-30"), start: .day(Given.day("2026-01-01")))
        }
    }
}
