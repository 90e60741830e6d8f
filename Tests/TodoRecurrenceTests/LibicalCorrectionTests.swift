import Testing
import TodoCore
import TodoRecurrence

/// Shapes libical 3.0.16 gets wrong, corrected by the engine (the fixtures
/// cover them at length; these read as the issue states them).
@Suite("libical's known mistakes are corrected")
struct LibicalCorrectionTests {
    private func days(_ isos: [String]) -> [Due] {
        isos.map { .day(Given.day($0)) }
    }

    @Test("BYSETPOS in a WEEKLY rule chooses within each week (libical #795 ignores it)")
    func weeklySetPosition() throws {
        let recurrence = try Given.recurrence("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", from: .day(Given.day("2026-11-16")))

        #expect(recurrence.first(3) == days(["2026-11-20", "2026-11-27", "2026-12-04"]))
    }

    @Test("BYSETPOS counts from the start of the week, before the due if need be (RFC 5545, unlike dateutil #1398)")
    func weeklySetPositionFromWeekStart() throws {
        // Tuesday's week began on Monday 16 November, the first weekday of that week: before the due, so skipped.
        let recurrence = try Given.recurrence("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1", from: .day(Given.day("2026-11-17")))

        #expect(recurrence.first(2) == days(["2026-11-23", "2026-11-30"]))
    }

    @Test("a negative BYMONTHDAY limits a DAILY rule (libical #791 yields nothing)")
    func dailyLastDays() throws {
        let recurrence = try Given.recurrence("FREQ=DAILY;BYMONTHDAY=-1,-2", from: .day(Given.day("2028-02-01")))

        #expect(recurrence.first(4) == days(["2028-02-28", "2028-02-29", "2028-03-30", "2028-03-31"]))
    }

    @Test("COUNT counts the occurrences kept after correcting")
    func countAfterCorrection() throws {
        let recurrence = try Given.recurrence("FREQ=DAILY;BYMONTHDAY=-1;COUNT=2", from: .day(Given.day("2028-02-01")))

        #expect(recurrence.first(5) == days(["2028-02-29", "2028-03-31"]))
    }

    @Test("BYSETPOS in a DAILY rule chooses among the day's times (libical ignores it too)")
    func dailySetPosition() throws {
        let recurrence = try Given.recurrence("FREQ=DAILY;BYHOUR=8,12,18;BYSETPOS=-1", from: Given.start("2026-11-16 13:00", "Europe/Berlin"))

        #expect(recurrence.first(2) == [
            .time(Given.instant("2026-11-16T18:00:00+01:00")),
            .time(Given.instant("2026-11-17T18:00:00+01:00")),
        ])
    }
}
