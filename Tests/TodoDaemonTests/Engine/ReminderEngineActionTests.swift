import Foundation
import Testing
import TodoCore
import TodoNotify
import TodoStore
@testable import TodoDaemon

/// What the engine does when an action is chosen on a bubble.
@Suite("Reminder engine: actions on a bubble")
struct ReminderEngineActionTests {
    typealias T = EngineTime

    @Test("Each reminder's bubble offers Mark done, the configured snoozes, and Dismiss")
    func bubbleCarriesActions() throws {
        let fixture = try EngineFixture(now: T.at(8))
        fixture.snoozeChoices = ["10m", "tomorrow 09:00"]
        _ = try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()

        try daemon.fire(at: T.at(9))

        let job = try #require(daemon.jobs.only)
        #expect(job.notification.actions.map(\.key) == ["done", "snooze:10m", "snooze:tomorrow 09:00", "default"])
        #expect(job.notification.actions.map(\.label) == [
            "Mark done", "Snooze 10 minutes", "Snooze until tomorrow 09:00", "Dismiss",
        ])
    }

    @Test("Mark done completes the task as `todo-remind done` would, and nothing more fires for it")
    func markDone() throws {
        // Given a timed task reminded in the morning, with its at-due-time reminder still to come
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Call the plumber", due: .time(T.at(17)))
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(9))
        try daemon.succeedAll()

        // When Mark done is chosen on the bubble at 09:05
        fixture.clock.now = T.at(9, 5)
        try daemon.engine.actionInvoked(ActionInvocation(taskID: task.id, key: "done", notificationID: 7))

        // Then the task is completed at that instant, and the 17:00 reminder is no longer armed
        let stored = try #require(try fixture.store.task(id: task.id))
        #expect(stored.completedAt == T.at(9, 5))
        #expect(daemon.timer.armedAt != T.at(17))
        try daemon.fire(at: T.at(17))
        #expect(daemon.jobs.count == 1)
    }

    @Test("A snooze choice stores the snooze, and it fires once at its time")
    func snooze() throws {
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(9))
        try daemon.succeedAll()

        fixture.clock.now = T.at(9, 1)
        try daemon.engine.actionInvoked(ActionInvocation(taskID: task.id, key: "snooze:1h", notificationID: 3))

        #expect(try fixture.store.task(id: task.id)?.snoozedUntil == T.at(10, 1))
        #expect(daemon.timer.armedAt == T.at(10, 1))
        try daemon.fire(at: T.at(10, 1))
        #expect(daemon.jobs.count == 2)
        #expect(daemon.jobs.last?.reminder == Reminder.of(task, .snoozed, at: T.at(10, 1)))
    }

    @Test("Dismissing the bubble acknowledges the task's reminders, and changes nothing else")
    func dismiss() throws {
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(9))
        var expected = try #require(try fixture.store.task(id: task.id))

        try daemon.engine.actionInvoked(ActionInvocation(taskID: task.id, key: "default", notificationID: 3))

        // Handled: the task's file says so to every other device (X-MOZ-LASTACK).
        let after = try #require(try fixture.store.task(id: task.id))
        #expect(after.acknowledgedAt == T.at(9))
        expected.acknowledgedAt = after.acknowledgedAt
        expected.updatedAt = after.updatedAt
        #expect(after == expected)
    }
}
