import Foundation
import Testing
import TodoCore
import TodoNotify
import TodoStore
@testable import TodoDaemon

/// A snooze fires once at its time, through restarts, with or without a due
/// date, and never once it has been ended.
@Suite("Reminder engine: snoozes")
struct ReminderEngineSnoozeTests {
    typealias T = EngineTime

    /// Snoozes a task as the CLI would, at the clock's time.
    static func snooze(_ task: TodoTask, until: Date?, in fixture: EngineFixture) throws {
        try fixture.change(task) { $0.snoozedUntil = until }
    }

    static func key(_ task: TodoTask, at instant: Date) -> Reminder {
        Reminder.of(task, .snoozed, at: instant)
    }

    @Test("A snooze fires once at its time, and the timer then moves on")
    func firesOnce() throws {
        // Given a task due tomorrow, snoozed at 10:00 until 11:30, and a running daemon
        let fixture = try EngineFixture(now: T.at(10))
        let task = try fixture.add("Call the bank", due: .day(T.today.adding(days: 1)))
        try Self.snooze(task, until: T.at(11, 30), in: fixture)
        let daemon = try fixture.startDaemon()

        // Then the timer is armed at the snooze
        #expect(daemon.timer.armedAt == T.at(11, 30))
        #expect(daemon.engine.armedReminder == Reminder.of(task, .snoozed, at: T.at(11, 30)))

        // When 11:30 comes
        try daemon.fire(at: T.at(11, 30))

        // Then it fires once, and the ledger has it as a snoozed reminder
        let job = try #require(daemon.jobs.only)
        #expect(job.reminder == Self.key(task, at: T.at(11, 30)))
        #expect(job.notification.summary == "Call the bank")
        #expect(job.notification.body.hasPrefix("Due tomorrow"), "\(job.notification.body)")
        try daemon.succeedAll()
        #expect(try fixture.record(task, .snoozed)?.status == .delivered)

        // And planning again fires nothing more; the timer moves to tomorrow's morning reminder
        try daemon.engine.storeChanged()
        try daemon.fire(at: T.at(11, 31))
        #expect(daemon.jobs.count == 1)
        #expect(daemon.timer.armedAt == T.at(9, plusDays: 1))
    }

    @Test("A snooze on a task with no due date fires")
    func firesWithoutDueDate() throws {
        let fixture = try EngineFixture(now: T.at(10))
        let task = try fixture.add("Read that book", due: nil)
        try Self.snooze(task, until: T.at(20), in: fixture)
        let daemon = try fixture.startDaemon()
        #expect(daemon.timer.armedAt == T.at(20))

        try daemon.fire(at: T.at(20))

        #expect(daemon.jobs.map(\.reminder) == [Self.key(task, at: T.at(20))])
        #expect(try daemon.showAll().count == 1)
        #expect(try fixture.record(task, .snoozed)?.status == .delivered)
        #expect(daemon.timer.armedAt == nil)
    }

    @Test("A snooze months before the due date arms the timer")
    func farFromTheDueDate() throws {
        let fixture = try EngineFixture(now: T.at(10))
        let task = try fixture.add("Renew the passport", due: .day(T.today.adding(days: 120)))
        try Self.snooze(task, until: T.at(15), in: fixture)

        let daemon = try fixture.startDaemon()

        #expect(daemon.timer.armedAt == T.at(15))
        try daemon.fire(at: T.at(15))
        #expect(daemon.jobs.map(\.reminder) == [Self.key(task, at: T.at(15))])
    }

    @Test("A snooze made while the daemon runs is picked up from the store's change")
    func snoozedWhileRunning() throws {
        let fixture = try EngineFixture(now: T.at(10))
        let task = try fixture.add("Call the bank", due: nil)
        let daemon = try fixture.startDaemon()
        #expect(daemon.timer.armedAt == nil)

        fixture.clock.now = T.at(10, 5)
        try Self.snooze(task, until: T.at(11, 5), in: fixture)
        try daemon.engine.storeChanged()

        #expect(daemon.timer.armedAt == T.at(11, 5))
    }

    @Test("A snooze outlives a restart before its time, and fires once, not again after another restart")
    func survivesRestarts() throws {
        // Given a snooze until 11:30 made while a daemon ran, which is then killed
        let fixture = try EngineFixture(now: T.at(10))
        let task = try fixture.add("Call the bank", due: nil)
        let first = try fixture.startDaemon()
        try Self.snooze(task, until: T.at(11, 30), in: fixture)
        try first.engine.storeChanged()
        #expect(first.timer.armedAt == T.at(11, 30))

        // When a new daemon starts at 11:10
        fixture.clock.now = T.at(11, 10)
        let second = try fixture.startDaemon()

        // Then it arms the snooze and fires it at 11:30
        #expect(second.timer.armedAt == T.at(11, 30))
        try second.fire(at: T.at(11, 30))
        #expect(second.jobs.map(\.reminder) == [Self.key(task, at: T.at(11, 30))])
        try second.succeedAll()

        // And a daemon started at 11:45 fires nothing
        fixture.clock.now = T.at(11, 45)
        let third = try fixture.startDaemon()
        #expect(third.jobs.isEmpty)
        #expect(third.timer.armedAt == nil)
        #expect(first.jobs.isEmpty)
        #expect(try fixture.ledger().map(\.status) == [.delivered])
    }

