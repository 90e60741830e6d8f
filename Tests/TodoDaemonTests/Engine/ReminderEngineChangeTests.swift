import Foundation
import Testing
import TodoCore
import TodoNotify
import TodoStore
@testable import TodoDaemon

/// The engine plans again when the store, the clock, the time zone or the
/// settings change, and re-arms its timer for what is due now (docs/ARCHITECTURE.md §5).
@Suite("Reminder engine: planning again on change")
struct ReminderEngineChangeTests {
    typealias T = EngineTime

    @Test("A task added while the daemon runs is armed")
    func addedTaskIsArmed() throws {
        // Given a daemon waiting for a reminder tomorrow
        let fixture = try EngineFixture(now: T.at(8))
        let tomorrow = try fixture.add("Tomorrow", due: .day(T.today.adding(days: 1)))
        let daemon = try fixture.startDaemon()
        #expect(daemon.timer.armings == [T.at(9, plusDays: 1)])

        // When a task due today is added at 08:10 and the store's change is seen
        fixture.clock.now = T.at(8, 10)
        let today = try fixture.add("Today", due: .day(T.today))
        try daemon.engine.storeChanged()

        // Then the timer is armed at its reminder
        #expect(daemon.timer.armings == [T.at(9, plusDays: 1), T.at(9)])
        #expect(daemon.engine.armedReminder == Reminder.of(today, .morning, at: T.at(9)))

        // When 09:00 comes
        try daemon.fire(at: T.at(9))

        // Then it fires, and the timer goes back to tomorrow's reminder
        #expect(daemon.jobs.map(\.reminder.taskID) == [today.id])
        #expect(daemon.timer.armedAt == T.at(9, plusDays: 1))
        #expect(daemon.engine.armedReminder?.taskID == tomorrow.id)
    }

    /// What the user does to a task before its reminder fires.
    enum TaskChange: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case reminderOff
        case completed
        case deleted
        case movedBeforeTheInstant
        case movedToYesterday

        var testDescription: String {
            switch self {
            case .reminderOff: "its reminder is switched off"
            case .completed: "it is completed"
            case .deleted: "it is deleted"
            case .movedBeforeTheInstant: "its due date moves to 08:15 today, before the 09:00 reminder"
            case .movedToYesterday: "its due date moves to yesterday"
            }
        }

