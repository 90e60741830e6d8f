import Foundation
import Glibc
import TestSupport
import Testing
import TodoConfig
import TodoCore
import TodoStore
import TodoSync

/// A store and one list folder, synced as a command syncs them, at moments
/// counted in minutes from `start` in `zone`: the setting of the sync tests
/// that put files in by hand.
struct SyncedFolder {
    let root: TemporaryFolder
    let folder: String
    let store: TaskStore
    let lists: ConfiguredLists
    let zone: Zone
    let start: Date

    init(zone: Zone, start: Date) throws {
        root = try TemporaryFolder()
        folder = root.file("tasks")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try TaskStore.empty(path: root.file("store.sqlite3"))
        lists = ConfiguredLists([CalendarTable(path: folder)], home: root.path)
        self.zone = zone
        self.start = start
    }

    /// A command's sync `minutes` after the start.
    @discardableResult
    func sync(_ minutes: Double) throws -> SyncReport {
        let timeRules = TimeRules(clock: WallClock(timeZone: zone))
        return try FolderSync(store: store, lists: lists, timeRules: timeRules, now: start.addingTimeInterval(minutes * 60)).run()
    }

    /// Puts a file in by rename, as vdirsyncer and todoman do.
    func put(_ name: String, _ text: String) throws {
        let temporary = folder + "/.\(name).\(UUID().uuidString).tmp"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        try #require(rename(temporary, folder + "/" + name) == 0)
    }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    }

    func onlyTask() throws -> TodoTask {
        let tasks = try store.tasks(TaskQuery(includeCompleted: true))
        return try #require(tasks.count == 1 ? tasks.first : nil, "\(tasks)")
    }
}
