import Foundation
import Testing
import TodoCore
import TodoNotify
import TodoStore
@testable import TodoDaemon

/// A bubble still open when its reminder is handled elsewhere:
/// acknowledged or completed on another device (read in from the task's
/// file), or through the CLI here, it is closed; one not handled stays.
@Suite("Reminder engine: open bubbles")
struct ReminderEngineBubbleTests {
    typealias T = EngineTime

    @Test("Acknowledged elsewhere after it was shown: the bubble is closed, once; one acknowledged before it stays")
    func acknowledgedElsewhereClosesTheBubble() throws {
        let fixture = try EngineFixture(now: T.at(10))
        let rent = try fixture.add("Pay rent", due: .time(T.at(12)))
        let milk = try fixture.add("Buy milk", due: .time(T.at(12, 30)))
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(12))
        try daemon.succeedAll()
        try daemon.fire(at: T.at(12, 30))
        try daemon.succeedAll()
        #expect(daemon.jobs.count == 2)

        // The phone dismissed rent's reminder at 12:40; milk's acknowledgement
        // is older than its reminder, so its bubble is still unhandled.
        try fixture.change(rent) { $0.acknowledgedAt = T.at(12, 40) }
        try fixture.change(milk) { $0.acknowledgedAt = T.at(12, 10) }
        try daemon.engine.storeChanged()
        #expect(daemon.deliverer.closed == [rent.id])
        #expect(daemon.log.entries(of: "closed").count == 1)

        try daemon.engine.storeChanged()
        #expect(daemon.deliverer.closed == [rent.id], "closed once")
    }

    @Test("Completed elsewhere: closed; a bubble whose own action was chosen is not closed again; a digest is left open")
    func completedAndActedOn() throws {
        // More than two reminders at one instant make a digest.
        let fixture = try EngineFixture(now: T.at(10), policy: ReminderPolicy(digestThreshold: 2, overdueInDigest: false))
        let plants = try fixture.add("Water plants", due: .time(T.at(12)))
        let letter = try fixture.add("Post letter", due: .time(T.at(13)))
        let burst = try ["Call A", "Call B", "Call C"].map { try fixture.add($0, due: .time(T.at(14))) }
        let daemon = try fixture.startDaemon()
        try daemon.fire(at: T.at(12))
        try daemon.succeedAll()
        try daemon.fire(at: T.at(13))
        try daemon.succeedAll()
        try daemon.engine.actionInvoked(ActionInvocation(taskID: letter.id, key: "default", notificationID: 7))
        try daemon.fire(at: T.at(14))
        #expect(daemon.jobs.last?.reminders.count == 3, "one digest")
        try daemon.succeedAll()

        for task in [plants, letter, burst[0]] {
            try fixture.change(task) { $0.completedAt = T.at(14, 5) }
        }
        try daemon.engine.storeChanged()
        #expect(daemon.deliverer.closed == [plants.id])
    }
}
