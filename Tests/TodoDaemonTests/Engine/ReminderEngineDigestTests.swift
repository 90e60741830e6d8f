import Foundation
import Testing
import TodoCore
import TodoNotify
import TodoStore
@testable import TodoDaemon

/// More than `digest-threshold` reminders firing at one instant make one
/// digest; an overdue task is reminded again each morning, in the digest.
@Suite("Reminder engine: morning digest")
struct ReminderEngineDigestTests {
    typealias T = EngineTime

    /// Adds `count` day tasks due on `day`.
    static func addDayTasks(_ count: Int, on day: LocalDay, to fixture: EngineFixture) throws -> [TodoTask] {
        try (1...count).map { try fixture.add("Task \($0) <b>&</b>", due: .day(day)) }
    }

    @Test("Four morning reminders make one digest: one job with four keys, all recorded delivered")
    func fourMakeADigest() throws {
        // Given four day tasks due today and a daemon started at 08:00
        let fixture = try EngineFixture(now: T.at(8), policy: .standard)
        let tasks = try Self.addDayTasks(4, on: T.today, to: fixture)
        let daemon = try fixture.startDaemon()
        #expect(daemon.timer.armedAt == T.at(9))

        // When 09:00 comes and the server shows it
        try daemon.fire(at: T.at(9, 0, 1))
        let lines = try daemon.showAll()

        // Then one digest stands for the four reminders
        let job = try #require(daemon.jobs.only)
        #expect(Set(job.reminders) == Set(tasks.map { Reminder.of($0, .morning, at: T.at(9)) }))
        #expect(job.notification.summary == "4 tasks today")
        #expect(job.notification.owner == .digest)
        // A bubble's actions, for all four (a digest once offered only Dismiss).
        #expect(job.notification.actions.map(\.label) == ["Mark all done", "Snooze all 1 hour", "Dismiss"])
        #expect(job.notification.body.split(separator: "\n").count == 4)
        #expect(job.notification.body.contains("Task 1 &lt;b&gt;&amp;&lt;/b&gt; · due today"))
        #expect(lines.count == 1)
        // And all four are on record as delivered
        let ledger = try fixture.ledger()
        #expect(ledger.count == 4 && ledger.allSatisfy { $0.status == .delivered })

        // And a restart fires nothing again
        #expect(try fixture.startDaemon().jobs.isEmpty)
    }

