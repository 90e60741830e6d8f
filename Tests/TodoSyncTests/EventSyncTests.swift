import Foundation
import Testing
import TestSupport
import TodoCalendar
import TodoConfig
import TodoCore
import TodoStore
import TodoSync
import TodoZones

/// Events read in from a list's folder: remembered by their files' etags,
/// their coming alarms indexed, the index carried forward as time goes on.
@Suite("Events read in and indexed")
struct EventSyncTests {
    static let berlin = Zone(identifier: "Europe/Berlin") ?? .utc
    /// 2026-11-30 12:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_795_003_200)

    static func fixture(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../TodoCalendarTests/Fixtures/Events").appendingPathComponent(name).standardized
        return try String(contentsOf: url, encoding: .utf8)
    }

    static func iso(_ reminders: [ReminderOf<EventInstance>]) -> [String] {
        reminders.map { ISO8601DateFormatter().string(from: $0.reminder.at) }
    }

    @Test("An event file is read in once, its alarm indexed; read again only when it changes; forgotten when removed")
    func readInOnce() throws {
        let setup = try SyncedFolder(zone: Self.berlin, start: Self.start)
        try setup.put("dentist.ics", Self.fixture("khal-timed.ics"))
        let first = try setup.sync(0)
        #expect(first.eventsReadIn > 0 && first.readIn == 0 && first.skipped.isEmpty, "\(first)")
        #expect(try setup.tasks().isEmpty)
        let coming = try setup.store.eventReminders(after: Self.start, limit: 10)
        #expect(Self.iso(coming) == ["2026-12-01T08:50:00Z"])
        #expect(coming.first?.subject.occurrence.details.summary == "Dentist")
        #expect(coming.first?.subject.occurrence.details.location == "Dr. Weber, Hauptstr. 5")
        #expect(coming.first?.subject.folder == setup.folder)

        #expect(try setup.sync(1).eventsReadIn == 0, "an unchanged file is not read again")

        try setup.put("dentist.ics", try Self.fixture("khal-timed.ics").replacingOccurrences(of: "T100000", with: "T140000"))
        #expect(try setup.sync(2).eventsReadIn == 1)
        #expect(Self.iso(try setup.store.eventReminders(after: Self.start, limit: 10)) == ["2026-12-01T12:50:00Z"])
        #expect(try setup.read("dentist.ics").contains("T140000"), "reading an event writes nothing into it")

        try FileManager.default.removeItem(atPath: setup.folder + "/dentist.ics")
        #expect(try setup.sync(3).eventsReadIn == 1)
        #expect(try setup.store.eventReminders(after: Self.start, limit: 10).isEmpty)
    }

    @Test("events = false keeps a folder's events from firing; event-default-alarm gives alarm-less events one")
    func settings() throws {
        let root = try TemporaryFolder()
        let off = root.file("off"), defaults = root.file("defaults")
        for folder in [off, defaults] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let lunch = ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:lunch", "DTSTART:20261201T110000Z",
                     "DTEND:20261201T120000Z", "SUMMARY:Lunch", "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
        try Data(try Self.fixture("khal-timed.ics").utf8).write(to: URL(fileURLWithPath: off + "/dentist.ics"))
        try Data(lunch.utf8).write(to: URL(fileURLWithPath: defaults + "/lunch.ics"))
        let store = try TaskStore.empty(path: root.file("store.sqlite3"))
        let lists = ConfiguredLists([
            CalendarTable(path: off, events: false), CalendarTable(path: defaults, eventDefaultAlarm: -600),
        ], home: root.path)
        _ = try FolderSync(store: store, lists: lists, timeRules: TimeRules(clock: WallClock(timeZone: Self.berlin)), now: Self.start).run()
        let coming = try store.eventReminders(after: Self.start, limit: 10)
        #expect(Self.iso(coming) == ["2026-12-01T10:50:00Z"])
        #expect(coming.first?.subject.alarmID == EventAlarm.defaultID)
    }

