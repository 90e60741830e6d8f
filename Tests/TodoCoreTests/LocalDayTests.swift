import Testing
import TodoCore

@Suite("LocalDay")
struct LocalDayTests {
    @Test("Known days sit at known distances from 1970-01-01 and on known weekdays", arguments: [
        // (day, days since epoch, weekday 0 = Sunday), checked against Python's datetime.
        ("0001-01-01", -719_162, 1),
        ("1600-03-01", -135_080, 3),
        ("1900-01-01", -25_567, 1),
        ("1969-12-31", -1, 3),
        ("1970-01-01", 0, 4),
        ("2000-02-29", 11_016, 2),
        ("2000-03-01", 11_017, 3),
        ("2026-12-01", 20_788, 2),
        ("2100-02-28", 47_540, 0),
        ("2100-03-01", 47_541, 1),
        ("2400-02-29", 157_113, 2),
        ("2400-12-31", 157_419, 0),
        ("9999-12-31", 2_932_896, 5),
    ])
    func anchors(iso: String, daysSinceEpoch: Int, weekday: Int) {
        let day = CoreFixtures.day(iso)
        #expect(day.daysSinceEpoch == daysSinceEpoch)
        #expect(LocalDay(daysSinceEpoch: daysSinceEpoch) == day)
        #expect(day.weekday == weekday)
    }

    @Test("Every day from 1900 through 2400 round-trips through days since epoch, one after another")
    func roundTripsOverFiveCenturies() {
        // Walk the calendar by hand, independently of the algorithm under test.
        var (year, month, dayOfMonth) = (1900, 1, 1)
        var count = -25_567
        var weekday = 1
        var failures = 0
        while year <= 2400 {
            let day = LocalDay(year: year, month: month, day: dayOfMonth)!
            if day.daysSinceEpoch != count || LocalDay(daysSinceEpoch: count) != day || day.weekday != weekday {
                failures += 1
                if failures <= 5 { Issue.record("\(day) does not sit at \(count) (weekday \(weekday))") }
            }
            dayOfMonth += 1
            if dayOfMonth > LocalDay.daysIn(month: month, year: year) {
                dayOfMonth = 1
                month += 1
                if month > 12 { month = 1; year += 1 }
            }
            count += 1
            weekday = (weekday + 1) % 7
        }
        #expect(failures == 0)
        #expect(count == 157_420)
    }

    @Test("Leap years follow the Gregorian rule", arguments: [
        ("2000-02-29", true), ("2100-02-29", false), ("1900-02-29", false), ("2400-02-29", true),
        ("2024-02-29", true), ("2026-02-29", false), ("2026-02-28", true), ("1600-02-29", true),
    ])
    func leapDays(iso: String, exists: Bool) {
        #expect((LocalDay(iso: iso) != nil) == exists)
        let parts = iso.split(separator: "-").map { Int($0)! }
        #expect((LocalDay(year: parts[0], month: parts[1], day: parts[2]) != nil) == exists)
    }

    @Test("daysIn(month:year:) gives each month's length", arguments: [
        (1, 2026, 31), (2, 2026, 28), (2, 2024, 29), (2, 2000, 29), (2, 2100, 28), (3, 2026, 31),
        (4, 2026, 30), (6, 2026, 30), (9, 2026, 30), (11, 2026, 30), (12, 2026, 31),
    ])
    func monthLengths(month: Int, year: Int, days: Int) {
        #expect(LocalDay.daysIn(month: month, year: year) == days)
    }

    @Test("Creating a day checks year, month and day", arguments: [
        (0, 1, 1), (10_000, 1, 1), (2026, 0, 1), (2026, 13, 1), (2026, 1, 0), (2026, 1, 32),
        (2026, 4, 31), (2026, 2, 29), (-1, 1, 1),
    ])
    func rejectsImpossibleDays(year: Int, month: Int, day: Int) {
        #expect(LocalDay(year: year, month: month, day: day) == nil)
    }

    @Test("Parses exactly YYYY-MM-DD", arguments: [
        ("2026-12-01", 2026, 12, 1), ("2000-02-29", 2000, 2, 29), ("0042-03-04", 42, 3, 4),
        ("9999-12-31", 9999, 12, 31),
    ])
    func parses(text: String, year: Int, month: Int, day: Int) {
        let parsed = LocalDay(iso: text)
        #expect(parsed == LocalDay(year: year, month: month, day: day))
        #expect(parsed?.description == text)
    }

    @Test("Rejects every other shape and every day that does not exist", arguments: [
        "", "2026", "2026-12", "20261201", "2026-12-1", "2026-1-01", "26-12-01", "02026-12-01",
        "2026-012-01", "2026-12-001", "2026/12/01", "2026.12.01", "2026-12-01-", "-2026-12-01",
        " 2026-12-01", "2026-12-01 ", "2026-12-01T00:00", "2026-12-01\n",
        "2026-13-01", "2026-00-10", "2026-12-00", "2026-12-32", "2026-02-30", "2026-04-31",
        "2100-02-29", "0000-01-01",
        "+202-12-01", "2026-+1-01", "2026-12-+1", "+026-12-01",
        "２０２６-12-01", "٢٠٢٦-١٢-٠١", "2026-12-0١",
    ])
    func rejects(text: String) {
        #expect(LocalDay(iso: text) == nil)
    }

    @Test("Parses any StringProtocol, substrings included")
    func parsesSubstring() {
        let line = "due 2026-12-01 at noon"
        let slice = line.split(separator: " ")[1]
        #expect(LocalDay(iso: slice) == CoreFixtures.day("2026-12-01"))
    }

    @Test("adding(days:) crosses months, years and leap days both ways", arguments: [
        ("2026-12-31", 1, "2027-01-01"),
        ("2027-01-01", -1, "2026-12-31"),
        ("2024-02-28", 1, "2024-02-29"),
        ("2024-02-29", 1, "2024-03-01"),
        ("2100-02-28", 1, "2100-03-01"),
        ("2026-03-08", 0, "2026-03-08"),
        ("1970-01-01", -1, "1969-12-31"),
        ("2026-06-15", 365, "2027-06-15"),
        ("2026-06-15", -36_525, "1926-06-15"),
    ])
    func adding(from: String, days: Int, expected: String) {
        #expect(CoreFixtures.day(from).adding(days: days) == CoreFixtures.day(expected))
    }

    @Test("Days order by year, then month, then day")
    func ordering() {
        let days = ["2026-12-01", "2026-01-31", "2025-12-31", "2026-02-01", "1999-12-31"].map(CoreFixtures.day)
        #expect(days.sorted().map(\.description) == ["1999-12-31", "2025-12-31", "2026-01-31", "2026-02-01", "2026-12-01"])
        #expect(CoreFixtures.day("2026-12-01") == LocalDay(year: 2026, month: 12, day: 1))
        #expect(!(CoreFixtures.day("2026-12-01") < CoreFixtures.day("2026-12-01")))
    }

    @Test("Prints ISO 8601 with zero padding")
    func description() {
        #expect(LocalDay(year: 7, month: 3, day: 9)!.description == "0007-03-09")
        #expect(LocalDay(year: 2026, month: 12, day: 1)!.description == "2026-12-01")
    }
}
