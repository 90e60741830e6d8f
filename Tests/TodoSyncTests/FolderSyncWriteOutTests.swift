import Foundation
import TestSupport
import Testing
import TodoCalendar
import TodoConfig
import TodoCore
import TodoStore
import TodoSync
import TodoZones

private typealias Folder = SyncedFolder

/// `FolderSync.writeOut`: tasks added, changed, completed, snoozed, moved
/// and deleted here, written into a temporary folder's files.
@Suite struct FolderSyncWriteOutTests {
    static let zone = Zone(identifier: "Europe/Berlin") ?? .utc
    static let start = SyncedFolder.instant("2026-12-01T00:00:00Z")

    let setup: SyncedFolder

    init() throws {
        setup = try SyncedFolder(zone: Self.zone, start: Self.start)
    }

    /// A phone's file with properties todo-remind does not know.
    static let phone = Folder.todo("phone-1", [
        "LAST-MODIFIED:20261130T100000Z", "SUMMARY:Old title", "LOCATION:Office", "X-PHONE-COLOR:#ff0000",
        "CATEGORIES:Work,Urgent", "PRIORITY:2", "BEGIN:X-PHONE-NOTE", "TEXT:kept", "END:X-PHONE-NOTE",
    ])

    /// The lines of `lines` but those named in `names`.
    static func without(_ names: [String], _ lines: [String]) -> [String] {
        lines.filter { line in !names.contains { line.hasPrefix($0 + ":") || line.hasPrefix($0 + ";") } }
    }

    // MARK: - New tasks

    @Test("A task added here gets a file of its own named after its new UID, CREATED when the task was, and the store records it as written: nothing pending, and the next read-in reads nothing")
    func newTask() throws {
        let task = try setup.add("Buy milk", at: 0) { $0.notes = "Two litres" }
        #expect(try setup.pending() == [task.id])
        let report = try setup.writeOut(1)
        #expect(report.writtenOut == 1 && report.unwritten.isEmpty, "\(report)")
        let row = try #require(try setup.fileRow(task.id))
        let uid = try #require(row.uid)
        #expect(try setup.itemNames() == ["\(uid).ics"])
        #expect(try row.name == "\(uid).ics" && row.etag == setup.etag("\(uid).ics"))
        let lines = try setup.lines("\(uid).ics")
        #expect(lines.contains("UID:\(uid)") && lines.contains("SUMMARY:Buy milk") && lines.contains("DESCRIPTION:Two litres"))
        #expect(lines.contains("PRODID:\(VTodo.productID)") && lines.contains("LAST-MODIFIED:20261201T000100Z"))
        #expect(lines.contains("CREATED:20261201T000000Z"))
        #expect(try setup.pending().isEmpty)
        #expect(try setup.readIn(2).readIn == 0)
        #expect(try setup.folderSync(2).check().inStep)
    }

