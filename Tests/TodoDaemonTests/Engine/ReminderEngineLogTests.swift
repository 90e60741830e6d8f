import Foundation
import Logging
import Testing
import TodoCore
import TodoNotify
import TodoStore
@testable import TodoDaemon

/// What the engine's log lines carry for programs: tests and benchmarks
/// find a reminder's firing, its delivery and the armed reminder by their
/// `event` metadata and read the rest from the metadata beside it, never
/// from the sentence written for people.
@Suite("Reminder engine: log metadata")
struct ReminderEngineLogTests {
    typealias T = EngineTime

    @Test("Arming, firing and delivering a reminder each log one line naming its task, kind and occurrence; firing says how late, delivering the server's id")
    func reminderLines() throws {
        // Given a task due today at 17:00, and a daemon started at 16:00
        let fixture = try EngineFixture(now: T.at(16))
        let task = try fixture.add("Call the bank", due: .time(T.at(17)))
        let daemon = try fixture.startDaemon()

        // Then one line says the timer waits for its at-due-time reminder
        let armed = try #require(daemon.log.entries(of: "armed").only)
        let occurrence = Reminder.Occurrence.at(T.at(17)).description
        #expect(armed["task"] == "\(task.id)")
        #expect(armed["kind"] == "atDueTime")
        #expect(armed["occurrence"] == occurrence)
        #expect(armed["at"] == "2026-06-15T17:00:00+02:00")

        // When the timer goes off 3 ms late and the server shows it as notification 42
        try daemon.fire(at: T.at(17).addingTimeInterval(0.003))
        try daemon.succeedAll(serverID: 42)

        // Then one line says it fired, 3 ms late, first attempt, not held
        let fired = try #require(daemon.log.entries(of: "fire").only)
        #expect(fired["task"] == "\(task.id)" && fired["kind"] == "atDueTime" && fired["occurrence"] == occurrence)
        #expect(fired.metadata["tasks"] == .array([.stringConvertible(task.id)]))
        #expect(fired["summary"] == "Call the bank")
        #expect(fired["attempt"] == "1" && fired["held"] == "false")
        let lateness = try #require(fired.metadata["lateness_ms"].flatMap { Double($0.description) })
        #expect(abs(lateness - 3) < 0.01)
        // And one that it was delivered, with the server's number
        let delivered = try #require(daemon.log.entries(of: "delivery", outcome: "delivered").only)
        #expect(delivered["task"] == "\(task.id)" && delivered["kind"] == "atDueTime")
        #expect(delivered["notification"] == "42")
    }

    @Test("A digest's line names every task it stands for and how many reminders, and no single task")
    func digestLine() throws {
        // Given four day tasks due today, fired together at 09:00
        let fixture = try EngineFixture(now: T.at(8), policy: .standard)
        var ids: [Int64] = []
        for title in ["Rent", "Plants", "Bins", "Taxes"] {
            ids.append(try fixture.add(title, due: .day(T.today)).id)
        }
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(9))

        // Then the one firing line is the digest's
        let fired = try #require(daemon.log.entries(of: "fire").only)
        #expect(fired["reminders"] == "4")
        #expect(fired.metadata["tasks"] == .array(ids.map { .stringConvertible($0) }))
        #expect(fired["task"] == nil)
    }
}