    @Test("A snooze whose time passed while away fires once, late, marked missed", arguments: Absence.allCases)
    func missedSnoozeFiresLate(absence: Absence) throws {
        let fixture = try EngineFixture(now: T.at(10))
        let task = try fixture.add("Call the bank", due: .day(T.today.adding(days: 1)))
        try Self.snooze(task, until: T.at(11, 30), in: fixture)
        let daemon = try fixture.startDaemon()

        let back = try absence.comeBack(daemon, in: fixture, at: T.at(13))

        let job = try #require(back.jobs.only)
        #expect(job.reminder == Self.key(task, at: T.at(11, 30)))
        #expect(job.notification.body.contains("missed at 11:30"), "\(job.notification.body)")
        try back.succeedAll()
        fixture.clock.now = T.at(13, 30)
        #expect(try fixture.startDaemon().jobs.isEmpty)
    }

    @Test("Snoozed again after it fired, at another time, it fires again")
    func snoozedAgain() throws {
        let fixture = try EngineFixture(now: T.at(10))
        let task = try fixture.add("Call the bank", due: nil)
        try Self.snooze(task, until: T.at(11), in: fixture)
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(11))
        try daemon.succeedAll()

        // When at 11:01 it is snoozed until 12:00
        fixture.clock.now = T.at(11, 1)
        try Self.snooze(task, until: T.at(12), in: fixture)
        try daemon.engine.storeChanged()

        // Then 12:00 fires it a second time
        #expect(daemon.timer.armedAt == T.at(12))
        try daemon.fire(at: T.at(12))
        #expect(daemon.jobs.map(\.reminder) == [Self.key(task, at: T.at(11)), Self.key(task, at: T.at(12))])
    }

    /// What ends a snooze before its time.
    enum Ending: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case done, off, newDueDate, deleted, unsnoozed

        var testDescription: String {
            switch self {
            case .done: "the task is done"
            case .off: "its reminder is switched off"
            case .newDueDate: "it gets a new due date"
            case .deleted: "it is deleted"
            case .unsnoozed: "it is unsnoozed"
            }
        }

        func apply(to task: TodoTask, in fixture: EngineFixture) throws {
            switch self {
            case .done: try fixture.change(task) { $0.completedAt = fixture.clock.now }
            case .off: try fixture.change(task) { $0.reminderOn = false }
            case .newDueDate: try fixture.change(task) { $0.due = .day(T.today.adding(days: 2)) }
            case .deleted: _ = try fixture.store.delete(ids: [task.id], now: Date())
            case .unsnoozed: try fixture.change(task) { $0.snoozedUntil = nil }
            }
        }
    }

    @Test("A snooze ended before its time never fires", arguments: Ending.allCases)
    func endedSnoozeNeverFires(ending: Ending) throws {
        // Given a daemon armed at 11:30 for a snooze of a task due tomorrow
        let fixture = try EngineFixture(now: T.at(10))
        let task = try fixture.add("Call the bank", due: .day(T.today.adding(days: 1)))
        try Self.snooze(task, until: T.at(11, 30), in: fixture)
        let daemon = try fixture.startDaemon()
        #expect(daemon.timer.armedAt == T.at(11, 30))

        // When at 11:00 the snooze is ended so
        fixture.clock.now = T.at(11)
        try ending.apply(to: task, in: fixture)
        try daemon.engine.storeChanged()

        // Then the timer leaves 11:30, and neither 11:30 nor a restart fires it
        #expect(daemon.timer.armedAt != T.at(11, 30))
        try daemon.fire(at: T.at(11, 30))
        fixture.clock.now = T.at(11, 45)
        let restarted = try fixture.startDaemon()
        #expect(daemon.jobs.isEmpty)
        #expect(restarted.jobs.isEmpty)
        #expect(try fixture.ledger().isEmpty)
    }

    @Test("A retry of a snooze ended meanwhile is dropped")
    func retryOfEndedSnooze() throws {
        // Given a snooze whose show failed at 11:30, to be tried again at 11:30:02
        let fixture = try EngineFixture(now: T.at(10))
        let task = try fixture.add("Call the bank", due: nil)
        try Self.snooze(task, until: T.at(11, 30), in: fixture)
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(11, 30))
        try daemon.failAll(EngineFixture.noServer)
        #expect(daemon.timer.armedAt == T.at(11, 30, 2))

        // When at 11:30:01 it is unsnoozed
        fixture.clock.now = T.at(11, 30, 1)
        try Self.snooze(task, until: nil, in: fixture)
        try daemon.engine.storeChanged()

        // Then the retry is not made, and the ledger says why
        try daemon.fire(at: T.at(11, 30, 2))
        #expect(daemon.jobs.count == 1)
        #expect(try fixture.record(task, .snoozed)?.status == .skipped)
        #expect(try fixture.record(task, .snoozed)?.detail == "the task changed before it could be shown")
    }
}
