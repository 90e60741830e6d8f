import Foundation
import Testing
import TodoCore
import TodoNotify
import TodoStore
@testable import TodoDaemon

/// Quiet hours hold a reminder to their end, where it fires once, marked as
/// held; a high-priority one goes through when `quiet-hours-allow-high` says so.
@Suite("Reminder engine: quiet hours")
struct ReminderEngineQuietHoursTests {
    typealias T = EngineTime

    static let night = QuietHours(start: TimeOfDay(hour: 22, minute: 0)!, end: TimeOfDay(hour: 7, minute: 0)!)

    /// Quiet 22:00-07:00, with a catch-up window shorter than the night, so
    /// the held reminder is found only by looking back to the night's start.
    static func policy(allowHigh: Bool = false) -> ReminderPolicy {
        ReminderPolicy(catchUpWindow: 3_600, quietHours: night, quietHoursAllowHigh: allowHigh)
    }

    @Test("A reminder inside quiet hours is held to their end, fires once there, and says it was held")
    func heldToTheEnd() throws {
        // Given a task due today at 23:00, added at 10:00, and quiet hours 22:00-07:00
        let fixture = try EngineFixture(now: T.at(10), policy: Self.policy())
        let task = try fixture.add("Take out the <bins> & the glass", due: .time(T.at(23)))
        let key = Reminder.of(task, .atDueTime, at: T.at(23))

        // When the daemon starts
        let daemon = try fixture.startDaemon()

        // Then the timer waits for the end of the night, for the 23:00 reminder
        #expect(daemon.timer.armedAt == T.at(7, plusDays: 1))
        #expect(daemon.engine.armedReminder == Reminder.of(task, .atDueTime, at: T.at(23)))

        // When the store changes at 23:00 and at 02:00, in the night
        fixture.clock.now = T.at(23)
        try daemon.engine.storeChanged()
        fixture.clock.now = T.at(2, plusDays: 1)
        try daemon.engine.storeChanged()

        // Then nothing shows, and the timer still waits for 07:00
        #expect(daemon.jobs.isEmpty)
        #expect(daemon.timer.armedAt == T.at(7, plusDays: 1))

        // When 07:00 comes
        try daemon.fire(at: T.at(7, 0, 1, plusDays: 1))
        let lines = try daemon.showAll()

        // Then it fires once, under its own key, held and not missed
        #expect(daemon.jobs.map(\.reminders) == [[key]])
        let body = try #require(daemon.jobs.first).notification.body
        #expect(body.contains("held for quiet hours"))
        #expect(!body.contains("missed"))
        #expect(lines.count == 1)
        #expect(try fixture.record(task, .atDueTime)?.status == .delivered)

        // And not again, after a restart
        let restarted = try fixture.startDaemon()
        #expect(restarted.jobs.isEmpty)
    }

    @Test("A high-priority reminder fires inside quiet hours only with quiet-hours-allow-high",
          arguments: [true, false])
    func highPriority(allowHigh: Bool) throws {
        // Given a high-priority task due today at 23:00, and quiet hours 22:00-07:00
        let fixture = try EngineFixture(now: T.at(10), policy: Self.policy(allowHigh: allowHigh))
        let task = try fixture.add("Call the night shift", due: .time(T.at(23)))
        try fixture.change(task) { $0.priority = .high }
        let daemon = try fixture.startDaemon()

        // Then the timer waits for 23:00 when high priority goes through, else for 07:00
        let firesAt = allowHigh ? T.at(23) : T.at(7, plusDays: 1)
        #expect(daemon.timer.armedAt == firesAt)

        // When that instant comes
        try daemon.fire(at: firesAt.addingTimeInterval(0.5))
        try daemon.succeedAll()

        // Then it fires, critical, held only when not let through
        let job = try #require(daemon.jobs.only)
        #expect(job.reminder == Reminder.of(task, .atDueTime, at: T.at(23)))
        #expect(job.notification.urgency == .critical)
        #expect(job.notification.body.contains("held for quiet hours") == !allowHigh)
        #expect(try fixture.record(task, .atDueTime)?.status == .delivered)
    }

    @Test("Reminders held through the night are released together, as a digest when many")
    func releasedTogether() throws {
        // Given four tasks due tonight between 22:30 and 23:45
        let fixture = try EngineFixture(now: T.at(10), policy: Self.policy())
        var tasks: [TodoTask] = []
        for (number, minute) in [30, 45, 60, 105].enumerated() {
            tasks.append(try fixture.add("Night task \(number)", due: .time(T.at(22).addingTimeInterval(TimeInterval(minute * 60)))))
        }
        let daemon = try fixture.startDaemon()
        #expect(daemon.timer.armedAt == T.at(7, plusDays: 1))

        // When 07:00 comes
        try daemon.fire(at: T.at(7, 0, 1, plusDays: 1))
        try daemon.succeedAll()

        // Then one digest carries the four held reminders, all delivered
        let job = try #require(daemon.jobs.only)
        #expect(job.reminders.count == 4)
        #expect(job.notification.summary == "4 overdue tasks")
        #expect(try fixture.ledger().filter { $0.status == .delivered }.count == 4)
    }
}
