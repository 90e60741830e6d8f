import Foundation
import TestSupport
import Testing
import TodoCalendar
import TodoConfig
import TodoCore
import TodoStore
import TodoSync
import TodoZones

/// A list folder written by todo-remind, a second local client writing by
/// rename (as todoman does) and vdirsyncer bringing in the server's copy
/// ("b wins"), at the level of the folder's files.
@Suite struct ThreeWriterMergeTests {
    static let zone = Zone(identifier: "Europe/Berlin") ?? .utc
    static let start = Date(timeIntervalSince1970: 1_796_000_000)

    /// The server's first copy of the task.
    static func serverCopy(extra: [String] = []) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN", "BEGIN:VTODO", "UID:task-01",
          "DTSTAMP:20261101T100000Z", "LAST-MODIFIED:20261101T100000Z", "SUMMARY:Task 01",
          "DESCRIPTION:old notes", "PRIORITY:5"] + extra + ["END:VTODO", "END:VCALENDAR", ""])
            .joined(separator: "\r\n")
    }

    /// The file as another local client re-writes it: the same, with one
    /// property of its own added.
    static func withLocalProperty(_ text: String) -> String {
        text.replacingOccurrences(of: "END:VTODO", with: "X-LOCAL-CLIENT:seen\r\nEND:VTODO")
    }

    @Test("Edited here, re-written by a local client and read in, then replaced by the server's copy of the version before the edit: the edit stays", arguments: [false, true])
    func serverCopyOfAnOlderVersionKeepsTheEdit(madeHere: Bool) throws {
        let setup = try SyncedFolder(zone: ThreeWriterMergeTests.zone, start: ThreeWriterMergeTests.start)
        if madeHere {
            // Made here: its first file is one todo-remind wrote.
            var draft = try TaskDraft(title: "Task 01", notes: "old notes")
            draft.list = setup.folder
            _ = try setup.store.add(draft, now: Self.start)
        } else {
            try setup.put("task-01.ics", Self.serverCopy())
        }
        try setup.sync(0)
        let id = try setup.onlyTask().id
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: setup.folder).first { $0.hasSuffix(".ics") })
        let first = try setup.read(name)
        _ = try setup.store.modify(ids: [id], now: Self.start.addingTimeInterval(60)) { $0.notes = "EDITED HERE" }
        try setup.sync(1)
        #expect(try setup.read(name).contains("DESCRIPTION:EDITED HERE"))

        // todoman, say, re-writes the file by rename: read in here.
        try setup.put(name, Self.withLocalProperty(try setup.read(name)))
        try setup.sync(2)
        // The phone adds a LOCATION to the server's copy, which never had
        // the edit; vdirsyncer's "b wins" puts that copy in the folder.
        try setup.put(name, first.replacingOccurrences(of: "END:VTODO", with: "LOCATION:Office\r\nEND:VTODO"))
        let report = try setup.sync(3)

        #expect(try setup.onlyTask().notes == "EDITED HERE")
        let text = try setup.read(name)
        #expect(text.contains("DESCRIPTION:EDITED HERE"), "\(text)")
        #expect(text.contains("LOCATION:Office"), "\(text)")
        #expect(report.conflicts.isEmpty)
    }

    @Test("A copy that would set a field back to a value it had before an edit made here, with no version to say it was changed back there, keeps the edit and is a conflict")
    func undoingAnEditIsAConflict() throws {
        let setup = try SyncedFolder(zone: ThreeWriterMergeTests.zone, start: ThreeWriterMergeTests.start)
        try setup.put("task-01.ics", Self.serverCopy())
        try setup.sync(0)
        let id = try setup.onlyTask().id
        // Edited here: notes, priority and category.
        _ = try setup.store.modify(ids: [id], now: Self.start.addingTimeInterval(60)) {
            $0.notes = "EDITED HERE"
            $0.priority = .high
            $0.category = "Work"
        }
        try setup.sync(1)
        // The copy that comes back has the new priority and category (the
        // phone set the same) and a title of its own, but the old notes:
        // closer to the version written here than to the one before it.
        try setup.put("task-01.ics", Self.serverCopy(extra: ["CATEGORIES:Work"])
            .replacingOccurrences(of: "PRIORITY:5", with: "PRIORITY:1")
            .replacingOccurrences(of: "SUMMARY:Task 01", with: "SUMMARY:Task one"))
        let report = try setup.sync(2)

        let task = try setup.onlyTask()
        #expect(task.notes == "EDITED HERE")
        #expect(task.title == "Task one")
        #expect(report.conflicts.map(\.fields) == [["notes"]])
        #expect(report.conflicts.first?.keptHere == true)
        #expect(try setup.store.syncConflicts(limit: 10).map(\.fields) == [["notes"]])
    }

    @Test("Done here (at a fraction of a second) and reopened elsewhere: reopened, with no conflict, since only the other side changed completion")
    func completionChangedElsewhereOnlyIsNoConflict() throws {
        let setup = try SyncedFolder(zone: ThreeWriterMergeTests.zone, start: ThreeWriterMergeTests.start)
        try setup.put("task-01.ics", Self.serverCopy())
        try setup.sync(0)
        let id = try setup.onlyTask().id
        _ = try setup.store.markDone(ids: [id], at: Self.start.addingTimeInterval(60.25), in: Self.zone)
        try setup.sync(1)
        let done = try setup.read("task-01.ics")
        #expect(done.contains("STATUS:COMPLETED"))

        // Reopened on another device, which then edits its title.
        let reopened = done.replacingOccurrences(of: "STATUS:COMPLETED", with: "STATUS:NEEDS-ACTION")
            .split(separator: "\r\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("COMPLETED:") && !$0.hasPrefix("PERCENT-COMPLETE:") }
            .joined(separator: "\r\n")
        try setup.put("task-01.ics", reopened)
        let report = try setup.sync(2)

        #expect(try setup.onlyTask().completedAt == nil)
        #expect(report.conflicts.isEmpty)
        #expect(try setup.store.syncConflicts(limit: 10).isEmpty)
    }
}
