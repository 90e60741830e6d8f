import Foundation
import Glibc
import Testing
import TestSupport
import TodoCalendar
import TodoCore
import TodoStore
import TodoSync
import TodoZones

private typealias Folder = SyncedFolder

/// `FolderSync.readIn`: files added, changed, removed and renamed by other
/// clients, read into a real store from a temporary folder.
@Suite struct FolderSyncReadInTests {
    static let zone = Zone(identifier: "Europe/Berlin") ?? .utc
    static let start = SyncedFolder.instant("2026-12-01T00:00:00Z")

    let setup: SyncedFolder

    init() throws {
        setup = try SyncedFolder(zone: Self.zone, start: Self.start)
    }

    static let rent = Folder.todo("rent", [
        "LAST-MODIFIED:20261130T100000Z", "SUMMARY:Pay rent", "DESCRIPTION:Before the 3rd", "CATEGORIES:Home,Money",
        "PRIORITY:1", "DUE;VALUE=DATE:20261203",
    ])

    // MARK: - New files

    @Test("A new file is a new task of the folder's list, its fields read from the VTODO; the store records its name, UID and etag, and nothing waits to be written")
    func newFile() throws {
        try setup.put("rent.ics", Self.rent)
        let report = try setup.readIn(0)
        #expect(report.readIn == 1 && report.skipped.isEmpty, "\(report)")
        let task = try setup.onlyTask()
        #expect(task.title == "Pay rent")
        #expect(task.notes == "Before the 3rd")
        #expect(task.category == "Home")
        #expect(task.priority == .high)
        #expect(task.due == .day(try #require(LocalDay(iso: "2026-12-03"))))
        #expect(task.list == setup.folder)
        #expect(!task.isCompleted && task.reminderOn)
        let row = try #require(try setup.fileRow(task.id))
        #expect(row.name == "rent.ics" && row.uid == "rent" && row.folder == setup.folder)
        #expect(row.etag == (try setup.etag("rent.ics")))
        #expect(try setup.pending().isEmpty)
    }

    @Test("Reading a file in writes nothing into the folder: its bytes and its etag stay as the other client left them")
    func readingWritesNothing() throws {
        try setup.put("rent.ics", Self.rent)
        let etag = try setup.etag("rent.ics")
        try setup.sync(0)
        #expect(try setup.read("rent.ics") == Self.rent)
        #expect(try setup.etag("rent.ics") == etag)
        #expect(try setup.itemNames() == ["rent.ics"])
    }

    @Test("A new file's due and alarms count as set when its LAST-MODIFIED says, never later than now, so that a reminder that fell between the two fires as missed")
    func setWhenTheFileSays() throws {
        try setup.put("rent.ics", Self.rent)
        try setup.put("ahead.ics", Folder.todo("ahead", ["LAST-MODIFIED:20261205T100000Z", "SUMMARY:From a clock ahead", "DUE;VALUE=DATE:20261203"]))
        try setup.readIn(30)
        let tasks = try setup.tasks()
        #expect(tasks.first { $0.title == "Pay rent" }?.dueSetAt == Folder.instant("2026-11-30T10:00:00Z"))
        #expect(tasks.first { $0.title == "From a clock ahead" }?.dueSetAt == setup.at(30))
    }

    @Test("A file whose VTODO is completed is a completed task, and reading it in writes nothing back")
    func completedFile() throws {
        try setup.put("done.ics", Folder.todo("done", ["SUMMARY:Done already", "STATUS:COMPLETED", "COMPLETED:20261130T120000Z"]))
        try setup.sync(0)
        let task = try setup.onlyTask()
        #expect(task.completedAt == Folder.instant("2026-11-30T12:00:00Z"))
        #expect(try setup.read("done.ics").contains("COMPLETED:20261130T120000Z"))
        #expect(try setup.pending().isEmpty)
    }

    // MARK: - Changed files

