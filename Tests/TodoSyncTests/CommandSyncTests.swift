import Foundation
import TestSupport
import Testing
import TodoConfig
import TodoCore
import TodoStore
import TodoSync

/// `CommandSync`: a command reads in before it answers and writes out before
/// it returns, and reports only the files it could not write of the tasks
/// it changed.
@Suite struct CommandSyncTests {
    static let now = SyncedFolder.instant("2026-12-01T00:00:00Z")

    @Test("A reading command needs the store for writing only while a folder changed or a file waits to be written")
    func needsWriting() throws {
        let setup = try SyncedFolder(zone: .utc, start: Self.now)
        let later = Date().addingTimeInterval(10)
        let sync = CommandSync(lists: setup.lists, timeRules: TimeRules(clock: WallClock(timeZone: .utc)), now: Self.now, realNow: later)
        try setup.put("a.ics", SyncedFolder.todo("a", ["SUMMARY:A"]))
        #expect(try sync.needsWriting(setup.store))
        _ = try sync.start(setup.store).run()
        #expect(try !sync.needsWriting(setup.store))
        _ = try setup.store.modify(ids: [try setup.onlyTask().id], now: Self.now) { $0.notes = "edited" }
        #expect(try sync.needsWriting(setup.store))
    }

    @Test("A command's write-out reports the files it could not write of the tasks it changed, not those it found unwritten and left as they were")
    func ownUnwrittenFiles() throws {
        let temporary = try TemporaryFolder()
        let work = temporary.file("lists/work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let store = try TaskStore.empty(path: temporary.file("tasks.sqlite"))
        let lists = ConfiguredLists([CalendarTable(path: temporary.file("lists") + "/*")], home: temporary.path)
        let sync = CommandSync(lists: lists, timeRules: TimeRules(clock: WallClock(timeZone: .utc)), now: Self.now, realNow: Self.now)
        var ids: [Int64] = []
        for title in ["Found unwritten", "Changed by the command"] {
            var draft = try TaskDraft(title: title)
            draft.list = work
            ids.append(try store.add(draft, now: Self.now).id)
        }
        _ = try sync.start(store).run()
        try FileManager.default.removeItem(atPath: work)
        try Data("a file\n".utf8).write(to: URL(fileURLWithPath: work))
        _ = try store.modify(ids: ids, now: Self.now) { $0.notes = "edited before" }

        // The command: finds both unwritten, then changes the second.
        let writeOut = try sync.start(store)
        _ = try store.modify(ids: [ids[1]], now: Self.now) { $0.notes = "edited by the command" }
        let own = try writeOut.run()
        #expect(own.map(\.taskID) == [ids[1]], "\(own)")
        #expect(try store.readingTaskFiles { try $0.pending().map(\.taskID) } == ids)
    }
}
