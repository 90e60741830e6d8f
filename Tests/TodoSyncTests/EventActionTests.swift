import Foundation
import Testing
import TestSupport
import TodoCalendar
import TodoConfig
import TodoCore
import TodoStore
import TodoSync

/// Dismiss and Snooze from an event's bubble: written into its file where
/// the folder's files may be written, kept on this machine where not.
@Suite("Event alarms dismissed and snoozed")
struct EventActionTests {
    /// 2026-12-01T08:50:00Z: the dentist's alarm (khal-timed.ics).
    static let alarmTime = Date(timeIntervalSince1970: 1_796_115_000)

    static func setUp(write: Bool) throws -> (TemporaryFolder, String, FolderSync) {
        let root = try TemporaryFolder()
        let folder = root.file("personal")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(try EventSyncTests.fixture("khal-timed.ics").utf8).write(to: URL(fileURLWithPath: folder + "/dentist.ics"))
        let store = try TaskStore.empty(path: root.file("store.sqlite3"))
        let lists = ConfiguredLists([CalendarTable(path: folder, eventsWrite: write)], home: root.path)
        let sync = FolderSync(store: store, lists: lists, timeRules: TimeRules(clock: WallClock(timeZone: EventSyncTests.berlin)),
                              now: EventSyncTests.start)
        _ = try sync.run()
        return (root, folder, sync)
    }

    static func dentist(_ sync: FolderSync) throws -> ReminderOf<EventInstance> {
        try #require(try sync.store.eventReminders(from: alarmTime, through: alarmTime).first)
    }

    @Test("Dismiss writes X-MOZ-LASTACK and ACKNOWLEDGED into the file, and the alarm is handled")
    func dismissWritten() throws {
        let (root, folder, sync) = try Self.setUp(write: true)
        defer { withExtendedLifetime(root) {} }
        let outcome = try EventActions(sync: sync).dismiss(try Self.dentist(sync), at: Self.alarmTime.addingTimeInterval(30))
        #expect(outcome == .written)
        let text = try String(contentsOfFile: folder + "/dentist.ics", encoding: .utf8)
        #expect(text.contains("X-MOZ-LASTACK:20261201T085030Z\r\n"))
        #expect(text.contains("ACKNOWLEDGED:20261201T085030Z\r\n"))
        #expect(try sync.store.eventReminders(from: Self.alarmTime.addingTimeInterval(-60), through: .distantFuture).isEmpty)
    }

    @Test("With events-write = false nothing is written: the dismissal and the snooze are this machine's")
    func keptHere() throws {
        let (root, folder, sync) = try Self.setUp(write: false)
        defer { withExtendedLifetime(root) {} }
        let before = try String(contentsOfFile: folder + "/dentist.ics", encoding: .utf8)
        let actions = EventActions(sync: sync)
        let until = Self.alarmTime.addingTimeInterval(600)
        #expect(try actions.snooze(try Self.dentist(sync), until: until, at: Self.alarmTime.addingTimeInterval(30)) == .keptHere(reason: nil))
        #expect(try String(contentsOfFile: folder + "/dentist.ics", encoding: .utf8) == before)
        let coming = try sync.store.eventReminders(from: Self.alarmTime.addingTimeInterval(-60), through: .distantFuture)
        #expect(coming.map(\.reminder.kind) == [.snoozed])
        #expect(coming.map(\.reminder.at) == [until])
        let snoozed = try #require(coming.first)
        #expect(try actions.dismiss(snoozed, at: until.addingTimeInterval(5)) == .keptHere(reason: nil))
        #expect(try sync.store.eventReminders(from: Self.alarmTime.addingTimeInterval(-60), through: .distantFuture).isEmpty)
    }
}
