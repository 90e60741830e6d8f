import Testing
import TodoCore
import TodoRecurrence

/// Shapes libical 3.0.16 gets wrong, corrected by the engine (the fixtures
/// cover them at length; these state each in its simplest case).
@Suite("libical's known mistakes are corrected")
struct LibicalCorrectionTests {
    private func days(_ isos: [String]) -> [Due] {
        isos.map { .day(Given.day($0)) }
    }

    @Test("BYSETPOS in a WEEKLY rule chooses within each week, which libical 3 ignores (libical's issue 795 on GitHub)")
    func weeklySetPosition() throws {
        let recurrence = try Given.recurrence("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", from: .day(Given.day("2026-11-16")))

        #expect(recurrence.first(3) == days(["2026-11-20", "2026-11-27", "2026-12-04"]))
    }

    @Test("BYSETPOS counts from the start of the week, before the due if need be, as RFC 5545 says and python-dateutil does not (dateutil's issue 1398 on GitHub)")
    func weeklySetPositionFromWeekStart() throws {
        // Tuesday's week began on Monday 16 November, the first weekday of that week: before the due, so skipped.
        let recurrence = try Given.recurrence("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1", from: .day(Given.day("2026-11-17")))

        #expect(recurrence.first(2) == days(["2026-11-23", "2026-11-30"]))
    }

    /// A start that the start week's chosen position passed over, and its
    /// dues as python-dateutil gives them (which cuts the week at the start,
    /// so that the start is its first occurrence).
    struct CountedStart: Sendable, CustomStringConvertible {
        let rule: String
        let start: String
        let dues: [String]
        var description: String { "\(rule) from \(start)" }
    }

    @Test("COUNT counts the start as the first due where BYSETPOS chose a day before it in its week (RFC 5545 §3.3.10)", arguments: [
        CountedStart(rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH,FR,SU;BYSETPOS=1;COUNT=9", start: "2027-04-04 01:45", dues: [
            "2027-04-04T01:45:00+11:00", "2027-04-12T01:45:00+10:30", "2027-04-26T01:45:00+10:30", "2027-05-10T01:45:00+10:30",
            "2027-05-24T01:45:00+10:30", "2027-06-07T01:45:00+10:30", "2027-06-21T01:45:00+10:30", "2027-07-05T01:45:00+10:30",
            "2027-07-19T01:45:00+10:30",
        ]),
        CountedStart(rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1;COUNT=5", start: "2028-02-29 17:00", dues: [
            "2028-02-29T17:00:00+11:00", "2028-03-06T17:00:00+11:00", "2028-03-13T17:00:00+11:00", "2028-03-20T17:00:00+11:00",
            "2028-03-27T17:00:00+11:00",
        ]),
    ])
    func countCountsAPassedOverStart(_ series: CountedStart) throws {
        let start = Given.start(series.start, "Australia/Lord_Howe")
        let recurrence = try Given.recurrence(series.rule, from: start)

        // The task is due at its start first, then at each occurrence after it.
        let dues = [Due.time(Given.instant(series.dues[0]))] + recurrence.first(50)
        #expect(dues == series.dues.map { .time(Given.instant($0)) })
    }

    @Test("a negative BYMONTHDAY limits a DAILY rule, for which libical 3 yields nothing (libical's issue 791 on GitHub)")
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
