import Foundation
import Testing
import TodoCalendar
import TodoCore
@testable import TodoSync
import TodoZones

/// A snooze or a dismissal made here, written into a task file's alarms in
/// RFC 9074's forms beside Thunderbird's, and read back as the same.
@Suite struct AlarmActionTests {
    static let zone = Zone(identifier: "Europe/Berlin") ?? .utc
    /// 2026-12-01 17:00 in Berlin.
    static let due = Date(timeIntervalSince1970: 1_796_140_800)
    static let mapping = TaskMapping(timeRules: TimeRules(clock: WallClock(timeZone: zone)), now: due.addingTimeInterval(-86_400))

    static func read(_ bytes: [UInt8]) throws -> VTodo {
        guard case .todo(let item) = try FolderItem.read(bytes, file: "task.ics", localZone: zone) else {
            throw CalendarFileError.noTodo(file: "task.ics")
        }
        return item
    }

    /// A task made here, due at 17:00 with its defaults, and its file.
    static func written() throws -> (task: TodoTask, item: VTodo) {
        var task = TodoTask(id: 1, title: "Post the parcel", createdAt: mapping.now)
        task.due = .time(due)
        let bytes = VTodo.newFile(uid: "parcel", properties: mapping.properties(of: task, over: VTodoProperties()), at: mapping.now)
        return (mapping.task(from: try read(bytes).properties, list: "/lists/home"), try read(bytes))
    }

    /// What a write of `task` over `item` puts in the file, as FolderSync writes it.
    static func write(_ task: TodoTask, over item: VTodo, at now: Date) throws -> VTodo {
        let mapping = TaskMapping(timeRules: mapping.timeRules, now: now)
        let updated = item.updated(to: mapping.properties(of: task, over: item.properties), at: now)
        let bytes = mapping.writingAlarmActions(of: task, read: item.properties, into: updated ?? item.document.bytes, path: "task.ics")
            ?? updated ?? item.document.bytes
        return try read(bytes)
    }

    static func text(_ item: VTodo) -> String { String(decoding: item.document.bytes, as: UTF8.self) }

    /// A minute after the due, once both default reminders fired.
    static let actedAt = due.addingTimeInterval(60)

    /// The task made here, snoozed for an hour at `actedAt`, and its file written so.
    static func snoozed() throws -> (task: TodoTask, item: VTodo) {
        var (task, item) = try written()
        task.snooze(until: actedAt.addingTimeInterval(3600), at: actedAt)
        return (task, try write(task, over: item, at: actedAt))
    }

    @Test("Snoozed here an hour after the due reminder fired: X-MOZ-SNOOZE-TIME, X-MOZ-LASTACK and a snooze alarm naming that alarm, read back as the same snooze")
    func snoozeWritesEveryForm() throws {
        let (task, after) = try Self.snoozed()
        let actedAt = Self.actedAt
        #expect(after.properties.snoozedUntil == actedAt.addingTimeInterval(3600))
        #expect(after.properties.acknowledgedAt == actedAt)
        let snooze = try #require(after.properties.alarms.first { $0.snoozes != nil })
        // The due-time alarm fired last (the 09:00 one before it), so it is the one snoozed.
        #expect(snooze.snoozes == .own("due"))
        #expect(snooze.trigger == .absolute(actedAt.addingTimeInterval(3600)))
        #expect(after.properties.ownAlarmsAcknowledged["due"] == actedAt)
        let text = Self.text(after)
        #expect(text.contains("X-MOZ-SNOOZE-TIME:20261201T170100Z\r\n"))
        #expect(text.contains("RELATED-TO;RELTYPE=SNOOZE:"))
        #expect(text.contains("TRIGGER;VALUE=DATE-TIME:20261201T170100Z\r\n"))

        // Read back on another device: the same snooze and acknowledgement, nothing to write.
        var read = Self.mapping.task(from: after.properties, list: "/lists/home")
        #expect(read.snoozedUntil == task.snoozedUntil && read.acknowledgedAt == task.acknowledgedAt)
        read.id = task.id
        #expect(try Self.write(read, over: after, at: actedAt.addingTimeInterval(5)).document == after.document)
    }

    @Test("The snooze dismissed when it fires: its alarm is acknowledged, and a device reading the file finds no snooze to come")
    func dismissedSnoozeIsAcknowledged() throws {
        var (task, item) = try Self.snoozed()
        let dismissedAt = Self.actedAt.addingTimeInterval(3605)
        task.acknowledgedAt = dismissedAt
        let after = try Self.write(task, over: item, at: dismissedAt)
        let snooze = try #require(after.properties.alarms.first { $0.snoozes != nil })
        #expect(snooze.acknowledgedAt == dismissedAt)
        let read = Self.mapping.task(from: after.properties, list: "/lists/home")
        #expect(read.acknowledgedAt == dismissedAt)
        #expect(!read.isSnoozed(after: dismissedAt))
    }

    @Test("Done while snoozed: the snooze is gone from every form, so no device brings it back")
    func doneDropsTheSnooze() throws {
        var (task, item) = try Self.snoozed()
        let actedAt = Self.actedAt
        #expect(item.properties.alarms.contains { $0.snoozes != nil })
        let original = task
        task.completedAt = actedAt.addingTimeInterval(600)
        task.endSnoozeIfChanged(from: original)
        let after = try Self.write(task, over: item, at: actedAt.addingTimeInterval(600))
        #expect(after.properties.snoozedUntil == nil)
        #expect(!after.properties.alarms.contains { $0.snoozes != nil })
        #expect(!Self.text(after).contains("RELATED-TO;RELTYPE=SNOOZE"))
        #expect(Self.mapping.task(from: after.properties, list: "/lists/home").snoozedUntil == nil)
    }

    @Test("Snoozed before any alarm fired: Thunderbird's form only, as there is no alarm to name")
    func snoozeBeforeAnyAlarm() throws {
        var (task, item) = try Self.written()
        let actedAt = Self.due.addingTimeInterval(-86_400)
        task.snooze(until: actedAt.addingTimeInterval(3600), at: actedAt)
        let after = try Self.write(task, over: item, at: actedAt)
        #expect(after.properties.snoozedUntil == actedAt.addingTimeInterval(3600))
        #expect(!after.properties.alarms.contains { $0.snoozes != nil })
    }

    @Test("Snoozing Thunderbird's task: its alarm gets a UID and ACKNOWLEDGED, and the snooze alarm names it")
    func snoozeOfAnotherClientsAlarm() throws {
        let bytes = try [UInt8](Data(contentsOf: TaskMappingTests.fixtures.appendingPathComponent("thunderbird.ics")))
        let item = try Self.read(bytes)
        var task = Self.mapping.task(from: item.properties, list: "/lists/home")
        // Its alarm fires at 16:45 Berlin (15:45Z); it was handled in
        // Thunderbird at 16:10Z and snoozed there to 16:30Z; snoozed here at
        // 16:40Z for 20 minutes.
        let actedAt = Self.due.addingTimeInterval(40 * 60)
        task.snooze(until: actedAt.addingTimeInterval(1200), at: actedAt)
        let after = try Self.write(task, over: item, at: actedAt)
        let original = try #require(after.properties.alarms.first { $0.snoozes == nil })
        let snooze = try #require(after.properties.alarms.first { $0.snoozes != nil })
        #expect(snooze.snoozes == original.key)
        #expect(original.uid != nil && original.acknowledgedAt == actedAt)
        #expect(after.properties.snoozedUntil == actedAt.addingTimeInterval(1200))
        #expect(after.properties.acknowledgedAt == actedAt)
    }
}