    @Test("A changed file changes its task, which keeps its id; the new etag is recorded, and the file is left as it is")
    func changedFile() throws {
        try setup.put("rent.ics", Self.rent)
        try setup.readIn(0)
        let id = try setup.onlyTask().id
        let changed = Self.rent.replacingOccurrences(of: "SUMMARY:Pay rent", with: "SUMMARY:Pay the rent")
            .replacingOccurrences(of: "LAST-MODIFIED:20261130T100000Z", with: "LAST-MODIFIED:20261201T000500Z")
        try setup.put("rent.ics", changed)
        let report = try setup.readIn(10)
        #expect(report.readIn == 1)
        let task = try setup.onlyTask()
        #expect(task.id == id && task.title == "Pay the rent")
        #expect(try setup.fileRow(id)?.etag == (try setup.etag("rent.ics")))
        #expect(try setup.read("rent.ics") == changed)
        #expect(try setup.pending().isEmpty)
    }

    @Test("A file whose etag is the one recorded is not read again")
    func unchangedFileNotRead() throws {
        try setup.put("rent.ics", Self.rent)
        try setup.sync(0)
        let second = try setup.folderSync(10).run()
        #expect(second.readIn == 0 && second.writtenOut == 0, "\(second)")
        let id = try setup.onlyTask().id
        let versions = try setup.store.readingTaskFiles { try $0.versions(taskID: id) }
        #expect(versions.count == 1)
    }

    @Test("A file edited in place is read in by a full read-in, and by none that skips folders whose directory is as the last scan left it; a file put in by rename is read in by both")
    func inPlaceEditsAndFolderScans() throws {
        try setup.put("rent.ics", Self.rent)
        // The clock's time, well after the folder's last change: its directory is trusted.
        let later = Date().addingTimeInterval(10)
        _ = try setup.folderSync(0).run(skippingUnchangedAt: later)
        let edited = Self.rent.replacingOccurrences(of: "SUMMARY:Pay rent", with: "SUMMARY:Pay it")
        let handle = try #require(FileHandle(forWritingAtPath: setup.folder + "/rent.ics"))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(edited.utf8))
        try handle.close()

        #expect(try !setup.folderSync(10).hasChanges(at: later))
        #expect(try setup.folderSync(10).run(skippingUnchangedAt: later).readIn == 0)
        #expect(try setup.onlyTask().title == "Pay rent")
        #expect(try setup.readIn(10).readIn == 1)
        #expect(try setup.onlyTask().title == "Pay it")

        try setup.put("other.ics", Folder.todo("other", ["SUMMARY:Other"]))
        #expect(try setup.folderSync(20).hasChanges(at: Date().addingTimeInterval(10)))
        #expect(try setup.folderSync(20).run(skippingUnchangedAt: Date().addingTimeInterval(10)).readIn == 1)
    }

    @Test("A task changed here whose file waits to be written is a change a reading command must open the store for")
    func pendingIsAChange() throws {
        try setup.put("rent.ics", Self.rent)
        let later = Date().addingTimeInterval(10)
        _ = try setup.folderSync(0).run(skippingUnchangedAt: later)
        #expect(try !setup.folderSync(0).hasChanges(at: later))
        try setup.modify(try setup.onlyTask().id, at: 5) { $0.notes = "edited" }
        #expect(try setup.folderSync(5).hasChanges(at: later))
    }

    // MARK: - Removed and renamed files

    @Test("A file removed elsewhere takes its task with it, and the store forgets the file")
    func removedFile() throws {
        try setup.put("rent.ics", Self.rent)
        try setup.sync(0)
        let id = try setup.onlyTask().id
        try setup.remove("rent.ics")
        let report = try setup.readIn(10)
        #expect(report.readIn == 1)
        #expect(try setup.tasks().isEmpty)
        #expect(try setup.fileRow(id) == nil)
        #expect(try setup.folderSync(10).check().inStep)
    }

    @Test("A file removed elsewhere takes its task with it even when the task has changes here waiting to be written: the read-in comes first")
    func removedWhileChangedHere() throws {
        try setup.put("rent.ics", Self.rent)
        try setup.sync(0)
        let id = try setup.onlyTask().id
        try setup.modify(id, at: 5) { $0.notes = "edited here" }
        try setup.remove("rent.ics")
        let report = try setup.sync(10)
        #expect(report.readIn == 1 && report.writtenOut == 0, "\(report)")
        #expect(try setup.tasks().isEmpty && setup.itemNames().isEmpty)
    }

