import Foundation
import Testing
import TodoCore
import TodoRecurrence

/// The engine against an independent reference: python-dateutil's expansion,
/// turned into instants by the DST rules of docs/ARCHITECTURE.md §2 in Python
/// (`scripts/recurrence-fixtures.py`, run again to regenerate).
@Suite("Recurrence against python-dateutil")
struct RecurrenceFixtureTests {
    @Test("the fixture file holds at least 200 rules in the four zones")
    func fixturesAreThere() throws {
        let document = try #require(RecurrenceFixture.document, "Fixtures/recurrence.json is missing or unreadable")
        #expect(document.rules >= 200)
        #expect(Set(document.cases.map(\.zone)) == ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Chatham"])
    }

    @Test("the first 50 occurrences are dateutil's", arguments: RecurrenceFixture.all)
    func firstOccurrences(_ fixture: RecurrenceFixture) throws {
        let recurrence = try Recurrence(rule: RepeatRule(rrule: fixture.rule), start: fixture.recurrenceStart)

        let got = recurrence.first(50).map(RecurrenceFixture.Occurrence.init)

        if let index = zip(got, fixture.occurrences).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("occurrence \(index + 1): got \(got[index]), dateutil says \(fixture.occurrences[index])")
        }
        #expect(got.count == fixture.occurrences.count, "got \(got.count) occurrences, dateutil \(fixture.occurrences.count)")
    }

    @Test("a task's repeat, started at the due as typed, gives dateutil's occurrences: a start in a DST gap keeps the hour typed",
          arguments: RecurrenceFixture.all.filter { $0.start.contains("T") })
    func taskRepeatAsTyped(_ fixture: RecurrenceFixture) throws {
        guard case .time(let day, let seconds, let zone) = try fixture.recurrenceStart else { return }
        // What `add --due … --repeat …` keeps: the due's instant and the reading typed.
        let due = Due.time(WallClock(timeZone: zone).instant(on: day, secondsIntoDay: seconds))
        let repeating = try TaskRepeat(parsing: fixture.rule, from: .due, due: due,
                                       typed: WallReading(day: day, secondsIntoDay: seconds), zone: zone)

        let got = try repeating.recurrence().first(50).map(RecurrenceFixture.Occurrence.init)

        #expect(got == fixture.occurrences)
    }

    /// Where `occurrences(after:)` is asked to go on from: early, in the
    /// middle and near the end of the fixture's 50.
    static let resumptions = [0, 1, 6, 17, 30, 44]

    @Test("asked for what follows one of its occurrences, the series goes on as dateutil's (libical jumps ahead rather than expanding from the start)",
          arguments: RecurrenceFixture.all)
    func occurrencesAfterOne(_ fixture: RecurrenceFixture) throws {
        let recurrence = try Recurrence(rule: RepeatRule(rrule: fixture.rule), start: fixture.recurrenceStart)

        for index in Self.resumptions where index < fixture.occurrences.count {
            let after = fixture.occurrences[index]
            // Strictly later, in the series' order: where DST puts two
            // wall-clock readings on one instant, or out of order (a time in
            // a gap moves past the next reading), position alone does not say.
            let expected = Array(fixture.occurrences.filter { $0.isLater(than: after) }.prefix(5))
            let got = recurrence.occurrences(after: after.due, limit: expected.count).map(RecurrenceFixture.Occurrence.init)
            #expect(got == expected, "after occurrence \(index + 1), \(after)")
        }
    }
}
