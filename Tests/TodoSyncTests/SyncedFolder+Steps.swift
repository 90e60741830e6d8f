import Foundation
import Glibc
import Testing
import TodoCalendar
import TodoCore
import TodoStore
import TodoSync

/// The steps of the FolderSync tests: a sync's read-in and write-out on
/// their own, tasks added and changed here, and the folder's files and the
/// store's rows for them looked at.
extension SyncedFolder {
    /// The moment `minutes` after the start.
    func at(_ minutes: Double) -> Date {
        start.addingTimeInterval(minutes * 60)
    }

    /// The sync a command makes `minutes` after the start.
    func folderSync(_ minutes: Double) -> FolderSync {
        FolderSync(store: store, lists: lists, timeRules: TimeRules(clock: WallClock(timeZone: zone)), now: at(minutes))
    }

    @discardableResult
    func readIn(_ minutes: Double) throws -> SyncReport {
        try folderSync(minutes).readIn()
    }

    @discardableResult
    func writeOut(_ minutes: Double) throws -> SyncReport {
        try folderSync(minutes).writeOut()
    }

    /// A task added here, in the folder's list, `minutes` after the start.
    func add(_ title: String, at minutes: Double = 0, _ edit: (inout TaskDraft) throws -> Void = { _ in }) throws -> TodoTask {
        var draft = try TaskDraft(title: title)
        draft.list = folder
        try edit(&draft)
        return try store.add(draft, now: at(minutes))
    }

    /// The task changed here `minutes` after the start.
    @discardableResult
    func modify(_ id: Int64, at minutes: Double, _ change: (inout TodoTask) throws -> Void) throws -> TodoTask {
        try #require(try store.modify(ids: [id], now: at(minutes), change).first)
    }

    func task(_ id: Int64) throws -> TodoTask? {
        try store.task(id: id)
    }

    func tasks() throws -> [TodoTask] {
        try store.tasks(TaskQuery(includeCompleted: true))
    }

    /// The names of the folder's items, sorted.
    func itemNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".ics") }.sorted()
    }

    /// The name of the folder's one item.
    func onlyName() throws -> String {
        let names = try itemNames()
        return try #require(names.count == 1 ? names.first : nil, "\(names)")
    }

    /// The lines of an item, without their line endings.
    func lines(_ name: String) throws -> [String] {
        try read(name).components(separatedBy: "\r\n")
    }

    func remove(_ name: String) throws {
        try FileManager.default.removeItem(atPath: folder + "/" + name)
    }

    /// Renames an item, as a client that renames files (or vdirsyncer
    /// taking a server's new href) does.
    func renameFile(_ name: String, to newName: String) throws {
        try #require(Glibc.rename(folder + "/" + name, folder + "/" + newName) == 0)
    }

    /// The item's etag as it is now.
    func etag(_ name: String) throws -> String {
        try VdirFolder(path: folder).stamp(of: name).etag
    }

    /// The store's row of the task's file.
    func fileRow(_ id: Int64) throws -> TaskFile? {
        try store.readingTaskFiles { try $0.file(taskID: id) }
    }

    /// The tasks whose files wait to be written.
    func pending() throws -> [Int64] {
        try store.readingTaskFiles { try $0.pending().map(\.taskID) }
    }

    /// An instant from its ISO 8601 text ("2026-12-01T08:00:00Z").
    static func instant(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text) ?? .distantPast
    }

    /// A file as a phone writes it: one VTODO with `uid` and `lines`.
    static func todo(_ uid: String, _ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN", "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20261130T100000Z"]
            + lines + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }
}
