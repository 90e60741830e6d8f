import Foundation
import Testing
import TodoCore
import TodoRecurrence

@Suite("The next due after completing an occurrence")
struct RecurrenceCompletionTests {
    let berlin = Given.zone("Europe/Berlin")

    @Test("a daily 09:00 task left undone Monday to Thursday and done Thursday 10:00 is next due Friday 09:00")
    func missedOccurrencesCollapse() throws {
        // Given a daily 09:00 task from Monday 16 November 2026, open since Monday
        let recurrence = try Given.recurrence("daily", from: Given.start("2026-11-16 09:00", "Europe/Berlin"))
        let monday = Due.time(Given.instant("2026-11-16T09:00:00+01:00"))

        // When Monday's occurrence is done on Thursday at 10:00
        let next = recurrence.nextDue(afterCompleting: monday, at: Given.instant("2026-11-19T10:00:00+01:00"), in: berlin)

        // Then the next due is Friday 09:00, once
        #expect(next == .time(Given.instant("2026-11-20T09:00:00+01:00")))
    }

    @Test("done before it is due, an occurrence is followed by the next one")
    func doneEarly() throws {
        let recurrence = try Given.recurrence("every mon,wed,fri", from: Given.start("2026-11-16 07:00", "Europe/Berlin"))
        let wednesday = Due.time(Given.instant("2026-11-18T07:00:00+01:00"))

        let next = recurrence.nextDue(afterCompleting: wednesday, at: Given.instant("2026-11-17T20:00:00+01:00"), in: berlin)

        #expect(next == .time(Given.instant("2026-11-20T07:00:00+01:00")))
    }

