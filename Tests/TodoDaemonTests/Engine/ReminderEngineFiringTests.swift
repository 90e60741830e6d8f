import Foundation
import Testing
import TodoCore
import TodoNotify
import TodoStore
@testable import TodoDaemon

/// The engine arms its one timer at the next reminder, fires each reminder
/// once at its instant, and keeps the ledger (docs/ARCHITECTURE.md §2, §5).
@Suite("Reminder engine: arming and firing")
struct ReminderEngineFiringTests {
    typealias T = EngineTime

    /// A task, the moment the daemon starts, and the reminder the timer should wait for.
    struct Arming: Sendable, CustomTestStringConvertible {
        let situation: String
        let due: Due
        let startAt: Date
        let kind: ReminderKind
        let expected: Date

        var testDescription: String { situation }
    }

    static let armings: [Arming] = [
        Arming(situation: "a day task due today, at 08:00: its morning reminder at 09:00",
               due: .day(T.today), startAt: T.at(8), kind: .morning, expected: T.at(9)),
        Arming(situation: "a day task due tomorrow, at 10:00: tomorrow's morning reminder",
               due: .day(T.today.adding(days: 1)), startAt: T.at(10), kind: .morning, expected: T.at(9, plusDays: 1)),
        Arming(situation: "a task due today at 17:00, at 08:00: its morning reminder at 09:00",
               due: .time(T.at(17)), startAt: T.at(8), kind: .morning, expected: T.at(9)),
        Arming(situation: "a task due today at 17:00, at 09:30: its at-due-time reminder",
               due: .time(T.at(17)), startAt: T.at(9, 30), kind: .atDueTime, expected: T.at(17)),
        Arming(situation: "a task due tomorrow at 08:30: its morning reminder today at 09:00",
               due: .time(T.at(8, 30, plusDays: 1)), startAt: T.at(8), kind: .morning, expected: T.at(9)),
    ]

    @Test("The timer is armed at the next reminder, and at nothing else", arguments: armings)
    func armsAtNextReminder(arming: Arming) throws {
        // Given a task, added just before the daemon starts
        let fixture = try EngineFixture(now: arming.startAt)
        let task = try fixture.add("Pay the rent", due: arming.due)

        // When the daemon starts
        let daemon = try fixture.startDaemon()

        // Then the timer waits for that one reminder, and nothing was shown or recorded
        let reminder = Reminder.of(task, arming.kind, at: arming.expected)
        #expect(daemon.timer.armings == [arming.expected])
        #expect(daemon.engine.armedReminder == reminder)
        #expect(try fixture.store.daemonState().armed == reminder)
        #expect(daemon.jobs.isEmpty)
        #expect(try fixture.ledger().isEmpty)
    }

    @Test("With nothing to remind, the timer is never armed")
    func nothingToArm() throws {
        // Given tasks without a due date, with their reminder off, or completed
        let fixture = try EngineFixture(now: T.at(7))
        try fixture.add("Someday", due: nil)
        try fixture.add("Quiet", due: .day(T.today), reminderOn: false)
        let done = try fixture.add("Done", due: .day(T.today))
        try fixture.change(done) { $0.completedAt = T.at(7) }

        // When the daemon starts and the day goes by
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(9))
        try daemon.fire(at: T.at(23))

