import Foundation
import InMemoryLogging
import Logging
import TestSupport
import Testing
import TodoConfig
import TodoCore
import TodoStore
@testable import TodoDaemon

/// The daemon's list folders when one of them cannot be written: a real
/// store and real folders, the folder replaced by a file.
@Suite("Watched folders: a folder that cannot be written")
struct WatchedFoldersTests {
    @Test("A write fault is logged once and tried again only on the back-off timer; once the file is written the timer is disarmed and the folder watched again")
    func backsOffThenRests() throws {
        let folder = try TemporaryFolder()
        let work = folder.file("lists/work")
        for list in ["home", "work"] {
            try FileManager.default.createDirectory(atPath: folder.file("lists/\(list)"), withIntermediateDirectories: true)
        }
        let store = try TaskStore(path: folder.file("tasks.sqlite"))
        var log = InMemoryLogHandler()
        log.logLevel = .trace
        let logger = Logger(label: "watched-folders-tests") { [log] _ in log }
        let folders = try WatchedFolders(calendars: [CalendarTable(path: folder.file("lists") + "/*")], logger: logger, home: folder.path)
        let timeRules = TimeRules(clock: WallClock(timeZone: .utc))
        let now = Date(timeIntervalSince1970: 1_796_140_800)
        var draft = try TaskDraft(title: "Alpha")
        draft.list = work
        let id = try store.add(draft, now: now).id
        folders.sync(store, paths: [], timeRules: timeRules, now: now)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: work).first { $0.hasSuffix(".ics") })
        #expect(try !folders.retryTimer.isArmed())

        try FileManager.default.moveItem(atPath: work, toPath: folder.file("aside"))
        try Data("a file\n".utf8).write(to: URL(fileURLWithPath: work))
        _ = try store.modify(ids: [id], now: now) { $0.notes = "edited" }
        folders.sync(store, paths: [], timeRules: timeRules, now: now)
        let failed = log.entries(of: "write-failed")
        #expect(failed.count == 1 && failed.first?["folder"] == work, "\(log.entries)")
        #expect(try folders.retryTimer.isArmed())

        // Changes of the store or the folders meanwhile do not write (a
        // failed write's temporary file is such a change): only the timer.
        folders.sync(store, paths: nil, timeRules: timeRules, now: now)
        folders.retryWrites(store, timeRules: timeRules, now: now)
        #expect(log.entries(of: "write-failed").count == 1, "\(log.entries)")
        #expect(try folders.retryTimer.isArmed())

        try FileManager.default.removeItem(atPath: work)
        try FileManager.default.moveItem(atPath: folder.file("aside"), toPath: work)
        folders.retryWrites(store, timeRules: timeRules, now: now)
        #expect(log.entries(of: "write-resumed").first?["folder"] == work, "\(log.entries)")
        #expect(try String(contentsOfFile: work + "/" + name, encoding: .utf8).contains("DESCRIPTION:edited"))
        #expect(try !folders.retryTimer.isArmed(), "nothing to do: no wake-ups")
        #expect(folders.lists.list(atPath: work) != nil)
    }

    @Test("The store gone when the back-off timer fires ends the back-off: a fault that lasts arms the timer again without a second log line, and once the folder takes writes the first sync from the store that came back writes the file")
    func storeGoneDuringBackOff() throws {
        let folder = try TemporaryFolder()
        let work = folder.file("lists/work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let store = try TaskStore(path: folder.file("tasks.sqlite"))
        var log = InMemoryLogHandler()
        log.logLevel = .trace
        let logger = Logger(label: "watched-folders-tests") { [log] _ in log }
        let folders = try WatchedFolders(calendars: [CalendarTable(path: folder.file("lists") + "/*")], logger: logger, home: folder.path)
        let timeRules = TimeRules(clock: WallClock(timeZone: .utc))
        let now = Date(timeIntervalSince1970: 1_796_140_800)
        var draft = try TaskDraft(title: "Alpha")
        draft.list = work
        let id = try store.add(draft, now: now).id
        folders.sync(store, paths: [], timeRules: timeRules, now: now)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: work).first { $0.hasSuffix(".ics") })

        try FileManager.default.moveItem(atPath: work, toPath: folder.file("aside"))
        try Data("a file\n".utf8).write(to: URL(fileURLWithPath: work))
        _ = try store.modify(ids: [id], now: now) { $0.notes = "edited" }
        folders.sync(store, paths: [], timeRules: timeRules, now: now)
        #expect(try folders.retryTimer.isArmed())

        // The timer fires while the store is away; it comes back with the fault lasting.
        folders.storeGone()
        #expect(try !folders.retryTimer.isArmed())
        folders.sync(store, paths: [], timeRules: timeRules, now: now)
        #expect(try folders.retryTimer.isArmed(), "the fault lasts: tried again on the timer")
        #expect(log.entries(of: "write-failed").count == 1, "\(log.entries)")

        // Away again at the next firing; back once the folder is.
        folders.storeGone()
        try FileManager.default.removeItem(atPath: work)
        try FileManager.default.moveItem(atPath: folder.file("aside"), toPath: work)
        folders.sync(store, paths: [], timeRules: timeRules, now: now)
        #expect(try String(contentsOfFile: work + "/" + name, encoding: .utf8).contains("DESCRIPTION:edited"))
        #expect(log.entries(of: "write-resumed").first?["folder"] == work, "\(log.entries)")
        #expect(try !folders.retryTimer.isArmed())
    }
}
