import Foundation
import Testing
import TodoCore
import TodoNotify
import TodoStore
@testable import TodoDaemon

/// Each reminder fires at most once across restarts; one missed while the
/// daemon was down or the machine slept fires once, late, within the
/// catch-up window, and is recorded skipped beyond it (docs/ARCHITECTURE.md §2).
@Suite("Reminder engine: restarts, catch-up and skips")
struct ReminderEngineRestartTests {
    typealias T = EngineTime

    @Test("A restart after the reminder was delivered fires nothing",
          arguments: [30, 3 * 3_600, 11 * 3_600] as [TimeInterval])
    func restartAfterDelivery(after delay: TimeInterval) throws {
        // Given a reminder delivered at 09:00
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let first = try fixture.startDaemon()
        try first.fire(at: T.at(9))
        try first.succeedAll()

        // When a new daemon starts on the same store
        fixture.clock.now = T.at(9).addingTimeInterval(delay)
        let second = try fixture.startDaemon()

        // Then it fires nothing and leaves the ledger as it was
        #expect(second.jobs.isEmpty)
        #expect(second.timer.armedAt == nil)
        #expect(try fixture.record(task, .morning)?.status == .delivered)
        #expect(try fixture.record(task, .morning)?.attempts == 1)
    }

    /// How the previous daemon stopped with the reminder unfinished.
    enum Unfinished: String, CaseIterable, Sendable {
        /// It crashed after handing the reminder over, before an answer came.
        case sending
        /// The show failed, and it crashed before trying again.
        case failed
    }

    @Test("A restart after a crash mid-delivery tries the reminder again, once", arguments: Unfinished.allCases)
    func restartAfterCrash(left unfinished: Unfinished) throws {
        // Given a reminder fired at 09:00 whose delivery never finished
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let first = try fixture.startDaemon()
        try first.fire(at: T.at(9))
        if unfinished == .failed {
            try first.failAll(EngineFixture.noServer)
        }
        #expect(try fixture.record(task, .morning)?.status.rawValue == unfinished.rawValue)

        // When a new daemon starts at 09:05, and plans again for every reason it can
        fixture.clock.now = T.at(9, 5)
        let second = try fixture.startDaemon()
        try second.engine.storeChanged()
        try second.engine.timerFired()
        try second.engine.clockChanged()

        // Then it tries the reminder again, once, as the second attempt, under
        // the first attempt's stack tag, so a server can replace that bubble
        let job = try #require(second.jobs.only)
        #expect(job.stackTag == first.jobs.only?.stackTag)
        #expect(job.stackTag == "todo-remind \(task.id) morning day 2026-06-15")
        #expect(try fixture.ledger().count == 1)
        #expect(job.reminder == Reminder.of(task, .morning, at: T.at(9)))
        #expect(job.attempt == 2)
        #expect(try fixture.record(task, .morning)?.status == .sending)

        // When the server takes it
        try second.succeedAll()

        // Then it is delivered, on the second attempt, and a third daemon fires nothing
        #expect(try fixture.record(task, .morning)?.status == .delivered)
        #expect(try fixture.record(task, .morning)?.attempts == 2)
        fixture.clock.now = T.at(9, 10)
        #expect(try fixture.startDaemon().jobs.isEmpty)
    }

    @Test("A reminder missed while away fires once, late, and says it was missed", arguments: Absence.allCases)
    func missedFiresLate(absence: Absence) throws {
        // Given a daemon started at 08:00 waiting for a 09:00 reminder
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()
        #expect(daemon.timer.armedAt == T.at(9))

        // When the daemon comes back at 12:00, three hours past the reminder
        let back = try absence.comeBack(daemon, in: fixture, at: T.at(12))

        // Then the reminder fires once, now, marked missed
        let job = try #require(back.jobs.only)
        #expect(job.reminder.at == T.at(9))
        #expect(job.notification.body.contains("missed at 09:00"))
        let lines = try back.showAll()
        #expect(lines == ["[reminder] Water the plants — Due today · missed at 09:00 — todo-remind done 1 — todo-remind snooze 1"])
        let record = try #require(try fixture.record(task, .morning))
        #expect(record.status == .delivered)
        #expect(record.firedAt == T.at(12))

        // And planning again, or another restart, fires nothing more.
        try back.engine.timerFired()
        fixture.clock.now = T.at(12, 30)
        #expect(try fixture.startDaemon().jobs.isEmpty)
        #expect(back.jobs.count == 1)
    }

    @Test("A reminder older than the catch-up window when the daemon comes back is recorded skipped, never shown",
          arguments: Absence.allCases)
    func olderThanTheWindowIsSkipped(absence: Absence) throws {
        // Given a daemon started at 08:00 waiting for a 09:00 reminder, and the default 12 h window
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()

        // When the daemon comes back at 22:00, thirteen hours past the reminder
        let back = try absence.comeBack(daemon, in: fixture, at: T.at(22))

        // Then nothing is shown, and the ledger says skipped
        #expect(back.jobs.isEmpty)
        let record = try #require(try fixture.record(task, .morning))
        #expect(record.status == .skipped)
        #expect(record.detail == "older than the catch-up window")
        #expect(record.firedAt == T.at(22))

        // And neither planning again nor restarting shows it later.
        try back.engine.timerFired()
        fixture.clock.now = T.at(23)
        #expect(try fixture.startDaemon().jobs.isEmpty)
        #expect(back.jobs.isEmpty)
        #expect(try fixture.record(task, .morning)?.status == .skipped)
    }

