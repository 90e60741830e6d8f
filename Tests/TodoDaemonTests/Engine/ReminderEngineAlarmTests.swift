import Foundation
import Testing
import TodoCore
import TodoNotify
import TodoStore
@testable import TodoDaemon

/// Alarms beside the defaults fire once each at their instants,
/// however far from the due, and a relative one follows each occurrence.
@Suite("Reminder engine: alarms")
struct ReminderEngineAlarmTests {
    typealias T = EngineTime

    @Test("An alarm a week before the due arms the timer and fires once; the defaults still follow")
    func farAlarm() throws {
        let fixture = try EngineFixture(now: T.at(10))
        let due = T.at(17, plusDays: 7)
        let task = try fixture.add("Passport", due: .time(due))
        try fixture.change(task) { $0.alarms = [.relative(seconds: -7 * 86_400), .relative(seconds: -30 * 60)] }
        let daemon = try fixture.startDaemon()
        #expect(daemon.timer.armedAt == T.at(17))

        try daemon.fire(at: T.at(17))
        let job = try #require(daemon.jobs.only)
        #expect(job.reminder.kind == .alarm)
        #expect(job.reminder.occurrence == .alarm(seconds: -7 * 86_400, of: .at(due)))
        try daemon.succeedAll()

        // Once: planning again fires nothing more; next comes the morning of the due day.
        try daemon.engine.storeChanged()
        try daemon.fire(at: T.at(17, 1))
        #expect(daemon.jobs.count == 1)
        #expect(daemon.timer.armedAt == T.at(9, plusDays: 7))
        // Through a restart too.
        let restarted = try fixture.startDaemon()
        #expect(restarted.jobs.isEmpty)
    }

    @Test("With the defaults off only the alarm fires, 30 minutes before the due, once")
    func alarmAlone() throws {
        let fixture = try EngineFixture(now: T.at(10))
        let task = try fixture.add("Call", due: .time(T.at(16)))
        try fixture.change(task) {
            $0.alarms = [.relative(seconds: -1800)]
            $0.remindDefaults = false
        }
        let daemon = try fixture.startDaemon()
        #expect(daemon.timer.armedAt == T.at(15, 30))
        try daemon.fire(at: T.at(15, 30))
        #expect(daemon.jobs.map(\.reminder.kind) == [.alarm])
        try daemon.succeedAll()
        try daemon.fire(at: T.at(16))
        #expect(daemon.jobs.count == 1, "the default at-due-time reminder is off")
    }
}