    @Test("a daily day task done today is next due tomorrow; left three days, still tomorrow, once")
    func dayTask() throws {
        let recurrence = try Given.recurrence("daily", from: .day(Given.day("2026-11-16")))
        let thursdayNoon = Given.instant("2026-11-19T12:00:00+01:00")

        #expect(recurrence.nextDue(afterCompleting: .day(Given.day("2026-11-19")), at: thursdayNoon, in: berlin)
            == .day(Given.day("2026-11-20")))
        #expect(recurrence.nextDue(afterCompleting: .day(Given.day("2026-11-16")), at: thursdayNoon, in: berlin)
            == .day(Given.day("2026-11-20")))
    }

    @Test("a day task's today is the machine's: done late on Thursday in New York it is still Thursday")
    func dayTaskToday() throws {
        let recurrence = try Given.recurrence("daily", from: .day(Given.day("2026-11-16")))
        // Friday 02:00 in Berlin is Thursday 20:00 in New York.
        let now = Given.instant("2026-11-20T02:00:00+01:00")

        #expect(recurrence.nextDue(afterCompleting: .day(Given.day("2026-11-18")), at: now, in: Given.zone("America/New_York"))
            == .day(Given.day("2026-11-20")))
        #expect(recurrence.nextDue(afterCompleting: .day(Given.day("2026-11-18")), at: now, in: berlin)
            == .day(Given.day("2026-11-21")))
    }

    @Test("COUNT ends the series: completing the last occurrence leaves no next due")
    func countEnds() throws {
        let recurrence = try Given.recurrence("FREQ=DAILY;COUNT=3", from: .day(Given.day("2026-11-16")))

        #expect(recurrence.first(10) == ["2026-11-16", "2026-11-17", "2026-11-18"].map { .day(Given.day($0)) })
        #expect(recurrence.nextDue(afterCompleting: .day(Given.day("2026-11-17")), at: Given.instant("2026-11-17T12:00:00Z"), in: berlin)
            == .day(Given.day("2026-11-18")))
        #expect(recurrence.nextDue(afterCompleting: .day(Given.day("2026-11-18")), at: Given.instant("2026-11-18T12:00:00Z"), in: berlin)
            == nil)
        #expect(recurrence.nextDue(completedAt: Given.instant("2026-11-18T12:00:00Z"), occurrencesDone: 3, in: berlin) == nil)
        #expect(recurrence.nextDue(completedAt: Given.instant("2026-11-18T12:00:00Z"), occurrencesDone: 2, in: berlin)
            == .day(Given.day("2026-11-19")))
    }

    @Test("In a file, COUNT says what is left from the open occurrence on (DTSTART moves there); every other byte of the rule stays")
    func countInAFile() throws {
        let day = { (iso: String) in Due.day(Given.day(iso)) }
        let series = TaskRepeat(rule: "FREQ=DAILY;count=5;WKST=MO", zone: nil, start: day("2026-11-16"))
        // At its first occurrence, or without a due: the rule as given.
        #expect(series.rule(countedFrom: day("2026-11-16")) == "FREQ=DAILY;count=5;WKST=MO")
        #expect(series.rule(countedFrom: nil) == "FREQ=DAILY;count=5;WKST=MO")
        // Two occurrences on: three left, the part's spelling kept.
        #expect(series.rule(countedFrom: day("2026-11-18")) == "FREQ=DAILY;count=3;WKST=MO")
        // The last occurrence: one left.
        #expect(series.rule(countedFrom: day("2026-11-20")) == "FREQ=DAILY;count=1;WKST=MO")
        // No COUNT: byte for byte, wherever the series is.
        let open = TaskRepeat(rule: "FREQ=WEEKLY;INTERVAL=2", zone: nil, start: day("2026-11-16"))
        #expect(open.rule(countedFrom: day("2026-12-14")) == "FREQ=WEEKLY;INTERVAL=2")
        // Repeating from completion, COUNT counts completions.
        let fromCompletion = TaskRepeat(rule: "FREQ=WEEKLY;COUNT=4", from: .completion, zone: nil,
                                        start: day("2026-11-16"), completedCount: 3)
        #expect(fromCompletion.rule(countedFrom: day("2026-12-09")) == "FREQ=WEEKLY;COUNT=1")
    }

    @Test("UNTIL ends the series")
    func untilEnds() throws {
        let recurrence = try Given.recurrence("FREQ=WEEKLY;UNTIL=20261130", from: .day(Given.day("2026-11-16")))
        let now = Given.instant("2026-11-24T12:00:00Z")

        #expect(recurrence.nextDue(afterCompleting: .day(Given.day("2026-11-23")), at: now, in: berlin)
            == .day(Given.day("2026-11-30")))
        #expect(recurrence.nextDue(afterCompleting: .day(Given.day("2026-11-30")), at: now, in: berlin) == nil)
        #expect(recurrence.nextDue(completedAt: now, occurrencesDone: 2, in: berlin) == nil)
    }

    @Test("repeating from completion counts the interval from the day it was done")
    func fromCompletionDay() throws {
        let haircut = try Given.recurrence("every 6 weeks", from: .day(Given.day("2026-12-21")))

        let next = haircut.nextDue(
            afterCompleting: .day(Given.day("2026-12-21")), at: Given.instant("2026-11-23T18:00:00+01:00"), from: .completion,
            occurrencesDone: 1, in: berlin
        )

        #expect(next == .day(Given.day("2027-01-04")))
    }

    @Test("repeating from completion keeps a timed task's time of day, in its own zone")
    func fromCompletionTimed() throws {
        let report = try Given.recurrence("every 2 weeks", from: Given.start("2026-10-13 17:00", "Europe/Berlin"))

        // Done on Tuesday 20 October at 21:30 Berlin (summer time); due again
        // two weeks on at 17:00, by then winter time.
        let next = report.nextDue(completedAt: Given.instant("2026-10-20T21:30:00+02:00"), occurrencesDone: 1, in: Given.zone("Asia/Tokyo"))

        #expect(next == .time(Given.instant("2026-11-03T17:00:00+01:00")))
    }

    @Test("repeating monthly from completion on the 31st ends on the month's last day")
    func fromCompletionMonthEnd() throws {
        let rent = try Given.recurrence("monthly", from: .day(Given.day("2027-01-31")))

        #expect(rent.nextDue(completedAt: Given.instant("2027-01-31T10:00:00+01:00"), occurrencesDone: 1, in: berlin)
            == .day(Given.day("2027-02-28")))
    }

    @Test("repeating from completion with BY parts continues with the rule's next day after the interval")
    func fromCompletionWithSelectors() throws {
        let timesheet = try Given.recurrence("every month on the last weekday", from: .day(Given.day("2027-01-29")))

        // Done on 10 February: a month later is 10 March, and the last weekday from then is Wednesday 31 March.
        #expect(timesheet.nextDue(completedAt: Given.instant("2027-02-10T10:00:00+01:00"), occurrencesDone: 1, in: berlin)
            == .day(Given.day("2027-03-31")))
    }

    @Test("repeating from completion, the dues to come are those if each is done on its due day; COUNT still ends them")
    func projectedFromCompletion() throws {
        // Given every 6 weeks from completion, at most 4 times, one done and the second open on 4 January
        let haircut = try Given.recurrence("FREQ=WEEKLY;INTERVAL=6;COUNT=4", from: .day(Given.day("2026-12-21")))

        let dues = haircut.projectedDues(after: .day(Given.day("2027-01-04")), occurrencesDone: 1, limit: 10)

        // Then the third and fourth, each six weeks after the one before, and no more
        #expect(dues == [.day(Given.day("2027-02-15")), .day(Given.day("2027-03-29"))])
    }

    @Test("repeating from completion, a timed task's dues to come keep its time of day in its zone, across DST")
    func projectedFromCompletionTimed() throws {
        let report = try Given.recurrence("every 2 weeks", from: Given.start("2026-10-13 17:00", "Europe/Berlin"))

        let dues = report.projectedDues(after: .time(Given.instant("2026-10-20T17:00:00+02:00")), occurrencesDone: 1, limit: 2)

        #expect(dues == [.time(Given.instant("2026-11-03T17:00:00+01:00")), .time(Given.instant("2026-11-17T17:00:00+01:00"))])
    }

    @Test("repeat from due is the default meaning of nextDue with .due")
    func dispatch() throws {
        let recurrence = try Given.recurrence("daily", from: Given.start("2026-11-16 09:00", "Europe/Berlin"))
        let monday = Due.time(Given.instant("2026-11-16T09:00:00+01:00"))
        let now = Given.instant("2026-11-19T10:00:00+01:00")

        #expect(recurrence.nextDue(afterCompleting: monday, at: now, from: .due, occurrencesDone: 1, in: berlin)
            == recurrence.nextDue(afterCompleting: monday, at: now, in: berlin))
    }
}
