import Foundation
import Testing
import TodoCore
import TodoStore
@testable import TodoDaemon
import TodoZones

/// A reminder is what it reminds of (the task, the occurrence, the kind), not
/// its instant: edits, zone moves and restarts do not make it new; changing
/// the due does (docs/ARCHITECTURE.md §2, Identity).
@Suite("Reminder engine: a reminder's identity")
struct ReminderEngineIdentityTests {
    typealias T = EngineTime

    /// An edit the CLI can make while the daemon is down that leaves the due as it is.
    enum Edit: String, CaseIterable, Sendable {
        case notes, title, priority, offAndOn

        func apply(to task: inout TodoTask) {
            switch self {
            case .notes: task.notes = "use the green can"
            case .title: task.title = "Water the plants on the balcony"
            case .priority: task.priority = .high
            case .offAndOn: task.reminderOn = true
            }
        }
    }

    @Test("A reminder missed while the daemon was down still fires after the task was edited", arguments: Edit.allCases)
    func editWhileDownKeepsMissedReminder(edit: Edit) throws {
        // Given a day task due today and a daemon that stops before 09:00
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        _ = try fixture.startDaemon()

        // When the task is edited at 10:00, while no daemon runs (off and on is two edits)
        fixture.clock.now = T.at(10)
        if edit == .offAndOn { try fixture.change(task) { $0.reminderOn = false } }
        try fixture.change(task) { edit.apply(to: &$0) }

        // Then a daemon started at 10:05 fires the 09:00 reminder, late, once
        fixture.clock.now = T.at(10, 5)
        let daemon = try fixture.startDaemon()
        let job = try #require(daemon.jobs.only)
        #expect(job.reminder == Reminder.of(task, .morning, at: T.at(9)))
        try daemon.succeedAll()
        #expect(try fixture.record(task, .morning)?.status == .delivered)
        fixture.clock.now = T.at(10, 10)
        #expect(try fixture.startDaemon().jobs.isEmpty)
    }

    @Test("A due set after its reminder's instant makes no late reminder; a later due makes a new one")
    func changedDueIsNewReminder() throws {
        // Given a day task due tomorrow, and a daemon that stops
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today.adding(days: 1)))
        _ = try fixture.startDaemon()

        // When its due is moved to today at 10:00, past today's 09:00
        fixture.clock.now = T.at(10)
        try fixture.change(task) { $0.due = .day(T.today) }

        // Then a restart fires nothing for today's 09:00
        fixture.clock.now = T.at(10, 5)
        let daemon = try fixture.startDaemon()
        #expect(daemon.jobs.isEmpty)

        // And when it is moved to tomorrow again, tomorrow's 09:00 fires
        try fixture.change(task) { $0.due = .day(T.today.adding(days: 1)) }
        try daemon.engine.storeChanged()
        try daemon.fire(at: T.at(9, plusDays: 1))
        #expect(daemon.jobs.count == 1)
    }

    /// A zone 15 minutes west of Berlin in summer (UTC+2): UTC+1:45.
    static let westOfBerlin = Zone(identifier: "UTC+01:45", fixedOffset: 6_300)

    @Test("Moving 15 minutes west does not fire the day's 09:00 reminder again, after a restart or while running",
          arguments: [true, false])
    func movingWestKeepsReminder(restart: Bool) throws {
        // Given a day task reminded at 09:00 in Berlin
        let fixture = try EngineFixture(now: T.at(8))
        let task = try fixture.add("Water the plants", due: .day(T.today))
        var daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(9))
        try daemon.succeedAll()

        // When the machine moves 15 minutes west, where 09:00 comes 15 minutes later
        let westNine = T.at(9, in: Self.westOfBerlin)
        #expect(westNine.timeIntervalSince(T.at(9)) == 15 * 60)
        fixture.timeZone = Self.westOfBerlin
        if restart {
            fixture.clock.now = T.at(9, 5)
            daemon = try fixture.startDaemon()
        } else {
            try daemon.engine.timeZoneChanged(to: Self.westOfBerlin)
        }

        // Then 09:00 there passes with nothing shown again
        try daemon.fire(at: westNine.addingTimeInterval(1))
        #expect(daemon.jobs.filter { $0.reminder.taskID == task.id }.count == (restart ? 0 : 1))
        #expect(try fixture.ledger().count == 1)
        #expect(try fixture.record(task, .morning)?.attempts == 1)
    }

    @Test("A digest killed mid-delivery is sent again once, under the same stack tag, and recorded once per reminder")
    func digestResentUnderSameTag() throws {
        // Given four tasks due today, whose 09:00 digest was handed over when the daemon was killed
        let fixture = try EngineFixture(now: T.at(8))
        for title in ["One", "Two", "Three", "Four"] { try fixture.add(title, due: .day(T.today)) }
        let first = try fixture.startDaemon()
        try first.fire(at: T.at(9, 0, 0))
        let sent = try #require(first.jobs.only)
        #expect(sent.reminders.count == 4)

        // When a new daemon starts 30 ms later and plans again
        fixture.clock.now = T.at(9).addingTimeInterval(0.03)
        let second = try fixture.startDaemon()
        try second.engine.timerFired()

        // Then the digest goes out once more, with the same tag, and the ledger has a row per reminder
        let resent = try #require(second.jobs.only)
        #expect(resent.stackTag == sent.stackTag)
        #expect(Set(resent.reminders.map(\.id)) == Set(sent.reminders.map(\.id)))
        #expect(try fixture.ledger().count == 4)
    }
}
