import Foundation
import Testing
import TodoCore
import TodoZones

/// The WHEN grammar, read at a fixed moment: Friday 2026-11-20, 14:30 in Berlin (13:30Z).
///
/// Expected instants are written in UTC and parsed by Foundation, not by the code
/// under test; Berlin is UTC+1 in November and December, UTC+2 in July.
@Suite("Reading dates and times")
struct WhenParserTests {
    static let berlin = WallClock(timeZone: Zone(identifier: "Europe/Berlin")!)
    static let newYork = WallClock(timeZone: Zone(identifier: "America/New_York")!)
    static let now = utc("2026-11-20T13:30:00Z")
    static let parser = WhenParser(now: now, clock: berlin)

    static func utc(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)!
    }

    static func day(_ iso: String) -> LocalDay {
        LocalDay(iso: iso)!
    }

    @Test("The fixed now is a Friday afternoon in Berlin")
    func fixedNow() {
        #expect(Self.berlin.day(of: Self.now) == Self.day("2026-11-20"))
        #expect(Self.berlin.day(of: Self.now).weekday == 5)
        #expect(Self.berlin.timeOfDay(of: Self.now).description == "14:30")
    }

    // MARK: - Day dues

    @Test("Day words, weekdays, day offsets and ISO dates give day dues", arguments: [
        ("today", "2026-11-20"),
        ("tomorrow", "2026-11-21"),
        ("yesterday", "2026-11-19"),
        ("eod", "2026-11-20"),
        ("TOMORROW", "2026-11-21"),
        ("  Today \n", "2026-11-20"),
        ("sat", "2026-11-21"),
        ("sun", "2026-11-22"),
        ("sunday", "2026-11-22"),
        ("mon", "2026-11-23"),
        ("Monday", "2026-11-23"),
        ("tue", "2026-11-24"),
        ("tues", "2026-11-24"),
        ("tuesday", "2026-11-24"),
        ("wed", "2026-11-25"),
        ("wednesday", "2026-11-25"),
        ("thu", "2026-11-26"),
        ("thur", "2026-11-26"),
        ("thurs", "2026-11-26"),
        ("thursday", "2026-11-26"),
        ("fri", "2026-11-27"),
        ("friday", "2026-11-27"),
        ("saturday", "2026-11-21"),
        ("+0d", "2026-11-20"),
        ("+3d", "2026-11-23"),
        ("+3D", "2026-11-23"),
        ("+45d", "2027-01-04"),
        ("+2w", "2026-12-04"),
        ("+0w", "2026-11-20"),
        ("in 0 days", "2026-11-20"),
        ("in 1 day", "2026-11-21"),
        ("in 3 days", "2026-11-23"),
        ("IN   3   DAYS", "2026-11-23"),
        ("in 1 week", "2026-11-27"),
        ("in 2 weeks", "2026-12-04"),
        ("2026-12-01", "2026-12-01"),
        ("2028-02-29", "2028-02-29"),
        ("2020-01-01", "2020-01-01"),
        // A month and a day: the next such day, today included.
        ("dec 15", "2026-12-15"),
        ("15 dec", "2026-12-15"),
        ("December 15", "2026-12-15"),
        ("15 DECEMBER", "2026-12-15"),
        ("nov 20", "2026-11-20"),
        ("nov 19", "2027-11-19"),
        ("jan 3", "2027-01-03"),
        ("sept 1", "2027-09-01"),
        ("feb 29", "2028-02-29"),
        ("15 dec 2027", "2027-12-15"),
        ("dec 15 2025", "2025-12-15"),
        ("next sat", "2026-11-21"),
        ("next friday", "2026-11-27"),
        ("end of month", "2026-11-30"),
        ("eom", "2026-11-30"),
    ])
    func dayDues(text: String, expected: String) throws {
        #expect(try Self.parser.due(from: text) == .day(Self.day(expected)))
    }

    @Test("A weekday is always the next one, one to seven days ahead, never today", arguments: 0..<7)
    func weekdayIsNextOne(daysAfterFriday: Int) throws {
        // Given a now on each day of one week, at the same wall-clock time.
        let now = Self.now.addingTimeInterval(Double(daysAfterFriday) * 86_400)
        let today = Self.berlin.day(of: now)
        let parser = WhenParser(now: now, clock: Self.berlin)
        for (name, weekday) in [("sun", 0), ("mon", 1), ("tue", 2), ("wed", 3), ("thu", 4), ("fri", 5), ("sat", 6)] {
            // When the weekday is read.
            guard case .day(let day) = try parser.due(from: name) else {
                Issue.record("“\(name)” did not give a day due")
                continue
            }
            // Then it is that weekday, strictly after today and at most a week on.
            #expect(day.weekday == weekday)
            #expect((1...7).contains(day.daysSinceEpoch - today.daysSinceEpoch))
        }
    }

    @Test("On a Friday, fri means next week's Friday")
    func sameWeekdayIsAWeekLater() throws {
        #expect(try Self.parser.due(from: "fri") == .day(Self.day("2026-11-27")))
        #expect(try Self.parser.due(from: "fri 9:00") == .time(Self.utc("2026-11-27T08:00:00Z")))
    }

    // MARK: - Timed dues

    @Test("Hour and minute offsets are elapsed time from now", arguments: [
        ("+4h", "2026-11-20T17:30:00Z"),
        ("+4H", "2026-11-20T17:30:00Z"),
        ("+0h", "2026-11-20T13:30:00Z"),
        ("+30m", "2026-11-20T14:00:00Z"),
        ("+48h", "2026-11-22T13:30:00Z"),
        ("in 4 hours", "2026-11-20T17:30:00Z"),
        ("in 1 hour", "2026-11-20T14:30:00Z"),
        ("in 2 hrs", "2026-11-20T15:30:00Z"),
        ("in 30 minutes", "2026-11-20T14:00:00Z"),
        ("in 30 min", "2026-11-20T14:00:00Z"),
        ("in 1 minute", "2026-11-20T13:31:00Z"),
    ])
    func timedOffsets(text: String, expected: String) throws {
        #expect(try Self.parser.due(from: text) == .time(Self.utc(expected)))
    }

    @Test("ISO date-times are local wall-clock readings unless they carry an offset", arguments: [
        ("2026-12-01 17:00", "2026-12-01T16:00:00Z"),
        ("2026-12-01T17:00", "2026-12-01T16:00:00Z"),
        ("2026-12-01t17:00", "2026-12-01T16:00:00Z"),
        ("2026-12-01 17:00:30", "2026-12-01T16:00:30Z"),
        ("2026-12-01T17:00:59", "2026-12-01T16:00:59Z"),
        ("2026-07-01 17:00", "2026-07-01T15:00:00Z"),
        ("2026-12-01T17:00:00+01:00", "2026-12-01T16:00:00Z"),
        ("2026-12-01T16:00:00Z", "2026-12-01T16:00:00Z"),
        ("2026-12-01T16:00:00z", "2026-12-01T16:00:00Z"),
        ("2026-12-01T12:00-05:00", "2026-12-01T17:00:00Z"),
        ("2026-12-01T17:00+0100", "2026-12-01T16:00:00Z"),
        ("2026-12-01T22:30+05:30", "2026-12-01T17:00:00Z"),
        ("2026-12-01T17:00:00+01", "2026-12-01T16:00:00Z"),
        ("2026-12-01 17:00+01:00", "2026-12-01T16:00:00Z"),
        ("2026-12-01T00:30:00+02:00", "2026-11-30T22:30:00Z"),
    ])
    func isoDateTimes(text: String, expected: String) throws {
        #expect(try Self.parser.due(from: text) == .time(Self.utc(expected)))
    }

    @Test("Fractions of a second in an ISO instant are kept")
    func fractionalSeconds() throws {
        let expected = Self.utc("2026-12-01T16:00:00Z").addingTimeInterval(0.25)
        #expect(try Self.parser.due(from: "2026-12-01T16:00:00.250Z") == .time(expected))
    }

    @Test("A time alone is its next occurrence: today if still ahead, otherwise tomorrow", arguments: [
        ("17:00", "2026-11-20T16:00:00Z"),
        ("15:00", "2026-11-20T14:00:00Z"),
        ("14:31", "2026-11-20T13:31:00Z"),
        ("14:30:01", "2026-11-20T13:30:01Z"),
        ("14:30", "2026-11-21T13:30:00Z"),
        ("14:30:00", "2026-11-21T13:30:00Z"),
        ("10:00", "2026-11-21T09:00:00Z"),
        ("9:30", "2026-11-21T08:30:00Z"),
        ("09:30", "2026-11-21T08:30:00Z"),
        ("0:00", "2026-11-20T23:00:00Z"),
        ("23:59", "2026-11-20T22:59:00Z"),
        ("5pm", "2026-11-20T16:00:00Z"),
        ("5PM", "2026-11-20T16:00:00Z"),
        ("5 pm", "2026-11-20T16:00:00Z"),
        ("5:30pm", "2026-11-20T16:30:00Z"),
        ("5:30 PM", "2026-11-20T16:30:00Z"),
        ("11:59pm", "2026-11-20T22:59:00Z"),
        ("9am", "2026-11-21T08:00:00Z"),
        ("12am", "2026-11-20T23:00:00Z"),
        ("12:30am", "2026-11-20T23:30:00Z"),
        ("12pm", "2026-11-21T11:00:00Z"),
        ("noon", "2026-11-21T11:00:00Z"),
        ("Noon", "2026-11-21T11:00:00Z"),
        ("midnight", "2026-11-20T23:00:00Z"),
    ])
    func timeAlone(text: String, expected: String) throws {
        #expect(try Self.parser.due(from: text) == .time(Self.utc(expected)))
    }

    @Test("A day followed by a time is that time on that day, even when it has passed", arguments: [
        ("tomorrow 9:30", "2026-11-21T08:30:00Z"),
        ("tomorrow at 9:30", "2026-11-21T08:30:00Z"),
        ("Tomorrow   5:30 pm", "2026-11-21T16:30:00Z"),
        ("fri 17:00", "2026-11-27T16:00:00Z"),
        ("today 5pm", "2026-11-20T16:00:00Z"),
        ("today 9:00", "2026-11-20T08:00:00Z"),
        ("today 14:30", "2026-11-20T13:30:00Z"),
        ("today midnight", "2026-11-19T23:00:00Z"),
        ("yesterday 17:00", "2026-11-19T16:00:00Z"),
        ("sat midnight", "2026-11-20T23:00:00Z"),
        ("mon noon", "2026-11-23T11:00:00Z"),
        ("2026-12-01 5pm", "2026-12-01T16:00:00Z"),
        ("2026-12-01 at noon", "2026-12-01T11:00:00Z"),
        ("+0d 8:00", "2026-11-20T07:00:00Z"),
        ("+2d 10:00", "2026-11-22T09:00:00Z"),
        ("+1w 10:00", "2026-11-27T09:00:00Z"),
        ("in 3 days 10:00", "2026-11-23T09:00:00Z"),
        ("in 1 week 12am", "2026-11-26T23:00:00Z"),
    ])
    func dayAndTime(text: String, expected: String) throws {
        #expect(try Self.parser.due(from: text) == .time(Self.utc(expected)))
    }

    // MARK: - Clock changes

    @Test("A day and time in a spring-forward gap moves forward by the gap")
    func dayAndTimeInGap() throws {
        // Given New York on the morning clocks jump from 02:00 EST to 03:00 EDT.
        let parser = WhenParser(now: Self.utc("2026-03-01T12:00:00Z"), clock: Self.newYork)
        // Then 02:30, which never shows on the wall clock, is 03:30 EDT.
        #expect(try parser.due(from: "2026-03-08 02:30") == .time(Self.utc("2026-03-08T07:30:00Z")))
        #expect(try parser.due(from: "2026-03-08T02:30") == .time(Self.utc("2026-03-08T07:30:00Z")))
        #expect(try parser.due(from: "+7d 2:30am") == .time(Self.utc("2026-03-08T07:30:00Z")))
        // In words too.
        #expect(try parser.due(from: "mar 8 2:30am") == .time(Self.utc("2026-03-08T07:30:00Z")))
        #expect(try parser.due(from: "8 march at 02:30") == .time(Self.utc("2026-03-08T07:30:00Z")))
    }

    @Test("The reading a time was typed as is kept beside its instant, a gap's too; a day, an offset or a UTC offset has none")
    func typedReading() throws {
        let parser = WhenParser(now: Self.utc("2026-03-08T06:00:00Z"), clock: Self.newYork)
        let gap = WallReading(iso: "2026-03-08T02:30:00")
        #expect(try parser.typedReading(of: "2026-03-08 02:30") == gap)
        #expect(try parser.typedReading(of: "+0d 2:30am") == gap)
        #expect(try parser.typedReading(of: "2:30") == gap)
        #expect(try parser.typedReading(of: "2:30")?.isGapReading(of: Self.utc("2026-03-08T07:30:00Z"), on: Self.newYork) == true)
        #expect(try parser.typedReading(of: "2026-03-09 02:30")?.isGapReading(of: Self.utc("2026-03-09T06:30:00Z"), on: Self.newYork) == false)
        for text in ["2026-03-08", "+4h", "2026-03-08T07:30:00Z", "2026-03-08 02:30-05:00"] {
            #expect(try parser.typedReading(of: text) == nil, "\(text)")
        }
    }

    @Test("A time alone in tonight's gap is today's, moved forward by the gap")
    func timeAloneInGap() throws {
        // Given 01:00 EST on the night New York springs forward.
        let parser = WhenParser(now: Self.utc("2026-03-08T06:00:00Z"), clock: Self.newYork)
        #expect(try parser.due(from: "2:30") == .time(Self.utc("2026-03-08T07:30:00Z")))
    }

    @Test("A day and time repeated by a fall-back is its first occurrence")
    func dayAndTimeRepeated() throws {
        let parser = WhenParser(now: Self.utc("2026-10-01T12:00:00Z"), clock: Self.newYork)
        #expect(try parser.due(from: "2026-11-01 01:30") == .time(Self.utc("2026-11-01T05:30:00Z")))
        #expect(try parser.due(from: "nov 1 1:30am") == .time(Self.utc("2026-11-01T05:30:00Z")))
    }

    @Test("A month and a day is the same local day in every zone, its time that zone's", arguments: [
        ("Europe/Berlin", "2026-12-15T16:00:00Z"), ("America/New_York", "2026-12-15T22:00:00Z"),
        ("Pacific/Kiritimati", "2026-12-15T03:00:00Z"), ("Pacific/Pago_Pago", "2026-12-16T04:00:00Z"),
    ])
    func monthAndDayInZones(zone: String, expected: String) throws {
        let clock = WallClock(timeZone: try #require(Zone(identifier: zone)))
        let parser = WhenParser(now: Self.now, clock: clock)
        #expect(try parser.due(from: "dec 15") == .day(Self.day("2026-12-15")))
        #expect(try parser.due(from: "15 dec 17:00") == .time(Self.utc(expected)))
    }

    @Test("An explicit UTC offset is taken as given, even inside a gap")
    func offsetIgnoresGap() throws {
        let parser = WhenParser(now: Self.utc("2026-03-01T12:00:00Z"), clock: Self.newYork)
        #expect(try parser.due(from: "2026-03-08T02:30:00-05:00") == .time(Self.utc("2026-03-08T07:30:00Z")))
        #expect(try parser.due(from: "2026-03-08T02:30:00-04:00") == .time(Self.utc("2026-03-08T06:30:00Z")))
    }

    // MARK: - Instants

    @Test("As an instant, a day form is the start of that local day", arguments: [
        ("today", "2026-11-19T23:00:00Z"),
        ("eod", "2026-11-19T23:00:00Z"),
        ("tomorrow", "2026-11-20T23:00:00Z"),
        ("yesterday", "2026-11-18T23:00:00Z"),
        ("fri", "2026-11-26T23:00:00Z"),
        ("+2w", "2026-12-03T23:00:00Z"),
        ("in 3 days", "2026-11-22T23:00:00Z"),
        ("2026-12-01", "2026-11-30T23:00:00Z"),
        ("2026-07-01", "2026-06-30T22:00:00Z"),
    ])
    func dayFormInstants(text: String, expected: String) throws {
        #expect(try Self.parser.instant(from: text) == Self.utc(expected))
    }

    @Test("As an instant, a timed form is its own instant", arguments: [
        ("tomorrow 9:30", "2026-11-21T08:30:00Z"),
        ("15:00", "2026-11-20T14:00:00Z"),
        ("10:00", "2026-11-21T09:00:00Z"),
        ("+4h", "2026-11-20T17:30:00Z"),
        ("in 30 min", "2026-11-20T14:00:00Z"),
        ("2026-12-01T16:00:00Z", "2026-12-01T16:00:00Z"),
        ("2026-12-01 17:00", "2026-12-01T16:00:00Z"),
    ])
    func timedFormInstants(text: String, expected: String) throws {
        #expect(try Self.parser.instant(from: text) == Self.utc(expected))
    }

    // MARK: - Bounds

    @Test("Offsets reach up to 100 years and no further", arguments: [
        ("+36525d", true), ("+36526d", false),
        ("+5217w", true), ("+5218w", false),
        ("+876600h", true), ("+876601h", false),
        ("+52596000m", true), ("+52596001m", false),
        ("in 36525 days", true), ("in 36526 days", false),
    ])
    func offsetBounds(text: String, accepted: Bool) {
        #expect(((try? Self.parser.due(from: text)) != nil) == accepted)
        if !accepted {
            #expect(throws: WhenError.offsetTooLarge(text)) { try Self.parser.due(from: text) }
        }
    }

    // MARK: - Errors

    @Test("Impossible or unknown text is an error whose one sentence names it and says what is right", arguments: [
        ("", "No date or time was given: try today, tomorrow, fri, +3d, in 2 hours, 17:00, 2026-12-01 or 2026-12-01 17:00."),
        ("   ", "No date or time was given: try today, tomorrow, fri, +3d, in 2 hours, 17:00, 2026-12-01 or 2026-12-01 17:00."),
        ("blah", "“blah” is not a date or time: try today, tomorrow, fri, +3d, in 2 hours, 17:00, 2026-12-01 or 2026-12-01 17:00."),
        ("next week", "“next week” is not a date or time: try today, tomorrow, fri, +3d, in 2 hours, 17:00, 2026-12-01 or 2026-12-01 17:00."),
        ("tomorrow blah", "“tomorrow blah” is not a date or time: try today, tomorrow, fri, +3d, in 2 hours, 17:00, 2026-12-01 or 2026-12-01 17:00."),
        ("17:00 tomorrow", "“17:00 tomorrow” is not a date or time: try today, tomorrow, fri, +3d, in 2 hours, 17:00, 2026-12-01 or 2026-12-01 17:00."),
        ("tomorrow 9:30 10:00", "“tomorrow 9:30 10:00” is not a date or time: try today, tomorrow, fri, +3d, in 2 hours, 17:00, 2026-12-01 or 2026-12-01 17:00."),
        ("2026-12-01T", "“2026-12-01T” is not a date or time: try today, tomorrow, fri, +3d, in 2 hours, 17:00, 2026-12-01 or 2026-12-01 17:00."),
        ("2026/12/01", "“2026/12/01” is not a date: write it as YYYY-MM-DD, such as 2026-12-01, or as dec 1."),
        // Read two ways, or one: both named.
        ("3/12", "“3/12” could be 3 December or 12 March: write dec 3 or mar 12, or a date as YYYY-MM-DD."),
        ("13/12", "“13/12” can only be 13 December: write dec 13, or a date as YYYY-MM-DD."),
        ("3/12 17:00", "“3/12” could be 3 December or 12 March: write dec 3 or mar 12, or a date as YYYY-MM-DD."),
        // One letter off a word of the forms: the word meant.
        ("tomorow", "“tomorow” is not a date or time: did you mean “tomorrow”?"),
        ("tomorow 9:30", "“tomorow 9:30” is not a date or time: did you mean “tomorrow 9:30”?"),
        ("fridy", "“fridy” is not a date or time: did you mean “friday”?"),
        ("dec 15 at tomorow", "“dec 15 at tomorow” is not a date or time: try today, tomorrow, fri, +3d, in 2 hours, 17:00, 2026-12-01 or 2026-12-01 17:00."),
        ("dec 32", "“dec 32” is not a date or time: try today, tomorrow, fri, +3d, in 2 hours, 17:00, 2026-12-01 or 2026-12-01 17:00."),
        ("feb 30 2027", "“feb 30 2027” is not a date: February 2027 has 28 days."),

        ("2026-02-30", "“2026-02-30” is not a date: February 2026 has 28 days."),
        ("2028-02-30", "“2028-02-30” is not a date: February 2028 has 29 days."),
        ("2026-04-31", "“2026-04-31” is not a date: April 2026 has 30 days."),
        ("2026-12-00", "“2026-12-00” is not a date: December 2026 has 31 days."),
        ("2026-13-01", "“2026-13-01” is not a date: months go from 01 to 12."),
        ("2026-00-10", "“2026-00-10” is not a date: months go from 01 to 12."),
        ("0000-01-01", "“0000-01-01” is out of range: todo-remind takes dates from 1900-01-01 to 9999-12-30."),
        ("1899-12-31", "“1899-12-31” is out of range: todo-remind takes dates from 1900-01-01 to 9999-12-30."),
        ("9999-12-31", "“9999-12-31” is out of range: todo-remind takes dates from 1900-01-01 to 9999-12-30."),
        ("2026-1-5", "“2026-1-5” is not a date: write it as YYYY-MM-DD, such as 2026-12-01."),
        ("26-12-01", "“26-12-01” is not a date: write it as YYYY-MM-DD, such as 2026-12-01."),
        ("2026-12-01-02", "“2026-12-01-02” is not a date: write it as YYYY-MM-DD, such as 2026-12-01."),
        ("2026-02-30 17:00", "“2026-02-30” is not a date: February 2026 has 28 days."),
        ("2026-02-30T17:00", "“2026-02-30” is not a date: February 2026 has 28 days."),

        ("25:00", "“25:00” is not a time of day: hours go from 0 to 23."),
        ("24:00", "“24:00” is not a time of day: hours go from 0 to 23."),
        ("tomorrow 25:00", "“25:00” is not a time of day: hours go from 0 to 23."),
        ("2026-12-01T25:00", "“25:00” is not a time of day: hours go from 0 to 23."),
        ("2026-12-01T25:00Z", "“25:00” is not a time of day: hours go from 0 to 23."),
        ("17:60", "“17:60” is not a time of day: minutes go from 00 to 59."),
        ("2026-12-01 17:00:60", "“17:00:60” is not a time of day: seconds go from 00 to 59."),
        ("13pm", "“13pm” is not a time of day: with am/pm, hours go from 1 to 12."),
        ("0am", "“0am” is not a time of day: with am/pm, hours go from 1 to 12."),
        ("fri 13 PM", "“13 PM” is not a time of day: with am/pm, hours go from 1 to 12."),
        ("5:60pm", "“5:60pm” is not a time of day: minutes go from 00 to 59."),
        ("17:5", "“17:5” is not a time of day: write it as 17:00, 9:30, 5pm or noon."),
        ("17", "“17” is not a time of day: write it as 17:00, 9:30, 5pm or noon."),
        ("today 1700", "“1700” is not a time of day: write it as 17:00, 9:30, 5pm or noon."),
        ("5:30:00pm", "“5:30:00pm” is not a time of day: write it as 17:00, 9:30, 5pm or noon."),
        ("17:00Z", "“17:00Z” is not a time of day: write it as 17:00, 9:30, 5pm or noon."),
        ("tomorrow 17:00+01:00", "“17:00+01:00” is not a time of day: write it as 17:00, 9:30, 5pm or noon."),

        ("2026-12-01T17:00+25:00", "“+25:00” is not a UTC offset: write Z or ±HH:MM with hours up to 23, such as +01:00 or -05:00."),
        ("2026-12-01T17:00+1", "“+1” is not a UTC offset: write Z or ±HH:MM with hours up to 23, such as +01:00 or -05:00."),
        ("2026-12-01T17:00+01:0", "“+01:0” is not a UTC offset: write Z or ±HH:MM with hours up to 23, such as +01:00 or -05:00."),

        ("+-3d", "“+-3d” is not an offset: write a whole number and a unit, such as +3d, +2w, +4h, +30m or in 2 hours."),
        ("+3x", "“+3x” is not an offset: write a whole number and a unit, such as +3d, +2w, +4h, +30m or in 2 hours."),
        ("+3", "“+3” is not an offset: write a whole number and a unit, such as +3d, +2w, +4h, +30m or in 2 hours."),
        ("+d", "“+d” is not an offset: write a whole number and a unit, such as +3d, +2w, +4h, +30m or in 2 hours."),
        ("+1.5h", "“+1.5h” is not an offset: write a whole number and a unit, such as +3d, +2w, +4h, +30m or in 2 hours."),
        ("in three days", "“in three days” is not an offset: write a whole number and a unit, such as +3d, +2w, +4h, +30m or in 2 hours."),
        ("in 3 fortnights", "“in 3 fortnights” is not an offset: write a whole number and a unit, such as +3d, +2w, +4h, +30m or in 2 hours."),
        ("in 3", "“in 3” is not an offset: write a whole number and a unit, such as +3d, +2w, +4h, +30m or in 2 hours."),
        ("-3d", "“-3d” is not an offset: offsets count forward from now, such as +3d or in 3 days."),
        ("in -3 days", "“in -3 days” is not an offset: offsets count forward from now, such as +3d or in 3 days."),
        ("+99999999999999d", "“+99999999999999d” is too far ahead: offsets go up to 100 years."),
        ("+99999999999999999999999999999h", "“+99999999999999999999999999999h” is too far ahead: offsets go up to 100 years."),
        ("in 99999999999999 minutes", "“in 99999999999999 minutes” is too far ahead: offsets go up to 100 years."),

        ("eod 17:00", "“eod 17:00” cannot take a time of day: only a day such as today, fri, +2d or 2026-12-01 can be followed by one."),
        ("+4h 10:00", "“+4h 10:00” cannot take a time of day: only a day such as today, fri, +2d or 2026-12-01 can be followed by one."),
        ("in 2 hours at 5pm", "“in 2 hours at 5pm” cannot take a time of day: only a day such as today, fri, +2d or 2026-12-01 can be followed by one."),
        ("2026-12-01T17:00 18:00", "“2026-12-01T17:00 18:00” cannot take a time of day: only a day such as today, fri, +2d or 2026-12-01 can be followed by one."),
    ])
    func errors(text: String, message: String) {
        let asDue = #expect(throws: WhenError.self) { try Self.parser.due(from: text) }
        #expect(asDue?.message == message)
        let asInstant = #expect(throws: WhenError.self) { try Self.parser.instant(from: text) }
        #expect(asInstant == asDue)
    }

    @Test("Errors carry the offending part as typed", arguments: [
        ("2026-02-30", WhenError.noSuchDay("2026-02-30", year: 2026, month: 2)),
        ("Tomorrow 25:00", .hourOutOfRange("25:00")),
        ("5 PM blah", .unrecognized("5 PM blah")),
        ("  BLAH  ", .unrecognized("BLAH")),
        ("+3X", .malformedOffset("+3X")),
        ("", .empty),
    ])
    func errorCases(text: String, expected: WhenError) {
        #expect(throws: expected) { try Self.parser.due(from: text) }
    }
}