        func apply(to task: TodoTask, in fixture: EngineFixture) throws {
            switch self {
            case .reminderOff: try fixture.change(task) { $0.reminderOn = false }
            case .completed: try fixture.change(task) { $0.completedAt = fixture.clock.now }
            case .deleted: _ = try fixture.store.delete(ids: [task.id], now: Date())
            case .movedBeforeTheInstant: try fixture.change(task) { $0.due = .time(T.at(8, 15)) }
            case .movedToYesterday: try fixture.change(task) { $0.due = .day(T.today.adding(days: -1)) }
            }
        }
    }

    @Test("A task changed so it has no reminder left fires nothing: the timer is re-armed away",
          arguments: TaskChange.allCases)
    func changedTaskFiresNothing(change: TaskChange) throws {
        // Given a daemon armed at 09:00 for a task due today, and a task due tomorrow
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        try fixture.add("Tomorrow", due: .day(T.today.adding(days: 1)))
        let daemon = try fixture.startDaemon()
        #expect(daemon.timer.armedAt == T.at(9))

        // When at 08:30 the task is changed and the store's change is seen
        fixture.clock.now = T.at(8, 30)
        try change.apply(to: task, in: fixture)
        try daemon.engine.storeChanged()

        // Then the timer is re-armed at tomorrow's reminder
        #expect(daemon.timer.armings == [T.at(9), T.at(9, plusDays: 1)])

        // And even a timer expiry at 09:00, or a restart at 09:30, fires nothing for it.
        try daemon.fire(at: T.at(9))
        fixture.clock.now = T.at(9, 30)
        let restarted = try fixture.startDaemon()
        #expect(daemon.jobs.isEmpty)
        #expect(restarted.jobs.isEmpty)
        #expect(try fixture.ledger().isEmpty)
    }

    @Test("A clock set forward past a reminder fires it at once, marked missed")
    func clockSetForward() throws {
        // Given a daemon armed at 09:00
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let tomorrow = try fixture.add("Tomorrow", due: .day(T.today.adding(days: 1)))
        let daemon = try fixture.startDaemon()

        // When the clock is set to 11:00 and the timer says so
        fixture.clock.now = T.at(11)
        try daemon.engine.clockChanged()

        // Then the 09:00 reminder fires, late, and the timer moves to tomorrow's
        let job = try #require(daemon.jobs.only)
        #expect(job.reminder.taskID == task.id)
        #expect(job.notification.body.contains("missed at 09:00"))
        #expect(daemon.timer.armedAt == T.at(9, plusDays: 1))
        #expect(daemon.engine.armedReminder?.taskID == tomorrow.id)
    }

    @Test("A clock set while planning, as the timer reports it, makes the engine plan again with the new now")
    func clockSetReportedByTheTimer() throws {
        // Given a daemon armed at 09:00
        let fixture = try EngineFixture(now: T.at(8))
        let morning = try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()

        // When a task due at 08:45 is added, and while re-arming for it the
        // timer reports that the clock was set to 10:00
        let early = try fixture.add("Take out the bins", due: .time(T.at(8, 45)))
        daemon.timer.clockSetAtNextArming = { fixture.clock.now = T.at(10) }
        try daemon.engine.storeChanged()

        // Then the engine planned again at 10:00: both reminders fired, late,
        // and nothing is left to arm
        #expect(Set(daemon.jobs.map(\.reminder)) == [
            Reminder.of(early, .atDueTime, at: T.at(8, 45)),
            Reminder.of(morning, .morning, at: T.at(9)),
        ])
        #expect(daemon.jobs.allSatisfy { $0.notification.body.contains("missed") })
        #expect(daemon.timer.armings == [T.at(9), T.at(8, 45), nil])
        #expect(daemon.log.entries(of: "clock-set").count == 1)
    }

    @Test("A clock set back does not fire a delivered reminder again")
    func clockSetBack() throws {
        // Given a reminder delivered at 09:00
        let fixture = try EngineFixture(now: T.at(8))
        try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(9))
        try daemon.succeedAll()

        // When the clock is set back to 08:00
        fixture.clock.now = T.at(8)
        try daemon.engine.clockChanged()

        // Then the timer waits for 09:00 again
        #expect(daemon.timer.armedAt == T.at(9))

        // But when 09:00 comes a second time, nothing fires
        try daemon.fire(at: T.at(9))
        #expect(daemon.jobs.count == 1)
        #expect(try fixture.ledger().map(\.status) == [.delivered])
    }

    @Test("A time-zone change moves a day task's morning reminder to 09:00 where the machine now is")
    func timeZoneMovesDayTasks() throws {
        // Given a day task due 15 June, and a daemon in Berlin at 06:00 UTC (08:00 there)
        let fixture = try EngineFixture(now: T.at(6, in: T.utc))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()
        #expect(daemon.timer.armings == [T.at(9, in: T.berlin)])

        // When the machine moves to New York
        try daemon.engine.timeZoneChanged(to: T.newYork)

        // Then the timer waits for 09:00 in New York, six hours later
        #expect(daemon.timer.armings == [T.at(9, in: T.berlin), T.at(9, in: T.newYork)])
        #expect(T.at(9, in: T.newYork).timeIntervalSince(T.at(9, in: T.berlin)) == 6 * 3_600)

        // And a stale expiry at 09:00 Berlin time fires nothing; 09:00 New York time fires it, on time.
        try daemon.fire(at: T.at(9, in: T.berlin))
        #expect(daemon.jobs.isEmpty)
        try daemon.fire(at: T.at(9, in: T.newYork))
        let job = try #require(daemon.jobs.only)
        #expect(job.reminder == Reminder.of(task, .morning, at: T.at(9, in: T.newYork)))
        #expect(try daemon.showAll() == ["[reminder] Water the plants — Due today — todo-remind done 1 — todo-remind snooze 1"])
    }

    @Test("A time-zone change leaves a timed task's at-due-time reminder where it was")
    func timeZoneKeepsTimedTasks() throws {
        // Given a task due at 20:00 UTC, past its morning reminder in Berlin and New York alike,
        // and a daemon in Berlin at 18:00 UTC
        let fixture = try EngineFixture(now: T.at(18, in: T.utc))
        let due = T.at(20, in: T.utc)
        let task = try fixture.add("Call home", due: .time(due))
        let daemon = try fixture.startDaemon()
        #expect(daemon.timer.armings == [due])

        // When the machine moves to New York, and then to the same zone again
        try daemon.engine.timeZoneChanged(to: T.newYork)
        try daemon.engine.timeZoneChanged(to: T.newYork)

        // Then the timer was not moved
        #expect(daemon.timer.armings == [due])
        #expect(daemon.engine.armedReminder == Reminder.of(task, .atDueTime, at: due))

        // And the reminder fires at the instant.
        try daemon.fire(at: due)
        #expect(daemon.jobs.map(\.reminder) == [Reminder.of(task, .atDueTime, at: due)])
    }

    @Test("A new reminder time in the settings re-arms the timer")
    func policyChangeReArms() throws {
        // Given a daemon armed at 09:00 at 06:00
        let fixture = try EngineFixture(now: T.at(6))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()
        #expect(daemon.timer.armings == [T.at(9)])

        // When the settings are read again with reminder-time 07:30
        try daemon.engine.policyChanged(to: ReminderPolicy(reminderTime: TimeOfDay(hour: 7, minute: 30)!, overdueInDigest: false))

        // Then the timer waits for 07:30
        #expect(daemon.timer.armings == [T.at(9), T.at(7, 30)])

        // And the reminder fires at 07:30, and not again at 09:00.
        try daemon.fire(at: T.at(7, 30))
        try daemon.succeedAll()
        try daemon.fire(at: T.at(9))
        #expect(daemon.jobs.map(\.reminder) == [Reminder.of(task, .morning, at: T.at(7, 30))])
    }
}
