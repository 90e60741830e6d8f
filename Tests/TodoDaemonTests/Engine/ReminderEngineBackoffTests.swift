import Foundation
import Testing
import TodoCore
import TodoNotify
import TodoStore
@testable import TodoDaemon

/// A failed show (no bus, no server) is not delivered: it is recorded failed,
/// logged in one line, and tried again with back-off until it succeeds or
/// would leave the catch-up window.
@Suite("Reminder engine: back-off")
struct ReminderEngineBackoffTests {
    typealias T = EngineTime

    @Test("A failed show is recorded failed with the error's sentence, and tried again 2 s, 4 s, 8 s… later, at most a minute apart")
    func backsOff() throws {
        // Given a reminder fired at 09:00, and no notification server
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(9))

        var attempt = 1
        for delay in [2.0, 4, 8, 16, 32, 60, 60] {
            // When the show fails
            let failedAt = fixture.clock.now
            try daemon.failAll(EngineFixture.noServer)

            // Then the ledger says failed, with the error's sentence, and the
            // timer waits for the next attempt
            let record = try #require(try fixture.record(task, .morning))
            #expect(record.status == .failed)
            #expect(record.detail == EngineFixture.noServer.message)
            #expect(record.attempts == attempt)
            #expect(daemon.timer.armedAt == failedAt.addingTimeInterval(delay))
            // And one line says what failed, why, and when it is tried again.
            let line = try #require(daemon.retryLines.last)
            #expect(line.level == .warning)
            #expect(line["task"] == "\(task.id)" && line["kind"] == "morning")
            #expect(line["error"] == EngineFixture.noServer.message)
            #expect(line["retry_in_s"] == "\(Int(delay))")
            #expect(line["attempt"] == "\(attempt)")
            #expect(!line.message.description.contains("\n"))

            // When the store changes a second before the attempt is due
            fixture.clock.now = failedAt.addingTimeInterval(delay - 1)
            try daemon.engine.storeChanged()
            // Then nothing is tried early
            #expect(daemon.jobs.count == attempt)

            // When the timer goes off
            try daemon.fire(at: failedAt.addingTimeInterval(delay))
            attempt += 1

            // Then the next attempt is made, on record as sending
            #expect(daemon.jobs.count == attempt)
            #expect(daemon.jobs.last?.attempt == attempt)
            #expect(try fixture.record(task, .morning)?.status == .sending)
        }
        #expect(daemon.retryLines.count == 7)

        // When a server answers at last
        let lines = try daemon.showAll()