    @Test("The index reaches a window ahead and is carried forward as time goes on, dropping what is behind it")
    func carriedForward() throws {
        let setup = try SyncedFolder(zone: Self.berlin, start: Self.start)
        // A daily event begun ten years ago.
        try setup.put("daily.ics", ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:daily",
                                    "DTSTART;TZID=Europe/Berlin:20161201T090000", "RRULE:FREQ=DAILY", "SUMMARY:Stand-up",
                                    "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "END:VALARM",
                                    "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n"))
        try setup.sync(0)
        let all = try setup.store.eventReminders(from: .distantPast, through: .distantFuture)
        let days = (EventIndex.lookback + EventIndex.horizon) / 86_400
        #expect(abs(Double(all.count) - days) <= 2, "\(all.count) instants for a window of \(days) days")
        let later = Self.start.addingTimeInterval(45 * 86_400)
        try setup.sync(45 * 24 * 60)
        let moved = try setup.store.eventReminders(from: .distantPast, through: .distantFuture)
        #expect(abs(Double(moved.count) - days) <= 2, "\(moved.count) instants after carrying forward")
        #expect(moved.first.map { $0.reminder.at >= later.addingTimeInterval(-EventIndex.lookback - 86_400) } == true)
        #expect(moved.last.map { $0.reminder.at >= later.addingTimeInterval(EventIndex.horizon - 2 * 86_400) } == true)
    }

    @Test("An event whose zone cannot be followed is reported once by the read-in and by sync --check, and fires nothing")
    func unfollowedZone() throws {
        let setup = try SyncedFolder(zone: Self.berlin, start: Self.start)
        try setup.put("mars.ics", ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:mars",
                                   "DTSTART;TZID=Mars/Olympus:20261201T090000", "SUMMARY:Far away",
                                   "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT5M", "END:VALARM",
                                   "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n"))
        let report = try setup.sync(0)
        #expect(report.skipped.count == 1 && report.skipped.first?.reason.contains("Mars/Olympus") == true, "\(report)")
        #expect(try setup.store.eventReminders(after: Self.start, limit: 10).isEmpty)
        let check = try setup.folderSync(1).check()
        #expect(check.lists.first?.bad.map(\.path) == [setup.folder + "/mars.ics"])
        #expect(check.lists.first?.unread.isEmpty == true)
    }

    /// An event file with the UID `uid` (none when nil) at 10:00 UTC on `day`.
    static func event(uid: String?, day: String, summary: String) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT"] + (uid.map { ["UID:\($0)"] } ?? []) + [
            "DTSTAMP:20261120T080000Z", "DTSTART:\(day)T100000Z", "SUMMARY:\(summary)",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM", "END:VEVENT", "END:VCALENDAR", "",
        ]).joined(separator: "\r\n")
    }

    @Test("An event without a UID, and a second file of one event's UID, are each reported; the file read first keeps the UID")
    func uidlessAndSharedUID() throws {
        // The first was once dropped without a word, and both files of
        // one UID fired while sync --check said nothing.
        let setup = try SyncedFolder(zone: Self.berlin, start: Self.start)
        try setup.put("a.ics", Self.event(uid: nil, day: "20261210", summary: "No UID"))
        try setup.put("b.ics", Self.event(uid: "dup", day: "20261211", summary: "First"))
        try setup.put("c.ics", Self.event(uid: "dup", day: "20261212", summary: "Second"))

        let report = try setup.sync(0)
        #expect(report.skipped.map(\.path) == [setup.folder + "/a.ics", setup.folder + "/c.ics"], "\(report)")
        #expect(report.skipped.last?.reason.contains("holds the event UID dup of “\(setup.folder)/b.ics”") == true, "\(report)")
        #expect(Self.iso(try setup.store.eventReminders(after: Self.start, limit: 10)) == ["2026-12-11T09:45:00Z"])
        let check = try setup.folderSync(1).check()
        #expect(check.lists.first?.bad.map(\.path) == [setup.folder + "/a.ics", setup.folder + "/c.ics"])

        // The first goes: the second is followed from the next read-in.
        try FileManager.default.removeItem(atPath: setup.folder + "/b.ics")
        _ = try setup.sync(2)
        #expect(Self.iso(try setup.store.eventReminders(after: Self.start, limit: 10)) == ["2026-12-12T09:45:00Z"])
    }
}