        // Then it never wakes
        #expect(daemon.timer.armings.allSatisfy { $0 == nil })
        #expect(daemon.jobs.isEmpty)
    }

    @Test("Firing at the instant delivers once, recording sending, then delivered")
    func firesOnceAtTheInstant() throws {
        // Given a day task due today and a daemon started at 08:00
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today), notes: "The <big> one & the small one")
        let daemon = try fixture.startDaemon()

        // When the timer goes off at 09:00
        var statusAtHandover: DeliveryStatus?
        daemon.deliverer.onDeliver = { _ in statusAtHandover = try? fixture.record(task, .morning)?.status }
        try daemon.fire(at: T.at(9))

        // Then one job is handed over, on record as sending before it was
        // (so that a restart cannot show it again, however long the server hangs)
        #expect(statusAtHandover == .sending)
        let job = try #require(daemon.jobs.only)
        #expect(job.reminder == Reminder.of(task, .morning, at: T.at(9)))
        #expect(job.attempt == 1)
        #expect(job.notification.summary == "Water the plants")
        #expect(try fixture.record(task, .morning)
            == DeliveryRecord(reminder: Reminder.of(task, .morning, at: T.at(9)),
                              status: .sending, firedAt: T.at(9), attempts: 1))

        // When the server takes it
        let lines = try daemon.showAll()

        // Then what was shown says the task is due today, on time, and the ledger says delivered
        #expect(lines == ["[reminder] Water the plants — Due today — The <big> one & the small one — todo-remind done 1 — todo-remind snooze 1"])
        let record = try #require(try fixture.record(task, .morning))
        #expect(record.status == .delivered)
        #expect(record.attempts == 1)
        #expect(record.detail == "notification 1")
        #expect(try fixture.ledger().count == 1)
        // And nothing else is due, so the timer is disarmed.
        #expect(daemon.timer.armings == [T.at(9), nil])
        #expect(try fixture.store.ledger.lastFiredTaskReminder()?.status == .delivered)
    }

    @Test("At its due time, a timed task's reminder says it is due now")
    func firesAtDueTime() throws {
        // Given a task due at 17:00, added at 10:00, after its morning reminder's time
        let fixture = try EngineFixture(now: T.at(10))
        let task = try fixture.add("Call the plumber", due: .time(T.at(17)))
        let daemon = try fixture.startDaemon()
        #expect(daemon.timer.armedAt == T.at(17))

        // When the timer goes off at 17:00 and the server takes the notification
        try daemon.fire(at: T.at(17))
        let lines = try daemon.showAll()

        // Then the at-due-time reminder is shown, once
        #expect(daemon.jobs.map(\.reminder.kind) == [.atDueTime])
        #expect(lines == ["[reminder] Call the plumber — Due now — todo-remind done 1 — todo-remind snooze 1"])
        #expect(try fixture.record(task, .atDueTime)?.status == .delivered)
    }

    /// When the engine is asked to plan again, relative to the reminder's instant.
    static let replans: [TimeInterval] = [0, 1, 59, 3_600, 11 * 3_600]

    @Test("Planning again at the instant or later never fires the reminder a second time", arguments: replans)
    func firesOnlyOnce(after delay: TimeInterval) throws {
        // Given a reminder fired at 09:00
        let fixture = try EngineFixture(now: T.at(8))
        try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(9))

        // When the engine plans again, for every reason it can, while the show is on its way
        fixture.clock.now = T.at(9).addingTimeInterval(delay)
        try daemon.engine.timerFired()
        try daemon.engine.storeChanged()
        try daemon.engine.clockChanged()
        // and once the server took it
        try daemon.succeedAll()
        try daemon.engine.timerFired()
        try daemon.engine.storeChanged()
        try daemon.engine.clockChanged()

        // Then it was handed over once
        #expect(daemon.jobs.count == 1)
        #expect(try fixture.ledger().map(\.status) == [.delivered])
    }

    @Test("Many reminders at the same instant all fire, most urgent first, then in task order")
    func manyAtOnce() throws {
        // Given twenty day tasks due today, and five tasks due at 09:00 tomorrow,
        // whose morning reminders move to 09:00 today, with the digest off
        let fixture = try EngineFixture(now: T.at(8), policy: ReminderPolicy(digestEnabled: false, overdueInDigest: false))
        var tasks: [TodoTask] = []
        for number in 1...25 {
            let due: Due = number.isMultiple(of: 5) ? .time(T.at(9, plusDays: 1)) : .day(T.today)
            tasks.append(try fixture.add("Task \(number)", due: due))
        }
        let daemon = try fixture.startDaemon()
        #expect(daemon.timer.armings == [T.at(9)])

        // When the timer goes off at 09:00 and the server takes them all
        try daemon.fire(at: T.at(9))
        try daemon.showAll()

        // Then each task's morning reminder fired once, most urgent first (due
        // today, then due tomorrow, each by task), and all are delivered
        let dueToday = tasks.filter { $0.due == .day(T.today) }.map(\.id)
        let dueTomorrow = tasks.filter { $0.due != .day(T.today) }.map(\.id)
        #expect(daemon.jobs.map(\.reminder.taskID) == dueToday + dueTomorrow)
        #expect(daemon.jobs.allSatisfy { $0.reminder.kind == .morning && $0.reminder.at == T.at(9) })
        #expect(try fixture.ledger().filter { $0.status == .delivered }.count == 25)
        // And the timer waits for the at-due-time reminders tomorrow.
        #expect(daemon.timer.armedAt == T.at(9, plusDays: 1))

        // When the daemon restarts
        let restarted = try fixture.startDaemon()

        // Then none of them fires again
        #expect(restarted.jobs.isEmpty)
    }

    @Test("A task created after its morning reminder's instant does not get that reminder")
    func createdAfterTheMorningInstant() throws {
        // Given a daemon running since 08:00
        let fixture = try EngineFixture(now: T.at(8))
        let daemon = try fixture.startDaemon()

        // When at 10:00 a task due today at 17:00 is added
        fixture.clock.now = T.at(10)
        let task = try fixture.add("Call the plumber", due: .time(T.at(17)))
        try daemon.engine.storeChanged()

        // Then the 09:00 reminder does not fire, now or after a restart; 17:00 is armed
        #expect(daemon.jobs.isEmpty)
        #expect(daemon.timer.armedAt == T.at(17))
        fixture.clock.now = T.at(10, 5)
        let restarted = try fixture.startDaemon()
        #expect(restarted.jobs.isEmpty)
        #expect(try fixture.ledger().isEmpty)

        // When 17:00 comes
        try restarted.fire(at: T.at(17))

        // Then only the at-due-time reminder fires
        #expect(restarted.jobs.map(\.reminder) == [Reminder.of(task, .atDueTime, at: T.at(17))])
    }
}