        // Then the reminder is delivered, on the eighth attempt, and nothing more is armed
        #expect(lines.count == 1)
        let record = try #require(try fixture.record(task, .morning))
        #expect(record.status == .delivered)
        #expect(record.attempts == 8)
        #expect(daemon.timer.armedAt == nil)
        try daemon.fire(at: fixture.clock.now.addingTimeInterval(3_600))
        #expect(daemon.jobs.count == 8)
    }

    @Test("A failure of one reminder holds back no other")
    func otherRemindersGoOn() throws {
        // Given two reminders at 09:00, and a third tomorrow
        let fixture = try EngineFixture(now: T.at(8))
        let first = try fixture.add("First", due: .day(T.today))
        let second = try fixture.add("Second", due: .day(T.today))
        let third = try fixture.add("Third", due: .day(T.today.adding(days: 1)))
        let daemon = try fixture.startDaemon()

        // When at 09:00 one show times out and the other succeeds
        try daemon.fire(at: T.at(9))
        let jobs = daemon.deliverer.unanswered
        daemon.deliverer.unanswered = []
        try #require(jobs.map(\.reminder.taskID) == [first.id, second.id])
        try daemon.engine.deliveryFinished(jobs[0], result: .failure(.timedOut(after: .seconds(25))))
        try daemon.engine.deliveryFinished(jobs[1], result: .success(3))

        // Then each is recorded as it ended, and the timer waits for the retry before tomorrow
        #expect(try fixture.record(first, .morning)?.status == .failed)
        #expect(try fixture.record(first, .morning)?.detail == NotifyError.timedOut(after: .seconds(25)).message)
        #expect(try fixture.record(second, .morning)?.status == .delivered)
        #expect(daemon.timer.armedAt == T.at(9, 0, 2))
        #expect(daemon.engine.armedReminder?.taskID == third.id)

        // When the retry succeeds
        try daemon.fire(at: T.at(9, 0, 2))
        try daemon.succeedAll()

        // Then both are delivered, and the timer waits for tomorrow
        #expect(daemon.jobs.map(\.reminder.taskID) == [first.id, second.id, first.id])
        #expect(try fixture.ledger().map(\.status) == [.delivered, .delivered])
        #expect(daemon.timer.armedAt == T.at(9, plusDays: 1))
    }

    /// How late a reminder is first shown, with a 1 h catch-up window, and
    /// the attempt after which the engine gives up.
    struct GivingUp: Sendable, CustomTestStringConvertible {
        let lateSeconds: TimeInterval
        let lastAttempt: Int

        var testDescription: String {
            "first shown \(Int(lateSeconds)) s late, it gives up after attempt \(lastAttempt)"
        }
    }

    @Test("Back-off stops, recorded skipped, once the next attempt would leave the catch-up window",
          arguments: [GivingUp(lateSeconds: 3_599, lastAttempt: 1), GivingUp(lateSeconds: 3_590, lastAttempt: 3)])
    func givesUpAtTheWindow(givingUp: GivingUp) throws {
        // Given a 1 h catch-up window, and a 09:00 reminder fired this late (the machine slept)
        let fixture = try EngineFixture(now: T.at(8), policy: ReminderPolicy(catchUpWindow: 3_600, overdueInDigest: false))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(9).addingTimeInterval(givingUp.lateSeconds))

        // When every show fails
        for attempt in 1..<givingUp.lastAttempt {
            try daemon.failAll(EngineFixture.noServer)
            #expect(try fixture.record(task, .morning)?.status == .failed)
            #expect(try fixture.record(task, .morning)?.attempts == attempt)
            try daemon.fire(at: try #require(daemon.timer.armedAt))
        }
        try daemon.failAll(EngineFixture.noServer)

        // Then after the last attempt it is recorded skipped, with the error, and no retry is armed
        let record = try #require(try fixture.record(task, .morning))
        #expect(record.status == .skipped)
        #expect(record.attempts == givingUp.lastAttempt)
        #expect(record.detail == EngineFixture.noServer.message)
        #expect(daemon.timer.armedAt == nil)
        let givenUp = try #require(daemon.log.entries(of: "delivery", outcome: "given-up").only)
        #expect(givenUp["task"] == "\(task.id)" && givenUp["kind"] == "morning")
        #expect(givenUp["error"] == EngineFixture.noServer.message)

        // And it is never tried again, by this daemon or the next.
        try daemon.fire(at: T.at(10, 30))
        #expect(try fixture.startDaemon().jobs.isEmpty)
        #expect(daemon.jobs.count == givingUp.lastAttempt)
    }

    @Test("A retry whose time comes only after the catch-up window closed (the machine slept) is recorded skipped, not shown")
    func retryAfterTheWindowIsSkipped() throws {
        // Given a 09:00 reminder whose show failed, to be tried again at 09:00:02
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(9))
        try daemon.failAll(EngineFixture.noServer)
        #expect(daemon.timer.armedAt == T.at(9, 0, 2))

        // When the machine sleeps until 22:00, thirteen hours later, and the timer goes off then
        try daemon.fire(at: T.at(22))

        // Then the reminder is not shown so late: it is recorded skipped
        #expect(daemon.jobs.count == 1)
        let record = try #require(try fixture.record(task, .morning))
        #expect(record.status == .skipped)
        #expect(record.detail == "not shown before the catch-up window closed")
        #expect(record.attempts == 1)
        #expect(daemon.timer.armedAt == nil)
    }

    /// What the user does to a task while its reminder waits for a retry.
    enum Meanwhile: String, CaseIterable, Sendable {
        case completed
        case reminderOff
        case deleted
    }

    @Test("A retry of a task completed, switched off or deleted meanwhile is dropped", arguments: Meanwhile.allCases)
    func retryOfChangedTaskIsDropped(meanwhile: Meanwhile) throws {
        // Given a 09:00 reminder whose show failed, to be tried again at 09:00:02
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(9))
        try daemon.failAll(EngineFixture.noServer)
        #expect(daemon.timer.armedAt == T.at(9, 0, 2))

        // When at 09:00:01 the task is changed
        fixture.clock.now = T.at(9, 0, 1)
        switch meanwhile {
        case .completed: try fixture.change(task) { $0.completedAt = T.at(9, 0, 1) }
        case .reminderOff: try fixture.change(task) { $0.reminderOn = false }
        case .deleted: _ = try fixture.store.delete(ids: [task.id], now: Date())
        }
        try daemon.engine.storeChanged()

        // Then the retry is not made when its time comes
        try daemon.fire(at: T.at(9, 0, 2))
        #expect(daemon.jobs.count == 1)
        #expect(daemon.timer.armedAt == nil)
        // And the ledger says why (a deleted task's records go with it).
        let record = try fixture.record(task, .morning)
        if meanwhile == .deleted {
            #expect(record == nil)
        } else {
            #expect(record?.status == .skipped)
            #expect(record?.detail == "the task changed before it could be shown")
        }
    }
}
