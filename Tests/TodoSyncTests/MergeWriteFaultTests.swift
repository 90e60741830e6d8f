import Foundation
import TestSupport
import Testing
import TodoConfig
import TodoCore
import TodoStore
@testable import TodoSync

/// A file changed elsewhere that must be merged with a change made here,
/// in a folder that cannot be written: the read-in keeps the merge in the
/// store and lets the file wait, rather than failing (and with it every
/// command that reads the folder first).
@Suite struct MergeWriteFaultTests {
    static let now = Date(timeIntervalSince1970: 1_796_140_800)

    @Test("A merge whose file cannot be written back is kept in the store, pending and reported; the read-in does not fail, and the file is written once the folder takes writes")
    func aMergeIntoAReadOnlyFolderWaits() throws {
        let temporary = try TemporaryFolder()
        let work = temporary.file("lists/work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let disk = try TmpfsMount(at: work, size: "256k")
        defer { disk.unmount() }
        let store = try TaskStore(path: temporary.file("tasks.sqlite"))
        let lists = ConfiguredLists([CalendarTable(path: temporary.file("lists") + "/*")], home: temporary.path)
        let sync = FolderSync(store: store, lists: lists, timeRules: TimeRules(clock: WallClock(timeZone: .utc)), now: Self.now)

        var draft = try TaskDraft(title: "Old title")
        draft.list = work
        let id = try store.add(draft, now: Self.now).id
        _ = try sync.writeOut()
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: work).first { $0.hasSuffix(".ics") })
        let path = (work as NSString).appendingPathComponent(name)

        // Here: new notes, not written yet. Elsewhere: a new title, in place.
        _ = try store.modify(ids: [id], now: Self.now.addingTimeInterval(60)) { $0.notes = "Edited here" }
        let theirs = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "SUMMARY:Old title", with: "SUMMARY:Their title")
        try Data(theirs.utf8).write(to: URL(fileURLWithPath: path))
        try disk.remount(readOnly: true)

        let report = try sync.readIn()
        let task = try #require(try store.task(id: id))
        #expect(task.title == "Their title")
        #expect(task.notes == "Edited here")
        #expect(report.unwritten.map(\.taskID) == [id])
        #expect(report.unwritten.first?.cause == "Read-only file system", "\(report.unwritten)")
        #expect(try store.readingTaskFiles { try $0.pending().map(\.taskID) } == [id])

        try disk.remount(readOnly: false)
        let written = try sync.run()
        #expect(written.unwritten.isEmpty, "\(written.unwritten)")
        let file = try String(contentsOfFile: path, encoding: .utf8)
        #expect(file.contains("SUMMARY:Their title"))
        #expect(file.contains("DESCRIPTION:Edited here"))
        #expect(try store.readingTaskFiles { try $0.pending() }.isEmpty)
    }
}
