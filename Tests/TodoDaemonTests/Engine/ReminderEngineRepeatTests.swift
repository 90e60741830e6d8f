import Foundation
import Testing
import TodoCore
import TodoRecurrence
import TodoStore
@testable import TodoDaemon

/// Repeating tasks in the daemon: each occurrence's reminder fires
/// once at its wall-clock time, across DST, and missed occurrences collapse.
@Suite("Engine: repeating tasks")
struct ReminderEngineRepeatTests {
    static let berlin = EngineTime.berlin

    static func nineOClock(_ day: Int, march: Bool = true) -> Date {
        WallClock(timeZone: berlin).instant(on: LocalDay(year: 2026, month: 3, day: day)!, at: TimeOfDay(hour: 9, minute: 0)!)
    }

    /// Adds a task due at `due`, repeating by `rule`, anchored in Berlin.
    static func addRepeating(_ fixture: EngineFixture, _ title: String, due: Due, rule: String) throws -> TodoTask {
        var draft = try TaskDraft(title: title, due: due)
        draft.repeating = try TaskRepeat(parsing: rule, from: .due, due: due, zone: berlin)
        return try fixture.store.add(draft, now: fixture.clock.now)
    }

    @Test("A daily 09:00 task in Berlin fires at 09:00 local on 28, 29 and 30 March 2026, across the change to summer time")
    func dailyAcrossDST() throws {
        let fixture = try EngineFixture(now: Self.nineOClock(27).addingTimeInterval(3 * 3600))
        let task = try Self.addRepeating(fixture, "Water plants", due: .time(Self.nineOClock(28)), rule: "daily")
        let daemon = try fixture.startDaemon()

        var fired: [Date] = []
        for day in [28, 29, 30] {
            let nine = Self.nineOClock(day)
            // The timer is armed for 09:00 on the wall clock, whatever the offset.
            #expect(daemon.timer.armedAt == nine, "day \(day)")
            try daemon.fire(at: nine)
            fired += daemon.jobs.dropFirst(fired.count).map(\.firesAt)
            try daemon.succeedAll()
            // Done a few minutes later: the series moves on to the next day.
            fixture.clock.now = nine.addingTimeInterval(300)
            _ = try fixture.store.markDone(ids: [task.id], at: fixture.clock.now, in: Self.berlin)
            try daemon.engine.storeChanged()
        }

        #expect(fired == [Self.nineOClock(28), Self.nineOClock(29), Self.nineOClock(30)])
        // 09:00 was 08:00 UTC before the change and 07:00 UTC after it.
        #expect(fired.map { Int($0.timeIntervalSince1970) % 86_400 / 3600 } == [8, 7, 7])
        #expect(try fixture.ledger().count == 3)
    }

    @Test("A daily task four days late has one open occurrence and one catch-up reminder, then moves to the next day once")
    func fourDaysLate() throws {
        // Monday 23 March 2026, 08:00 in Berlin: a daily task due at 09:00.
        let monday = LocalDay(year: 2026, month: 3, day: 23)!
        let clock = WallClock(timeZone: Self.berlin)
        let fixture = try EngineFixture(now: clock.instant(on: monday, at: TimeOfDay(hour: 8, minute: 0)!),
                                        policy: ReminderPolicy(overdueInDigest: true))
        let task = try Self.addRepeating(fixture, "Stretch", due: .time(clock.instant(on: monday, at: TimeOfDay(hour: 9, minute: 0)!)), rule: "daily")

        // The daemon comes back on Thursday at 09:30, having missed Monday to Thursday.
        let thursday = monday.adding(days: 3)
        fixture.clock.now = clock.instant(on: thursday, at: TimeOfDay(hour: 9, minute: 30)!)
        let daemon = try fixture.startDaemon()

        #expect(daemon.jobs.count == 1)
        #expect(daemon.jobs.first?.reminders.map(\.taskID) == [task.id])
        #expect(try fixture.store.tasks(TaskQuery()).count == 1)
        try daemon.succeedAll()

        let done = try fixture.store.markDone(ids: [task.id], at: fixture.clock.now, in: Self.berlin)
        #expect(done.first?.after.due == .time(clock.instant(on: thursday.adding(days: 1), at: TimeOfDay(hour: 9, minute: 0)!)))
        try daemon.engine.storeChanged()
        #expect(daemon.jobs.count == 1)
    }
}