    @Test("Four tasks due at 15:40 fire at 15:40 as “4 tasks due now”, each “due now”, not overdue")
    func dueNow() throws {
        let fixture = try EngineFixture(now: T.at(15), policy: .standard)
        for number in 1...4 { _ = try fixture.add("Task \(number)", due: .time(T.at(15, 40))) }
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(15, 40))
        _ = try daemon.showAll()
        let job = try #require(daemon.jobs.only)
        #expect(job.notification.summary == "4 tasks due now")
        #expect(job.notification.body.split(separator: "\n") == ["Task 1 · due now", "Task 2 · due now", "Task 3 · due now", "Task 4 · due now"])
    }

    @Test("Mark all done on a digest completes every task it lists; Snooze all snoozes each; Dismiss acknowledges each")
    func actionsForAll() throws {
        for key in ["done", "snooze:1h", "default"] {
            let fixture = try EngineFixture(now: T.at(8), policy: .standard)
            let tasks = try Self.addDayTasks(4, on: T.today, to: fixture)
            let other = try fixture.add("Not in the digest", due: .day(T.today.adding(days: 1)))
            let daemon = try fixture.startDaemon()
            try daemon.fire(at: T.at(9, 0, 1))
            try daemon.succeedAll()

            fixture.clock.now = T.at(9, 2)
            try daemon.engine.actionInvoked(ActionInvocation(owner: .digest, key: key, notificationID: 7))

            let after = try tasks.map { try #require(try fixture.store.task(id: $0.id)) }
            switch key {
            case "done": #expect(after.allSatisfy { $0.completedAt == T.at(9, 2) }, "\(after)")
            case "snooze:1h": #expect(after.allSatisfy { $0.snoozedUntil == T.at(10, 2) }, "\(after)")
            default: #expect(after.allSatisfy { $0.acknowledgedAt == T.at(9, 2) }, "\(after)")
            }
            let untouched = try #require(try fixture.store.task(id: other.id))
            #expect(untouched.completedAt == nil && untouched.snoozedUntil == nil && untouched.acknowledgedAt == nil)
        }
    }

    @Test("Three reminders at once stay a bubble each")
    func threeStaySeparate() throws {
        let fixture = try EngineFixture(now: T.at(8), policy: .standard)
        let tasks = try Self.addDayTasks(3, on: T.today, to: fixture)
        let daemon = try fixture.startDaemon()

        try daemon.fire(at: T.at(9, 0, 1))
        try daemon.succeedAll()

        #expect(daemon.jobs.map(\.reminders) == tasks.map { [Reminder.of($0, .morning, at: T.at(9))] })
        #expect(daemon.jobs.map(\.notification.owner) == tasks.map { .task($0.id) })
        #expect(try fixture.ledger().filter { $0.status == .delivered }.count == 3)
    }

    @Test("With the digest off, four reminders at once are a bubble each")
    func digestOff() throws {
        let fixture = try EngineFixture(now: T.at(8), policy: ReminderPolicy(digestEnabled: false))
        let tasks = try Self.addDayTasks(4, on: T.today, to: fixture)
        let daemon = try fixture.startDaemon()

        try daemon.fire(at: T.at(9, 0, 1))
        try daemon.succeedAll()

        #expect(daemon.jobs.map(\.reminder.taskID) == tasks.map(\.id))
        #expect(daemon.jobs.allSatisfy { $0.reminders.count == 1 })
        #expect(try fixture.ledger().filter { $0.status == .delivered }.count == 4)
    }

    @Test("An overdue task is reminded again the next morning, in that morning's digest")
    func overdueInNextDigest() throws {
        // Given a task due today and four due tomorrow
        let fixture = try EngineFixture(now: T.at(8), policy: .standard)
        let late = try fixture.add("File the taxes", due: .day(T.today))
        let tomorrow = try Self.addDayTasks(4, on: T.today.adding(days: 1), to: fixture)
        let daemon = try fixture.startDaemon()

        // When today's 09:00 comes: the one task, alone
        try daemon.fire(at: T.at(9, 0, 1))
        try daemon.succeedAll()
        #expect(daemon.jobs.map(\.reminders) == [[Reminder.of(late, .morning, at: T.at(9))]])
        #expect(daemon.timer.armedAt == T.at(9, plusDays: 1))

        // When tomorrow's 09:00 comes, the first task not done
        try daemon.fire(at: T.at(9, 0, 1, plusDays: 1))
        try daemon.succeedAll()

        // Then one digest holds the four and, first, the overdue task
        #expect(daemon.jobs.count == 2)
        let digest = try #require(daemon.jobs.last)
        let overdueKey = Reminder.daily(late, plusDays: 1, at: T.at(9, plusDays: 1))
        #expect(digest.reminders.count == 5)
        #expect(digest.reminder == overdueKey)
        #expect(Set(digest.reminders.dropFirst()) == Set(tomorrow.map {
            Reminder.of($0, .morning, at: T.at(9, plusDays: 1))
        }))
        #expect(digest.notification.summary == "4 tasks today · 1 overdue")
        #expect(digest.notification.body.hasPrefix("File the taxes · was due"))
        #expect(try fixture.ledger().filter { $0.status == .delivered }.count == 6)

        // And the overdue task (and the four, now overdue too) wait for the morning after
        #expect(daemon.timer.armedAt == T.at(9, plusDays: 2))
    }

    @Test("A task done before the morning is not reminded as overdue")
    func doneIsNotOverdue() throws {
        let fixture = try EngineFixture(now: T.at(8), policy: .standard)
        let task = try fixture.add("File the taxes", due: .day(T.today))
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(9, 0, 1))
        try daemon.succeedAll()
        #expect(daemon.timer.armedAt == T.at(9, plusDays: 1))

        fixture.clock.now = T.at(20)
        try fixture.change(task) { $0.completedAt = T.at(20) }
        try daemon.engine.storeChanged()

        #expect(daemon.timer.armedAt == nil)
        try daemon.fire(at: T.at(9, 0, 1, plusDays: 1))
        #expect(daemon.jobs.count == 1)
    }

    @Test("A digest that fails is recorded failed for each reminder, and tried again as one digest")
    func digestRetried() throws {
        // Given four day tasks due today, their digest shown at 09:00 and failing
        let fixture = try EngineFixture(now: T.at(8), policy: .standard)
        _ = try Self.addDayTasks(4, on: T.today, to: fixture)
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(9, 0, 1))
        try daemon.failAll(EngineFixture.noServer)
        #expect(try fixture.ledger().map(\.status) == Array(repeating: .failed, count: 4))
        #expect(daemon.timer.armedAt == T.at(9, 0, 3))

        // When the retry comes and the server takes it
        try daemon.fire(at: T.at(9, 0, 3))
        try daemon.succeedAll()

        // Then the second attempt was the same one digest, and all four are delivered
        #expect(daemon.jobs.map(\.reminders.count) == [4, 4])
        #expect(daemon.jobs.map(\.attempt) == [1, 2])
        #expect(try fixture.ledger().allSatisfy { $0.status == .delivered && $0.attempts == 2 })
        #expect(daemon.retryLines.map { $0["reminders"] } == ["4"])
    }
}
