import Foundation
import TestSupport
import Testing
import TodoCalendar
import TodoConfig
import TodoCore
import TodoStore
import TodoSync
import TodoZones

/// Another client's alarms follow the newest version of its file, and
/// reading that file in writes nothing: their triggers,
/// acknowledgements and snoozes are that client's to change.
@Suite struct ForeignAlarmFollowTests {
    static let zone = Zone(identifier: "America/New_York") ?? .utc
    static let start = Date(timeIntervalSince1970: 1_796_000_000)

    /// The client fixtures with alarms (Tests/TodoCalendarTests/Fixtures/README.md).
    static let fixtures = [
        "evolution.ics", "evolution-start.ics", "thunderbird.ics", "tasksorg.ics",
        "tasksorg-snoozed.ics", "rfc9074.ics", "apple.ics", "rfc5545.ics",
    ]

    static func fixture(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TodoCalendarTests/Fixtures").appendingPathComponent(name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// What a task's reminders are, as far as a file's alarms say them.
    struct Reminders: Equatable {
        var alarms: [TaskAlarm]
        var acknowledgedAt: Date?
        var snoozedUntil: Date?
        var remindDefaults: Bool

        init(_ task: TodoTask) {
            alarms = task.alarms
            acknowledgedAt = task.acknowledgedAt
            snoozedUntil = task.snoozedUntil
            remindDefaults = task.remindDefaults
        }
    }

    /// The lines of `text` with the first VALARM of its first VTODO changed by `change`
    /// (given that VALARM's lines, BEGIN and END included).
    static func editingFirstAlarm(_ text: String, _ change: ([String]) -> [String]) -> String {
        let newline = text.contains("\r\n") ? "\r\n" : "\n"
        var lines = text.components(separatedBy: newline)
        guard let begin = lines.firstIndex(of: "BEGIN:VALARM"),
              let end = lines[begin...].firstIndex(of: "END:VALARM") else { return text }
        lines.replaceSubrange(begin...end, with: change(Array(lines[begin...end])))
        return lines.joined(separator: newline)
    }

    /// One change another client makes to its alarms, by name.
    static let changes: [(String, @Sendable (String) -> String)] = [
        ("trigger changed", { text in
            editingFirstAlarm(text) { alarm in
                alarm.map { $0.hasPrefix("TRIGGER") ? "TRIGGER;RELATED=END:-PT40M" : $0 }
            }
        }),
        ("acknowledged", { text in
            editingFirstAlarm(text) { alarm in
                [alarm[0], "ACKNOWLEDGED:20300101T000000Z"] + alarm.dropFirst().filter { !$0.hasPrefix("ACKNOWLEDGED") }
            }
        }),
        ("acknowledgement removed", { text in
            editingFirstAlarm(text) { alarm in alarm.filter { !$0.hasPrefix("ACKNOWLEDGED") } }
        }),
        ("alarm added", { text in
            editingFirstAlarm(text) { alarm in
                ["BEGIN:VALARM", "UID:added-alarm", "ACTION:DISPLAY", "DESCRIPTION:Added",
                 "TRIGGER;VALUE=DATE-TIME:20301201T120000Z", "END:VALARM"] + alarm
            }
        }),
        ("alarm removed", { text in editingFirstAlarm(text) { _ in [] } }),
    ]

    @Test("Another client changes, acknowledges and removes its alarms after the first read-in: the store follows each version as a new store reads it, and the file is not written", arguments: fixtures)
    func foreignAlarmsFollowTheFile(fixture: String) throws {
        let setup = try SyncedFolder(zone: ForeignAlarmFollowTests.zone, start: ForeignAlarmFollowTests.start)
        var text = try Self.fixture(fixture)
        try setup.put("task.ics", text)
        try setup.sync(0)
        let folder = VdirFolder(path: setup.folder)
        for (step, (name, change)) in Self.changes.enumerated() {
            let changed = change(text)
            #expect(changed != text, "\(fixture): \(name) changed nothing")
            text = changed
            try setup.put("task.ics", text)
            let before = try folder.read("task.ics")
            try setup.sync(Double(step + 1))
            let after = try folder.read("task.ics")
            #expect(after.bytes == before.bytes, "\(fixture), \(name): the read-in rewrote the file")
            #expect(after.stamp.etag == before.stamp.etag, "\(fixture), \(name): the read-in wrote the file")

            // The same bytes read into a new store.
            let fresh = try SyncedFolder(zone: ForeignAlarmFollowTests.zone, start: ForeignAlarmFollowTests.start)
            try fresh.put("task.ics", text)
            try fresh.sync(Double(step + 1))
            #expect(Reminders(try setup.onlyTask()) == Reminders(try fresh.onlyTask()), "\(fixture), \(name)")
        }
    }

    /// A file made on the phone at `set` (its LAST-MODIFIED and CREATED as
    /// given), its alarm at 10:00 UTC on 1 Dec 2026.
    static func phoneFile(lastModified: String?, created: String?) -> String {
        let stamps = [created.map { "CREATED:\($0)" }, lastModified.map { "LAST-MODIFIED:\($0)" }].compactMap { $0 }
        return (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN", "BEGIN:VTODO", "UID:phone-1",
                 "DTSTAMP:20261130T090000Z"] + stamps + ["SUMMARY:Water the plants", "DUE:20261201T110000Z",
                 "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Water", "TRIGGER;VALUE=DATE-TIME:20261201T100000Z",
                 "END:VALARM", "END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    /// 10:01 UTC on 1 Dec 2026, a minute after the phone file's alarm.
    static let syncedAt = Date(timeIntervalSince1970: 1_796_119_260)

    @Test("A file first read in after its alarm: the alarm counts as set when the file says it was changed (LAST-MODIFIED, else CREATED), so it is due to fire as missed; never later than the read-in", arguments: [
        ("20261130T090000Z", "20261129T090000Z", 1_796_029_200.0),
        (nil, "20261129T090000Z", 1_795_942_800.0),
        ("20261201T100030Z", nil, 1_796_119_230.0),
        ("20301201T100000Z", nil, 1_796_119_260.0),
        (nil, nil, 1_796_119_260.0),
    ] as [(String?, String?, Double)])
    func alarmSetWhenTheFileSays(lastModified: String?, created: String?, setAt: Double) throws {
        let setup = try SyncedFolder(zone: ForeignAlarmFollowTests.zone, start: ForeignAlarmFollowTests.start)
        try setup.put("plants.ics", Self.phoneFile(lastModified: lastModified, created: created))
        let timeRules = TimeRules(clock: WallClock(timeZone: Self.zone))
        _ = try FolderSync(store: setup.store, lists: setup.lists, timeRules: timeRules, now: Self.syncedAt).run()
        let task = try setup.onlyTask()
        #expect(task.dueSetAt == Date(timeIntervalSince1970: setAt))
        // The daemon fires a reminder that came after its task's due was set (DeliveryPlanner).
        let alarm = Date(timeIntervalSince1970: 1_796_119_200)
        #expect(task.alarms == [.absolute(alarm)])
        #expect((alarm > task.dueSetAt) == (setAt < alarm.timeIntervalSince1970))
    }
}