    @Test("A task with a due day is written with todo-remind's own alarms, which other clients fire: 09:00 on the due day, relative to its DUE")
    func ownAlarms() throws {
        let task = try setup.add("Pay rent") { $0.due = .day(try #require(LocalDay(iso: "2026-12-03"))) }
        try setup.writeOut(1)
        let lines = try setup.lines(try setup.onlyName())
        #expect(lines.contains("DUE;VALUE=DATE:20261203"))
        #expect(lines.contains("X-TODO-REMIND-ALARM:morning") && lines.contains("TRIGGER;RELATED=END:PT9H"), "\(lines)")
        #expect(try setup.onlyTask().id == task.id)
    }

    @Test("Writing out twice writes once: the second write-out finds nothing pending and leaves the file as it is")
    func writtenOnce() throws {
        _ = try setup.add("Buy milk")
        try setup.writeOut(1)
        let name = try setup.onlyName()
        let first = try setup.read(name)
        let report = try setup.writeOut(2)
        #expect(report.writtenOut == 0)
        #expect(try setup.read(name) == first)
    }

    // MARK: - Changes made here

    @Test("A change made here rewrites only its field's line and the bookkeeping (LAST-MODIFIED, DTSTAMP, SEQUENCE): every property and component of the other client's stays byte for byte")
    func foreignPropertiesKept() throws {
        try setup.put("phone.ics", Self.phone)
        try setup.sync(0)
        let id = try setup.onlyTask().id
        try setup.modify(id, at: 5) { $0.title = "New title" }
        #expect(try setup.pending() == [id])
        let report = try setup.writeOut(6)
        #expect(report.writtenOut == 1)
        let old = Self.phone.components(separatedBy: "\r\n")
        let new = try setup.lines("phone.ics")
        let bookkeeping = ["SUMMARY", "LAST-MODIFIED", "DTSTAMP", "SEQUENCE"]
        #expect(Self.without(bookkeeping, new) == Self.without(bookkeeping, old), "\(new)")
        #expect(new.contains("SUMMARY:New title"))
        #expect(new.contains("LAST-MODIFIED:20261201T000600Z") && new.contains("DTSTAMP:20261201T000600Z") && new.contains("SEQUENCE:1"))
        // The second category and PRIORITY 2 (high, in its band) were not changed here.
        #expect(new.contains("CATEGORIES:Work,Urgent") && new.contains("PRIORITY:2"))
        #expect(try setup.pending().isEmpty)
    }

    @Test("A category changed here replaces the first and keeps the others; a priority changed to another band is written in it")
    func categoryAndPriority() throws {
        try setup.put("phone.ics", Self.phone)
        try setup.sync(0)
        try setup.modify(try setup.onlyTask().id, at: 5) {
            $0.category = "Home"
            $0.priority = .low
        }
        try setup.writeOut(6)
        let lines = try setup.lines("phone.ics")
        #expect(lines.contains("CATEGORIES:Home,Urgent") && lines.contains("PRIORITY:9"), "\(lines)")
    }

    @Test("Done here: the file says COMPLETED in UTC with STATUS and PERCENT-COMPLETE, and the reminders handled (X-MOZ-LASTACK); reopened, it says NEEDS-ACTION without them")
    func doneAndReopened() throws {
        try setup.put("phone.ics", Self.phone)
        try setup.sync(0)
        let id = try setup.onlyTask().id
        _ = try setup.store.markDone(ids: [id], at: setup.at(30), in: Self.zone)
        try setup.writeOut(30)
        var lines = try setup.lines("phone.ics")
        #expect(lines.contains("STATUS:COMPLETED") && lines.contains("COMPLETED:20261201T003000Z") && lines.contains("PERCENT-COMPLETE:100"), "\(lines)")
        #expect(lines.contains("X-MOZ-LASTACK:20261201T003000Z"))

        _ = try setup.store.reopen(ids: [id], now: setup.at(40), in: Self.zone)
        try setup.writeOut(40)
        lines = try setup.lines("phone.ics")
        #expect(lines.contains("STATUS:NEEDS-ACTION"), "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("COMPLETED:") || $0.hasPrefix("PERCENT-COMPLETE:") }, "\(lines)")
    }

    @Test("Snoozed here: the file says when (X-MOZ-SNOOZE-TIME) and that the reminders were handled (X-MOZ-LASTACK), as Thunderbird writes them")
    func snoozed() throws {
        let task = try setup.add("Call the bank") { $0.due = .time(Folder.instant("2026-12-01T09:00:00Z")) }
        try setup.writeOut(0)
        _ = try setup.store.snooze(id: task.id, until: Folder.instant("2026-12-01T10:00:00Z"), now: setup.at(540))
        try setup.writeOut(540)
        let lines = try setup.lines(try setup.onlyName())
        #expect(lines.contains("X-MOZ-SNOOZE-TIME:20261201T100000Z") && lines.contains("X-MOZ-LASTACK:20261201T090000Z"), "\(lines)")
    }

    @Test("A file changed elsewhere and not read in yet is merged before a change made here is written: the write-out never writes over it")
    func changedElsewhereBeforeTheWrite() throws {
        try setup.put("phone.ics", Self.phone)
        try setup.sync(0)
        let id = try setup.onlyTask().id
        try setup.modify(id, at: 5) { $0.notes = "Bring the badge" }
        try setup.put("phone.ics", Self.phone.replacingOccurrences(of: "LOCATION:Office", with: "LOCATION:Home"))
        let report = try setup.writeOut(6)
        #expect(report.readIn == 1)
        let lines = try setup.lines("phone.ics")
        #expect(lines.contains("LOCATION:Home") && lines.contains("DESCRIPTION:Bring the badge"), "\(lines)")
        #expect(try setup.pending().isEmpty)
        #expect(try setup.folderSync(7).check().inStep)
    }

    // MARK: - Deleted and moved tasks

    @Test("A task deleted here has its file removed, and the store forgets it")
    func deletedHere() throws {
        let task = try setup.add("Buy milk")
        try setup.writeOut(0)
        #expect(try setup.itemNames().count == 1)
        _ = try setup.store.delete(ids: [task.id], now: Date())
        #expect(try setup.pending() == [task.id])
        let report = try setup.writeOut(1)
        #expect(report.writtenOut == 1)
        #expect(try setup.itemNames().isEmpty)
        #expect(try setup.fileRow(task.id) == nil)
    }

    @Test("A task deleted here whose file changed elsewhere since keeps its file, which the next read-in reads as a task of its own: an edit elsewhere is not lost")
    func deletedHereChangedElsewhere() throws {
        try setup.put("phone.ics", Self.phone)
        try setup.sync(0)
        let id = try setup.onlyTask().id
        _ = try setup.store.delete(ids: [id], now: Date())
        try setup.put("phone.ics", Self.phone.replacingOccurrences(of: "SUMMARY:Old title", with: "SUMMARY:Edited on the phone"))
        let report = try setup.writeOut(5)
        #expect(report.writtenOut == 0)
        #expect(try setup.itemNames() == ["phone.ics"])
        try setup.readIn(6)
        let task = try setup.onlyTask()
        #expect(task.id != id && task.title == "Edited on the phone")
    }

    @Test("A task moved to another list moves its file: written into that list's folder, under its UID, and removed from the old one")
    func movedToAnotherList() throws {
        let temporary = try TemporaryFolder()
        let home = temporary.file("lists/home"), work = temporary.file("lists/work")
        for folder in [home, work] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let store = try TaskStore.empty(path: temporary.file("tasks.sqlite"))
        let lists = ConfiguredLists([CalendarTable(path: temporary.file("lists") + "/*")], home: temporary.path)
        func sync(_ minutes: Double) -> FolderSync {
            FolderSync(store: store, lists: lists, timeRules: TimeRules(clock: WallClock(timeZone: Self.zone)), now: setup.at(minutes))
        }
        try Data(Self.phone.utf8).write(to: URL(fileURLWithPath: work + "/phone.ics"))
        _ = try sync(0).run()
        let task = try #require(try store.tasks(TaskQuery()).first)
        #expect(task.list == work)
        _ = try store.modify(ids: [task.id], now: setup.at(5)) { $0.list = home }
        let report = try sync(6).writeOut()
        #expect(report.writtenOut == 1 && report.unwritten.isEmpty, "\(report)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work).filter { $0.hasSuffix(".ics") }.isEmpty)
        let moved = try String(contentsOfFile: home + "/phone-1.ics", encoding: .utf8)
        #expect(moved.contains("UID:phone-1") && moved.contains("LOCATION:Office"))
        let row = try store.readingTaskFiles { try $0.file(taskID: task.id) }
        #expect(row?.folder == home && row?.name == "phone-1.ics")
        #expect(try sync(7).check().inStep)
    }

    @Test("A new file for a UID that is not safe as a file name is named after a random UUID, as vdirsyncer names it")
    func unsafeUID() throws {
        let temporary = try TemporaryFolder()
        let home = temporary.file("lists/home"), work = temporary.file("lists/work")
        for folder in [home, work] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let store = try TaskStore.empty(path: temporary.file("tasks.sqlite"))
        let lists = ConfiguredLists([CalendarTable(path: temporary.file("lists") + "/*")], home: temporary.path)
        func sync(_ minutes: Double) -> FolderSync {
            FolderSync(store: store, lists: lists, timeRules: TimeRules(clock: WallClock(timeZone: Self.zone)), now: setup.at(minutes))
        }
        try Data(Folder.todo("a/b c", ["SUMMARY:Odd UID"]).utf8).write(to: URL(fileURLWithPath: work + "/odd.ics"))
        _ = try sync(0).run()
        let task = try #require(try store.tasks(TaskQuery()).first)
        _ = try store.modify(ids: [task.id], now: setup.at(5)) { $0.list = home }
        _ = try sync(6).writeOut()
        let names = try FileManager.default.contentsOfDirectory(atPath: home).filter { $0.hasSuffix(".ics") }
        let name = try #require(names.count == 1 ? names.first : nil, "\(names)")
        #expect(UUID(uuidString: String(name.dropLast(4))) != nil, "\(name)")
        #expect(try String(contentsOfFile: home + "/" + name, encoding: .utf8).contains("UID:a/b c"))
    }

    // MARK: - Writes that fail

    @Test("A write that fails (the folder replaced by a file) costs its own task only: the change stays in the store, pending and reported with the system's reason, and is written by the next write-out once the folder is back")
    func pendingAfterAFailure() throws {
        try setup.put("phone.ics", Self.phone)
        try setup.sync(0)
        let id = try setup.onlyTask().id
        try setup.modify(id, at: 5) { $0.title = "New title" }
        try FileManager.default.moveItem(atPath: setup.folder, toPath: setup.folder + ".aside")
        try Data("a file\n".utf8).write(to: URL(fileURLWithPath: setup.folder))

        let failed = try setup.writeOut(6)
        #expect(failed.writtenOut == 0)
        let unwritten = try #require(failed.unwritten.first, "\(failed)")
        #expect(failed.unwritten.count == 1 && unwritten.taskID == id && unwritten.cause == "Not a directory", "\(unwritten)")
        #expect(unwritten.message.contains("Task \(id) “New title” is saved, but its file in \(setup.folder) could not be written"), "\(unwritten.message)")
        #expect(try setup.pending() == [id])
        #expect(try setup.task(id)?.title == "New title")
        #expect(try !setup.folderSync(6).check().inStep)

        try FileManager.default.removeItem(atPath: setup.folder)
        try FileManager.default.moveItem(atPath: setup.folder + ".aside", toPath: setup.folder)
        let again = try setup.writeOut(7)
        #expect(again.writtenOut == 1 && again.unwritten.isEmpty, "\(again)")
        #expect(try setup.lines("phone.ics").contains("SUMMARY:New title"))
        #expect(try setup.pending().isEmpty)
        #expect(try setup.folderSync(8).check().inStep)
    }
}
