import Foundation
import Testing
import TodoCore
import TodoRecurrence

@Suite("Occurrences across DST: each one gets the rule of DESIGN §2 on its own")
struct RecurrenceTimeZoneTests {
    @Test("“daily at 02:30” from a spring-forward night is due 03:30 that night and 02:30 on the others")
    func gapNight() throws {
        let recurrence = try Given.recurrence("daily", from: Given.start("2026-03-28 02:30", "Europe/Berlin"))

        #expect(recurrence.first(3) == [
            .time(Given.instant("2026-03-28T02:30:00+01:00")),
            .time(Given.instant("2026-03-29T03:30:00+02:00")),
            .time(Given.instant("2026-03-30T02:30:00+02:00")),
        ])
    }

    @Test("a time repeated by a fall-back is its first occurrence, that night only")
    func repeatedHour() throws {
        let recurrence = try Given.recurrence("daily", from: Given.start("2027-11-06 01:30", "America/New_York"))

        #expect(recurrence.first(3) == [
            .time(Given.instant("2027-11-06T01:30:00-04:00")),
            .time(Given.instant("2027-11-07T01:30:00-04:00")),
            .time(Given.instant("2027-11-08T01:30:00-05:00")),
        ])
    }

    @Test("Tuesdays 17:00 anchored in Berlin stay 17:00 Berlin across DST, whatever zone asks")
    func anchoredInBerlin() throws {
        let recurrence = try Given.recurrence("FREQ=WEEKLY;BYDAY=TU", from: Given.start("2026-10-20 17:00", "Europe/Berlin"))
        let tuesdays = [
            Due.time(Given.instant("2026-10-20T17:00:00+02:00")),
            .time(Given.instant("2026-10-27T17:00:00+01:00")),
            .time(Given.instant("2026-11-03T17:00:00+01:00")),
        ]

        #expect(recurrence.first(3) == tuesdays)
        #expect(recurrence.occurrences(after: Given.instant("2026-10-21T00:00:00Z"), in: Given.zone("America/New_York"), limit: 2)
            == Array(tuesdays.dropFirst()))
        #expect(recurrence.nextDue(afterCompleting: tuesdays[0], at: Given.instant("2026-10-20T18:00:00+02:00"), in: Given.zone("Asia/Tokyo"))
            == tuesdays[1])
    }

    @Test("a UTC UNTIL is compared as an instant, not as a wall-clock reading")
    func utcUntil() throws {
        // 09:00 in New York on 14 March 2027 (summer time) is 13:00 UTC, after
        // the UNTIL of 10:00 UTC, though 09:00 reads earlier than 10:00.
        let recurrence = try Given.recurrence("FREQ=DAILY;UNTIL=20270314T100000Z", from: Given.start("2027-03-12 09:00", "America/New_York"))

        #expect(recurrence.first(5) == [
            .time(Given.instant("2027-03-12T09:00:00-05:00")),
            .time(Given.instant("2027-03-13T09:00:00-05:00")),
        ])
    }

    @Test("UNTIL includes an occurrence that falls on it exactly")
    func untilInclusive() throws {
        let recurrence = try Given.recurrence("FREQ=DAILY;UNTIL=20270313T140000Z", from: Given.start("2027-03-12 09:00", "America/New_York"))

        #expect(recurrence.first(5).count == 2)
    }

    @Test("a day task's occurrences are days, the same in every zone")
    func days() throws {
        let recurrence = try Given.recurrence("yearly", from: .day(Given.day("2028-02-29")))

        #expect(recurrence.first(2) == [.day(Given.day("2028-02-29")), .day(Given.day("2032-02-29"))])
    }

    @Test("occurrences after another come in order, strictly after it")
    func after() throws {
        let recurrence = try Given.recurrence("every month on the last weekday", from: .day(Given.day("2026-01-30")))

        #expect(recurrence.occurrences(after: .day(Given.day("2026-01-30")), limit: 5) == [
            "2026-02-27", "2026-03-31", "2026-04-30", "2026-05-29", "2026-06-30",
        ].map { .day(Given.day($0)) })
    }

    @Test("a start built from an instant reads the wall clock of its zone")
    func startFromInstant() {
        let start = RecurrenceStart.time(at: Given.instant("2026-10-20T15:00:00Z"), in: Given.zone("Europe/Berlin"))

        #expect(start == .time(Given.day("2026-10-20"), TimeOfDay(hhmm: "17:00")!, zone: Given.zone("Europe/Berlin")))
    }

    @Test("a start given to the second repeats at that second, as every occurrence takes DTSTART's seconds in RFC 5545")
    func startKeepsItsSeconds() throws {
        let start = RecurrenceStart.time(at: Given.instant("2026-10-24T09:47:36+02:00"), in: Given.zone("Europe/Berlin"))
        let recurrence = try Given.recurrence("daily", from: start)

        // Across the change to winter time on 25 October, at 09:47:36 on the wall clock.
        #expect(recurrence.first(3) == [
            "2026-10-24T09:47:36+02:00", "2026-10-25T09:47:36+01:00", "2026-10-26T09:47:36+01:00",
        ].map { .time(Given.instant($0)) })
    }
}