    @Test("A daemon stopped cleanly, then started after the window, records the skip")
    func skippedAfterCleanStop() throws {
        // Given a daemon that ran from 08:00 and stopped cleanly at 08:30
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let first = try fixture.startDaemon()
        fixture.clock.now = T.at(8, 30)
        first.engine.saveWatermark()

        // When the next daemon starts the following morning at 08:00
        fixture.clock.now = T.at(8, plusDays: 1)
        let second = try fixture.startDaemon()

        // Then yesterday's reminder is skipped, not shown
        #expect(second.jobs.isEmpty)
        #expect(try fixture.record(task, .morning)?.status == .skipped)
    }

    /// A catch-up window, how late the daemon came back, and whether the reminder then fires.
    struct CatchUp: Sendable, CustomTestStringConvertible {
        let windowHours: Double
        let lateMinutes: Double
        let fires: Bool

        var testDescription: String {
            "\(fires ? "fires" : "is skipped") \(Int(lateMinutes)) min late with a \(windowHours) h window"
        }
    }

    static let catchUps: [CatchUp] = [
        CatchUp(windowHours: 1, lateMinutes: 30, fires: true),
        CatchUp(windowHours: 1, lateMinutes: 59, fires: true),
        CatchUp(windowHours: 1, lateMinutes: 60, fires: true),
        CatchUp(windowHours: 1, lateMinutes: 61, fires: false),
        CatchUp(windowHours: 1, lateMinutes: 180, fires: false),
        CatchUp(windowHours: 12, lateMinutes: 180, fires: true),
        CatchUp(windowHours: 12, lateMinutes: 12 * 60, fires: true),
        CatchUp(windowHours: 12, lateMinutes: 12 * 60 + 1, fires: false),
    ]

    @Test("The catch-up window comes from the policy", arguments: catchUps)
    func catchUpWindowFromPolicy(catchUp: CatchUp) throws {
        // Given a daemon with this catch-up window, started at 08:00
        let fixture = try EngineFixture(now: T.at(8), policy: ReminderPolicy(catchUpWindow: catchUp.windowHours * 3_600, overdueInDigest: false))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        _ = try fixture.startDaemon()

        // When it is restarted this late after the 09:00 reminder
        fixture.clock.now = T.at(9).addingTimeInterval(catchUp.lateMinutes * 60)
        let restarted = try fixture.startDaemon()

        // Then the reminder fires, late, or is recorded skipped
        #expect(restarted.jobs.count == (catchUp.fires ? 1 : 0))
        #expect(try fixture.record(task, .morning)?.status == (catchUp.fires ? .sending : .skipped))
    }

    @Test("With catch-up-hours = 0 a reminder still fires on time, the moment after its instant",
          arguments: [0, 0.001, 2] as [TimeInterval])
    func zeroWindowStillFiresOnTime(lateBy lateness: TimeInterval) throws {
        // Given a daemon that catches nothing up, waiting for a 09:00 reminder
        let fixture = try EngineFixture(now: T.at(8), policy: ReminderPolicy(catchUpWindow: 0, overdueInDigest: false))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()

        // When the timer wakes it at 09:00, or as a real timer does, a moment later
        try daemon.fire(at: T.at(9).addingTimeInterval(lateness))

        // Then the reminder fires, on time
        let job = try #require(daemon.jobs.only)
        #expect(job.reminder.taskID == task.id)
        #expect(!job.notification.body.contains("missed"))
    }

    @Test("After an outage of seconds, a reminder that passed meanwhile is shown marked missed, and one on time is not",
          arguments: [(1, false), (2, false), (3, true), (30, true), (59, true)] as [(TimeInterval, Bool)])
    func shortOutageIsMissed(downFor seconds: TimeInterval, missed: Bool) throws {
        // Given a daemon waiting for a 09:00 reminder, killed just before it
        let fixture = try EngineFixture(now: T.at(8), policy: ReminderPolicy(overdueInDigest: false))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        _ = try fixture.startDaemon()

        // When the next one starts this long after the instant
        fixture.clock.now = T.at(9).addingTimeInterval(seconds)
        let restarted = try fixture.startDaemon()

        // Then the reminder fires, and says "missed" once it was more than on time allows
        let job = try #require(restarted.jobs.only)
        #expect(job.reminder.taskID == task.id)
        #expect(job.notification.body.contains("missed") == missed, "\(job.notification.body)")
    }

    @Test("With catch-up-hours = 0 a reminder more than a minute old when the daemon comes back is skipped",
          arguments: Absence.allCases)
    func zeroWindowSkipsMissed(absence: Absence) throws {
        // Given a daemon that catches nothing up, waiting for a 09:00 reminder
        let fixture = try EngineFixture(now: T.at(8), policy: ReminderPolicy(catchUpWindow: 0, overdueInDigest: false))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()

        // When it comes back at 09:05
        let back = try absence.comeBack(daemon, in: fixture, at: T.at(9, 5))

        // Then the reminder is skipped
        #expect(back.jobs.isEmpty)
        #expect(try fixture.record(task, .morning)?.status == .skipped)
    }

    @Test("A delivery left unfinished until after the window closed is recorded skipped at start")
    func unfinishedBeyondTheWindow() throws {
        // Given a reminder fired at 09:00 by a daemon that crashed before an answer came
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let first = try fixture.startDaemon()
        try first.fire(at: T.at(9))

        // When the next daemon starts at 21:30, past the 12 h window
        fixture.clock.now = T.at(21, 30)
        let second = try fixture.startDaemon()

        // Then it is not tried again, and the ledger says why
        #expect(second.jobs.isEmpty)
        let record = try #require(try fixture.record(task, .morning))
        #expect(record.status == .skipped)
        #expect(record.detail == "not shown before the catch-up window closed")
        #expect(record.attempts == 1)
    }
}
