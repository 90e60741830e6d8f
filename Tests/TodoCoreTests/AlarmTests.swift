import Foundation
import Testing
import TodoCore

private typealias F = CoreFixtures

/// Alarms beside the defaults: where each falls, what it is
/// called in the ledger, and what switches it off.
@Suite("Alarms")
struct AlarmTests {
    static let timeRules = F.timeRules("Europe/Berlin")

    static func task(due: Due?, alarms: [TaskAlarm], defaults: Bool = true) -> TodoTask {
        var task = F.task(1, due: due)
        task.alarms = alarms
        task.remindDefaults = defaults
        return task
    }

    @Test("A relative alarm falls that long before a timed due; an absolute one at its instant; in time order among the defaults")
    func placement() {
        let due = Due.time(F.instant("2026-12-01T17:00:00+01:00"))
        let task = Self.task(due: due, alarms: [.relative(seconds: -15 * 60), .absolute(F.instant("2026-11-30T20:00:00+01:00"))])
        let reminders = Self.timeRules.reminders(for: task)
        #expect(reminders.map(\.kind) == [.alarm, .morning, .alarm, .atDueTime])
        #expect(reminders[0].at == F.instant("2026-11-30T20:00:00+01:00"))
        #expect(reminders[2].at == F.instant("2026-12-01T16:45:00+01:00"))
        #expect(Self.timeRules.nextReminder(for: task, after: F.instant("2026-12-01T10:00:00+01:00"))?.at == F.instant("2026-12-01T16:45:00+01:00"))
    }

    @Test("An alarm at the instant of a default, or of another alarm, is one bubble, not two")
    func sameInstantIsOneReminder() throws {
        let day = try #require(LocalDay(year: 2026, month: 12, day: 1))
        // tasks.org's 09:00 on the due day beside todo-remind's morning reminder, twice over.
        let task = Self.task(due: .day(day), alarms: [.relative(seconds: 9 * 3600), .relative(seconds: 9 * 3600), .relative(seconds: 10 * 3600)])
        #expect(Self.timeRules.reminders(for: task).map(\.kind) == [.morning, .alarm])
        #expect(Self.timeRules.alarmReminders(for: task).map(\.at) == [F.instant("2026-12-01T10:00:00+01:00")])
        // Without the defaults, the first of the two alarms stays.
        let alone = Self.task(due: .day(day), alarms: [.relative(seconds: 9 * 3600), .absolute(F.instant("2026-12-01T09:00:00+01:00"))], defaults: false)
        #expect(Self.timeRules.reminders(for: alone).count == 1)
    }

    @Test("On a day due, a relative alarm counts from the start of the day, as Thunderbird reads RELATED=END on a date")
    func dayAnchor() throws {
        let day = try #require(LocalDay(year: 2026, month: 12, day: 1))
        let task = Self.task(due: .day(day), alarms: [.relative(seconds: 9 * 3600 + 1800), .relative(seconds: -86400)])
        let alarms = Self.timeRules.alarmReminders(for: task)
        #expect(alarms.map(\.at) == [F.instant("2026-11-30T00:00:00+01:00"), F.instant("2026-12-01T09:30:00+01:00")])
    }

    @Test("Without the defaults only the alarms remain; the switch and completion silence them all")
    func switches() {
        var task = Self.task(due: .time(F.instant("2026-12-01T17:00:00+01:00")), alarms: [.relative(seconds: -1800)], defaults: false)
        #expect(Self.timeRules.reminders(for: task).map(\.kind) == [.alarm])
        task.reminderOn = false
        #expect(Self.timeRules.reminders(for: task).isEmpty)
        task.reminderOn = true
        task.completedAt = F.instant("2026-11-30T10:00:00+01:00")
        #expect(Self.timeRules.reminders(for: task).isEmpty)
    }

    @Test("A relative alarm is named by its offset and its occurrence: a new due makes it new; the name reads back")
    func identity() throws {
        let first = Self.task(due: .time(F.instant("2026-12-01T17:00:00+01:00")), alarms: [.relative(seconds: -900)])
        var second = first
        second.due = .time(F.instant("2026-12-08T17:00:00+01:00"))
        let a = try #require(Self.timeRules.alarmReminders(for: first).first)
        let b = try #require(Self.timeRules.alarmReminders(for: second).first)
        #expect(a.id != b.id)
        #expect(a.occurrence.description == "alarm -900 instant 1796140800000")
        #expect(Reminder.Occurrence(text: a.occurrence.description) == a.occurrence)
        #expect(ReminderKind(rawValue: "alarm") == .alarm)
    }
}
