import Foundation
import TestSupport
import Testing
import TodoConfig
import TodoCore
import TodoStore
import TodoSync

/// `DaemonSync`: when the daemon writes files, and what of a sync is new to
/// say, decided without a watcher, a timer or a log (the daemon's
/// `WatchedFolders` carries them out).
@Suite struct DaemonSyncTests {
    static let now = SyncedFolder.instant("2026-12-01T00:00:00Z")
    let temporary: TemporaryFolder
    let store: TaskStore
    var work: String { temporary.file("lists/work") }
    let timeRules = TimeRules(clock: WallClock(timeZone: .utc))

    init() throws {
        temporary = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: temporary.file("lists/work"), withIntermediateDirectories: true)
        store = try TaskStore.empty(path: temporary.file("tasks.sqlite"))
    }

    func daemonSync() -> DaemonSync {
        var sync = DaemonSync(home: temporary.path)
        _ = sync.configure([CalendarTable(path: temporary.file("lists") + "/*")])
        return sync
    }

    /// A task of the work list, its file written.
    func written(_ sync: inout DaemonSync) throws -> Int64 {
        var draft = try TaskDraft(title: "Alpha")
        draft.list = work
        let id = try store.add(draft, now: Self.now).id
        #expect(sync.sync(store, paths: [], timeRules: timeRules, now: Self.now).retry == .disarmed)
        return id
    }

    /// The work folder replaced by a file, and a change made here.
    func breakFolder(changing id: Int64) throws {
        try FileManager.default.moveItem(atPath: work, toPath: temporary.file("aside"))
        try Data("a file\n".utf8).write(to: URL(fileURLWithPath: work))
        _ = try store.modify(ids: [id], now: Self.now) { $0.notes = "edited" }
    }

    func mendFolder() throws {
        try FileManager.default.removeItem(atPath: work)
        try FileManager.default.moveItem(atPath: temporary.file("aside"), toPath: work)
    }

    @Test("Configuring says which folders to start and stop watching; the lists read again say whether a folder came or went")
    func configure() throws {
        var sync = DaemonSync(home: temporary.path)
        let tables = [CalendarTable(path: temporary.file("lists") + "/*")]
        let first = sync.configure(tables)
        #expect(first.new == [work] && first.gone.isEmpty)
        #expect(sync.tables == tables && !sync.listsChanged())
        try FileManager.default.createDirectory(atPath: temporary.file("lists/home"), withIntermediateDirectories: true)
        #expect(sync.listsChanged())
        let second = sync.configure(tables)
        #expect(second.new == [temporary.file("lists/home")] && second.gone.isEmpty)
        #expect(sync.configure([]).gone.count == 2)
    }

    @Test("Only an item's name is a change in a folder (not a temporary file's); lost events are a change everywhere")
    func changedFolders() {
        let entries = [(folder: "/a", name: ".x.ics.0F9C.tmp"), (folder: "/b", name: "x.ICS"), (folder: "/c", name: "displayname")]
        #expect(DaemonSync.changedFolders(entries, overflow: false) == ["/b"])
        #expect(DaemonSync.changedFolders(entries, overflow: true) == nil)
    }

    @Test("A write fault is new once, with the tasks it holds back; while it lasts only a retry writes, each arming the timer for a longer wait; once written, the folder is said to be writable again and the timer disarmed")
    func writeFault() throws {
        var sync = daemonSync()
        let id = try written(&sync)
        try breakFolder(changing: id)

        let failed = sync.sync(store, paths: [], timeRules: timeRules, now: Self.now)
        let fault = try #require(failed.newFaults.count == 1 ? failed.newFaults.first?.fault : nil, "\(failed.newFaults)")
        #expect(fault.folder == work && fault.cause == "Not a directory" && !fault.fileUnreadable)
        #expect(failed.newFaults.first?.files.map(\.taskID) == [id])
        #expect(failed.retry == .armed(attempt: 1) && sync.failedWrites == 1)

        // A change meanwhile (a failed write's temporary file is one) reads, and does not write.
        let meanwhile = sync.sync(store, paths: nil, timeRules: timeRules, now: Self.now)
        #expect(meanwhile.retry == .unchanged && meanwhile.newFaults.isEmpty)
        let retried = sync.sync(store, paths: [], timeRules: timeRules, now: Self.now, retrying: true)
        #expect(retried.newFaults.isEmpty, "said once while it lasts")
        #expect(retried.retry == .armed(attempt: 2))

        try mendFolder()
        let mended = sync.sync(store, paths: [], timeRules: timeRules, now: Self.now, retrying: true)
        #expect(mended.resumedFolders == [work])
        #expect(mended.retry == .disarmed && sync.failedWrites == 0)
        #expect(try store.readingTaskFiles { try $0.pending() }.isEmpty)
    }

    @Test("The store gone during a back-off ends it: the next sync writes, and a fault that lasts is not said again")
    func storeGone() throws {
        var sync = daemonSync()
        let id = try written(&sync)
        try breakFolder(changing: id)
        _ = sync.sync(store, paths: [], timeRules: timeRules, now: Self.now)
        sync.storeGone()
        #expect(sync.failedWrites == 0)
        let again = sync.sync(store, paths: [], timeRules: timeRules, now: Self.now)
        #expect(again.retry == .armed(attempt: 1) && again.newFaults.isEmpty)
    }

    @Test("A file skipped is new once, however often the folder is read")
    func skippedOnce() throws {
        var sync = daemonSync()
        try Data("not iCalendar\r\n".utf8).write(to: URL(fileURLWithPath: work + "/bad.ics"))
        let first = sync.sync(store, paths: nil, timeRules: timeRules, now: Self.now)
        #expect(first.newSkips.map(\.path) == [work + "/bad.ics"])
        #expect(first.report.skipped.count == 1)
        try Data("still not\r\n".utf8).write(to: URL(fileURLWithPath: work + "/bad.ics"))
        let second = sync.sync(store, paths: nil, timeRules: timeRules, now: Self.now)
        #expect(second.report.skipped.count == 1 && second.newSkips.isEmpty)
    }

    @Test("A sync that fails says why once while the same failure lasts, and the store is not changed")
    func failureOnce() throws {
        var sync = daemonSync()
        try Data(SyncedFolder.todo("a", ["SUMMARY:A"]).utf8).write(to: URL(fileURLWithPath: work + "/a.ics"))
        try store.close()
        let first = sync.sync(store, paths: nil, timeRules: timeRules, now: Self.now)
        #expect(first.newFailure != nil && !first.changedStore)
        let second = sync.sync(store, paths: nil, timeRules: timeRules, now: Self.now)
        #expect(second.newFailure == nil)
    }

    @Test("A file read in changes the store, which the daemon then plans from; nothing to do changes nothing")
    func changedStore() throws {
        var sync = daemonSync()
        #expect(!sync.sync(store, paths: nil, timeRules: timeRules, now: Self.now).changedStore)
        try Data(SyncedFolder.todo("a", ["SUMMARY:A"]).utf8).write(to: URL(fileURLWithPath: work + "/a.ics"))
        let round = sync.sync(store, paths: [work], timeRules: timeRules, now: Self.now)
        #expect(round.changedStore && round.report.readIn == 1)
        #expect(!sync.sync(store, paths: [], timeRules: timeRules, now: Self.now).changedStore)
    }
}
