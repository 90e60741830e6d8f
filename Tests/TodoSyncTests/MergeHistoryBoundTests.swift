import Foundation
import Testing
import TodoCalendar
import TodoCore
import TodoStore
import TodoSync

/// What a task's history of versions may cost: however large its file and
/// however often it changes, a merge reads no more than one file's worth of
/// versions, and parses none of them.
@Suite struct MergeHistoryBoundTests {
    /// The server's copy with `title`, notes of `noteBytes` bytes, and
    /// modified `minutes` after the start (later than the sync that reads
    /// the one before: each title is a newer change than that read-in's).
    static func largeCopy(title: String, noteBytes: Int, minutes: Int) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = .gmt
        format.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let modified = format.string(from: ThreeWriterMergeTests.start.addingTimeInterval(Double(minutes * 60)))
        return ThreeWriterMergeTests.serverCopy()
            .replacingOccurrences(of: "LAST-MODIFIED:20261101T100000Z", with: "LAST-MODIFIED:\(modified)")
            .replacingOccurrences(of: "SUMMARY:Task 01", with: "SUMMARY:\(title)")
            .replacingOccurrences(of: "DESCRIPTION:old notes", with: "DESCRIPTION:" + String(repeating: "n", count: noteBytes))
    }

    @Test("A large file changed one field at a time keeps at most one file's worth of versions, none of them a file to parse, and each change is read in")
    func historyIsBoundedAndParsesNothing() throws {
        let setup = try SyncedFolder(zone: ThreeWriterMergeTests.zone, start: ThreeWriterMergeTests.start)
        let noteBytes = 1024 * 1024
        for round in 0..<6 {
            try setup.put("task-01.ics", Self.largeCopy(title: "Round \(round)", noteBytes: noteBytes, minutes: round))
            try setup.sync(Double(round) - 0.5)
        }
        let task = try setup.onlyTask()
        #expect(task.title == "Round 5")
        let versions = try setup.store.readingTaskFiles { try $0.versions(taskID: task.id) }
        let kept = versions.reduce(0) { $0 + $1.content.count }
        #expect(kept <= ReadingLimits.maximumFileSize, "\(versions.count) versions of \(kept) bytes")
        #expect(versions.count >= 2, "the versions a copy from the server may have grown from")
        #expect(versions.allSatisfy { !$0.isFile })
    }

    @Test("A task deleted here takes its versions with it, whether or not its file was written out yet")
    func versionsGoWithTheirTask() throws {
        let setup = try SyncedFolder(zone: ThreeWriterMergeTests.zone, start: ThreeWriterMergeTests.start)
        try setup.put("task-01.ics", ThreeWriterMergeTests.serverCopy())
        try setup.sync(0)
        let task = try setup.onlyTask()
        #expect(try setup.store.readingTaskFiles { try $0.versions(taskID: task.id) }.count == 1)
        _ = try setup.store.delete(ids: [task.id], now: Date())
        #expect(try setup.store.readingTaskFiles { try $0.versions(taskID: task.id) }.isEmpty)
    }

    @Test("A version carried over from an older store as a file is the base it was, and is kept as properties once read")
    func versionCarriedOverAsAFile() throws {
        let setup = try SyncedFolder(zone: ThreeWriterMergeTests.zone, start: ThreeWriterMergeTests.start)
        let first = ThreeWriterMergeTests.serverCopy()
        try setup.put("task-01.ics", first)
        try setup.sync(0)
        let id = try setup.onlyTask().id
        // What v12-task-file-versions carries over from task_file.base.
        try setup.store.withTaskFiles(now: ThreeWriterMergeTests.start) { files in
            let file = try #require(try files.file(taskID: id))
            try files.forget(taskID: id)
            try files.save(file)
            try files.record(TaskFileVersion(content: Array(first.utf8), isFile: true, writtenHere: false), taskID: id, versionsKept: MergeBase.versionsKept, bytesKept: .max)
        }
        _ = try setup.store.modify(ids: [id], now: ThreeWriterMergeTests.start.addingTimeInterval(60)) { $0.notes = "EDITED HERE" }
        // The phone raises the priority of the copy it had.
        try setup.put("task-01.ics", first.replacingOccurrences(of: "PRIORITY:5", with: "PRIORITY:1"))
        try setup.sync(2)

        let task = try setup.onlyTask()
        #expect(task.notes == "EDITED HERE")
        #expect(task.priority == .high)
        let versions = try setup.store.readingTaskFiles { try $0.versions(taskID: id) }
        #expect(!versions.isEmpty && versions.allSatisfy { !$0.isFile })
    }
}