    @Test("A file renamed is the same task under its new name: its id and its file row follow, nothing is deleted, and the store and folder are in step")
    func renamed() throws {
        try setup.put("a.ics", Folder.todo("task-a", ["SUMMARY:Call the bank"]))
        try setup.sync(0)
        let id = try setup.onlyTask().id
        try setup.renameFile("a.ics", to: "b.ics")
        let check = try setup.folderSync(1).check()
        #expect(check.lists.first?.unread == ["b.ics"] && check.lists.first?.bad.isEmpty == true, "\(check.lists)")
        let report = try setup.readIn(1)
        #expect(report.readIn == 1 && report.skipped.isEmpty, "\(report)")
        let task = try setup.onlyTask()
        #expect(task.id == id && task.title == "Call the bank")
        #expect(try setup.fileRow(id)?.name == "b.ics")
        #expect(try setup.folderSync(2).check().inStep)
    }

    @Test("A file renamed and changed at once is the same task, changed")
    func renamedAndChanged() throws {
        try setup.put("a.ics", Folder.todo("task-a", ["SUMMARY:Call the bank"]))
        try setup.sync(0)
        let id = try setup.onlyTask().id
        try setup.remove("a.ics")
        try setup.put("b.ics", Folder.todo("task-a", ["SUMMARY:Call the bank at 9"]))
        try setup.sync(1)
        let task = try setup.onlyTask()
        #expect(task.id == id && task.title == "Call the bank at 9")
        #expect(try setup.fileRow(id)?.name == "b.ics")
    }

    @Test("A second file with the UID of a file that is still there is left alone and reported, by the read-in and by sync --check alike; the first keeps its task")
    func duplicateUID() throws {
        try setup.put("a.ics", Folder.todo("same", ["SUMMARY:First"]))
        try setup.sync(0)
        try setup.put("b.ics", Folder.todo("same", ["SUMMARY:Second"]))
        let checked = try setup.folderSync(1).check().lists.flatMap(\.bad)
        let report = try setup.readIn(1)
        let task = try setup.onlyTask()
        #expect(task.title == "First")
        #expect(try setup.fileRow(task.id)?.name == "a.ics")
        let skipped = try #require(report.skipped.first, "\(report)")
        #expect(report.skipped.count == 1 && skipped.path == setup.folder + "/b.ics")
        #expect(skipped.reason.contains("holds the UID same of “\(setup.folder)/a.ics”"), "\(skipped.reason)")
        #expect(checked.map(\.path) == [setup.folder + "/b.ics"])
    }

    // MARK: - Files that are not tasks

    @Test("A file of events is another program's: no task, nothing reported")
    func eventFile() throws {
        let event = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//EN", "BEGIN:VEVENT", "UID:meeting", "DTSTAMP:20261130T100000Z",
                     "DTSTART:20261202T100000Z", "SUMMARY:Meeting", "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
        try setup.put("meeting.ics", event)
        let report = try setup.sync(0)
        #expect(report.readIn == 0 && report.skipped.isEmpty, "\(report)")
        #expect(try setup.tasks().isEmpty)
        #expect(try setup.read("meeting.ics") == event)
    }

    @Test("A VTODO without a UID is skipped and reported, naming the file, and makes no task", arguments: [
        ("no-uid.ics", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", "has a VTODO without a UID"),
        ("not-ical.ics", "hello\r\n", "is not an iCalendar file"),
    ])
    func unreadableFiles(name: String, text: String, reason: String) throws {
        try setup.put(name, text)
        let report = try setup.readIn(0)
        #expect(try setup.tasks().isEmpty)
        #expect(report.skipped.map(\.path) == [setup.folder + "/" + name], "\(report)")
        #expect(report.skipped.first?.reason.contains(reason) == true, "\(report)")
    }

    @Test("A file past a reading bound is skipped and reported, never partly read: larger than the largest file, or asking for more alarms than a task may have")
    func pastABound() throws {
        let large = Folder.todo("large", ["SUMMARY:Large", "DESCRIPTION:" + String(repeating: "x", count: ReadingLimits.maximumFileSize)])
        let alarm = ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT5M", "REPEAT:\(ReadingLimits.maximumAlarmInstances)",
                     "DURATION:PT1M", "END:VALARM"]
        try setup.put("large.ics", large)
        try setup.put("alarms.ics", Folder.todo("alarms", ["SUMMARY:Alarms", "DUE:20261202T100000Z"] + alarm))
        let report = try setup.readIn(0)
        #expect(try setup.tasks().isEmpty)
        let reasons = Dictionary(report.skipped.map { (($0.path as NSString).lastPathComponent, $0.reason) }, uniquingKeysWith: { $1 })
        #expect(reasons["large.ics"]?.contains("is larger than 4 MiB") == true, "\(reasons)")
        #expect(reasons["alarms.ics"]?.contains("asks for \(ReadingLimits.maximumAlarmInstances + 1) alarm reminders") == true, "\(reasons)")
        #expect(try setup.folderSync(1).check().lists.flatMap(\.bad).count == 2)
    }

