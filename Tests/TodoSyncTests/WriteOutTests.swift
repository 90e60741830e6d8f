import Foundation
import TestSupport
import Testing
import TodoConfig
import TodoCore
import TodoStore
@testable import TodoSync

/// `FolderSync.writeOut` when a list folder cannot be written: a real store
/// and real folders, one of them replaced by a file.
@Suite struct WriteOutTests {
    static let now = Date(timeIntervalSince1970: 1_796_140_800)
    let temporary: TemporaryFolder
    let store: TaskStore
    var home: String { temporary.file("lists/home") }
    var work: String { temporary.file("lists/work") }

    init() throws {
        temporary = try TemporaryFolder()
        store = try TaskStore(path: temporary.file("tasks.sqlite"))
        for folder in [temporary.file("lists/home"), temporary.file("lists/work")] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
    }

    /// The lists the config's `lists/*` finds now.
    func lists() -> ConfiguredLists {
        ConfiguredLists([CalendarTable(path: temporary.file("lists") + "/*")], home: temporary.path)
    }

    func sync(_ lists: ConfiguredLists) -> FolderSync {
        FolderSync(store: store, lists: lists, timeRules: TimeRules(clock: WallClock(timeZone: .utc)), now: Self.now)
    }

    func add(_ title: String, to list: String) throws -> Int64 {
        var draft = try TaskDraft(title: title)
        draft.list = list
        return try store.add(draft, now: Self.now).id
    }

    func itemFiles(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".ics") }
    }

    @Test("A folder replaced by a file costs only its tasks: the other list's file is written, theirs stay pending and are reported, a deletion too, and all is written once it is a folder again",
          arguments: [false, true])
    func aFolderReplacedByAFile(listsReadBefore: Bool) throws {
        let staying = try add("Stays in work", to: work)
        let leaving = try add("Leaves work", to: work)
        _ = try sync(lists()).writeOut()
        #expect(try itemFiles(work).count == 2)

        let edited = try add("At home", to: home)
        _ = try store.modify(ids: [staying], now: Self.now) { $0.notes = "edited" }
        _ = try store.delete(ids: [leaving], now: Date())
        // The daemon read its lists while `work` was a folder; a command reads them now.
        let before = lists()
        try FileManager.default.moveItem(atPath: work, toPath: work + ".aside")
        try Data("a file\n".utf8).write(to: URL(fileURLWithPath: work))

        let report = try sync(listsReadBefore ? before : lists()).writeOut()
        #expect(report.writtenOut == 1)
        #expect(try itemFiles(home).count == 1)
        #expect(report.unwritten.map(\.taskID) == [staying, leaving])
        #expect(report.unwritten.allSatisfy { $0.folder == work && $0.cause == "Not a directory" }, "\(report.unwritten)")
        let messages = report.unwritten.map(\.message)
        #expect(messages.first?.contains("Task \(staying) “Stays in work”") == true, "\(messages)")
        #expect(messages.last?.contains("could not be removed") == true, "\(messages)")
        #expect(try store.readingTaskFiles { try $0.pending().map(\.taskID) } == [staying, leaving])
        #expect(!report.unwritten.contains { $0.taskID == edited })

        let check = try sync(lists()).check()
        #expect(!check.inStep)
        let state = try #require(check.lists.first { $0.list.path == work }, "\(check.lists.map(\.list.path))")
        #expect(state.unwritten.map(\.taskID) == [staying, leaving])
        #expect(state.unwritten.map(\.task?.title) == ["Stays in work", nil])
        #expect(state.unreadable != nil)

        try FileManager.default.removeItem(atPath: work)
        try FileManager.default.moveItem(atPath: work + ".aside", toPath: work)
        let again = try sync(lists()).writeOut()
        #expect(again.unwritten.isEmpty && again.writtenOut == 2, "\(again)")
        #expect(try itemFiles(work).count == 1)
        #expect(try sync(lists()).check().inStep)
    }

    @Test("A folder no [[calendar]] path names any more is not a write fault: its tasks wait, and sync --check says why")
    func aFolderNoLongerConfigured() throws {
        let task = try add("Elsewhere", to: temporary.file("old/list"))
        let report = try sync(lists()).writeOut()
        #expect(report.unwritten.isEmpty && report.writtenOut == 0)
        #expect(try store.readingTaskFiles { try $0.pending().map(\.taskID) } == [task])
        let check = try sync(lists()).check()
        let state = try #require(check.lists.first { $0.list.path == temporary.file("old/list") })
        #expect(state.unwritten.map(\.taskID) == [task] && state.unreadable != nil)
    }

    @Test("A task moved into a list whose folder cannot be written is reported with that folder, the one its write was into, by the write-out and by sync --check")
    func aMoveIntoAFolderThatCannotBeWritten() throws {
        let moving = try add("Moving", to: work)
        _ = try sync(lists()).writeOut()
        _ = try store.modify(ids: [moving], now: Self.now) { $0.list = home }
        let before = lists()
        try FileManager.default.removeItem(atPath: home)
        try Data("a file\n".utf8).write(to: URL(fileURLWithPath: home))

        let report = try sync(before).writeOut()
        #expect(report.unwritten.map(\.taskID) == [moving])
        #expect(report.unwritten.map(\.folder) == [home], "\(report.unwritten)")
        #expect(report.unwritten.first?.message.contains("its file in \(home) could not be written") == true, "\(report.unwritten)")
        let check = try sync(lists()).check()
        #expect(check.lists.first { $0.list.path == home }?.unwritten.map(\.taskID) == [moving], "\(check.lists.map(\.list.path))")
        #expect(check.lists.first { $0.list.path == work }?.unwritten.isEmpty == true)
    }

    @Test("A task's file that can no longer be read as a task, though unchanged since it was written (a NUL in its UID, refused since), costs only its own task: its change waits, reported with why, the file is left as it is, and the other files are written")
    func aFileNoLongerReadable() throws {
        let kept = try add("Kept", to: home)
        let other = try add("Other", to: home)
        _ = try sync(lists()).writeOut()
        let path = try #require(try itemFiles(home).map { home + "/" + $0 }.first {
            try String(contentsOfFile: $0, encoding: .utf8).contains("SUMMARY:Kept")
        })
        _ = try store.modify(ids: [kept, other], now: Self.now) { $0.notes = "edited" }
        // Rewritten in place with its mtime put back: the etag the store recorded.
        var info = stat()
        #expect(stat(path, &info) == 0)
        let refused = Data(try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "UID:", with: "UID:\u{0}").utf8)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: refused)
        try handle.close()
        let times = [info.st_mtim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, path, times, 0) == 0)
        // The folder changed since it was last looked at (a file came and
        // went), so its files are looked at, however long ago the folder's
        // last look seems: under `faked-time-sweep` the kernel's times are
        // a year behind the clock and every directory looks settled.
        try Data().write(to: URL(fileURLWithPath: home + "/passing-by"))
        try FileManager.default.removeItem(atPath: home + "/passing-by")

        let report = try sync(lists()).writeOut()
        #expect(report.writtenOut == 1)
        let unwritten = try #require(report.unwritten.first, "\(report)")
        #expect(report.unwritten.count == 1 && unwritten.taskID == kept && unwritten.folder == home, "\(report.unwritten)")
        #expect(unwritten.fileUnreadable && unwritten.cause?.contains("NUL") == true, "\(unwritten)")
        #expect(unwritten.message.contains("once that file can be read as a task again"), "\(unwritten.message)")
        #expect(try store.readingTaskFiles { try $0.pending().map(\.taskID) } == [kept])
        #expect(FileManager.default.contents(atPath: path) == refused)
    }
}
