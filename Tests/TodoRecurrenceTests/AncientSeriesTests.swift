import Foundation
import Testing
import TodoCore
import TodoRecurrence

/// A series a file starts in the year 1. libical counts
/// the days before 1753 by the Julian calendar: its expansion reached 29
/// February 100, which is no day here, and stopped as if the series had
/// ended, so `done` completed it for good on every device.
@Suite struct AncientSeriesTests {
    @Test("A series starting before the days todo-remind takes is refused with a sentence", arguments: ["0001-01-01", "1500-01-01", "1899-12-31"])
    func refused(start: String) throws {
        let rule = try RepeatRule(parsing: "FREQ=DAILY")
        let error = RepeatRuleError.startOutOfRange("FREQ=DAILY", start: start)
        #expect(throws: error) { try Recurrence(rule: rule, start: .day(Given.day(start))) }
        #expect(error.message == "“FREQ=DAILY” starts on \(start), outside the days todo-remind takes (1900-01-01 to 9999-12-30), "
            + "so its occurrences cannot be counted: move its start into those years.")
    }

    @Test("A daily series from 1900 done today is next due tomorrow")
    func dailyFrom1900() throws {
        let recurrence = try Given.recurrence("FREQ=DAILY", from: .day(Given.day("1900-01-01")))
        let next = recurrence.nextDue(afterCompleting: .day(Given.day("1900-01-01")), at: Given.instant("2026-11-27T10:00:00+01:00"),
                                      in: Given.zone("Europe/Berlin"))
        #expect(next == .day(Given.day("2026-11-28")))
    }
}