    @Test("A file that grows past a bound after it was read in keeps its task as it was, and is reported")
    func growsPastABound() throws {
        try setup.put("rent.ics", Self.rent)
        try setup.sync(0)
        let before = try setup.onlyTask()
        try setup.put("rent.ics", Self.rent.replacingOccurrences(of: "SUMMARY:Pay rent", with: "SUMMARY:" + String(repeating: "y", count: ReadingLimits.maximumFileSize)))
        let report = try setup.sync(10)
        #expect(try setup.onlyTask() == before)
        #expect(report.skipped.count == 1 && report.skipped.first?.reason.contains("is larger than") == true, "\(report)")
    }

    @Test("A name that is an item's but not a regular file (a named pipe) is reported without being opened")
    func namedPipe() throws {
        try #require(mkfifo(setup.folder + "/pipe.ics", 0o644) == 0)
        let report = try setup.readIn(0)
        #expect(report.skipped.first?.reason.contains("is a named pipe (FIFO), not a regular file") == true, "\(report)")
        #expect(try setup.tasks().isEmpty)
    }

    @Test("Temporary files are not items; one of ours left by a write killed long before the folder's last change is removed, a recent one is not")
    func temporaryFiles() throws {
        let stale = ".rent.ics.\(UUID().uuidString).tmp"
        let fresh = ".other.ics.\(UUID().uuidString).tmp"
        for name in [stale, fresh] {
            try Data(Self.rent.utf8).write(to: URL(fileURLWithPath: setup.folder + "/" + name))
        }
        let times = try FileClock.times(3600, before: setup.folder + "/" + stale)
        try #require(utimensat(AT_FDCWD, setup.folder + "/" + stale, times, 0) == 0)
        try setup.put("rent.ics", Self.rent)

        let report = try setup.readIn(0)
        #expect(report.readIn == 1)
        #expect(try setup.tasks().count == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: setup.folder)
        #expect(!names.contains(stale) && names.contains(fresh), "\(names)")
    }

    @Test("A list folder that cannot be listed is reported, and its tasks stay as they were")
    func folderGone() throws {
        try setup.put("rent.ics", Self.rent)
        try setup.sync(0)
        let before = try setup.onlyTask()
        try FileManager.default.moveItem(atPath: setup.folder, toPath: setup.folder + ".aside")
        let report = try setup.readIn(10)
        #expect(report.readIn == 0)
        #expect(report.skipped.map(\.path) == [setup.folder], "\(report)")
        #expect(try setup.onlyTask() == before)
    }

    @Test("A one-off task completed in another client's file is completed here as the file says, and nothing is written back")
    func oneOffCompletedElsewhere() throws {
        try setup.put("rent.ics", Self.rent)
        try setup.sync(0)
        let before = try setup.onlyTask()
        let done = Self.rent.replacingOccurrences(of: "END:VTODO", with: "STATUS:COMPLETED\r\nCOMPLETED:20261201T080000Z\r\nEND:VTODO")
        try setup.put("rent.ics", done)
        let report = try setup.sync(600)
        #expect(report.writtenOut == 0)
        let task = try setup.onlyTask()
        #expect(task.completedAt == Folder.instant("2026-12-01T08:00:00Z"))
        #expect(task.acknowledgedAt == before.acknowledgedAt)
        #expect(try setup.store.recentCompletions(limit: 10)[task.id] == nil)
        #expect(try setup.read("rent.ics") == done)
    }
}
