import Foundation
import Testing
import TodoCalendar
import TodoSync

/// Which of the versions seen here a copy changed elsewhere grew from, and
/// what a merge against it must not take unseen.
@Suite struct MergeBaseTests {
    static func version(_ notes: String, priority: Int = 5, categories: [String] = [], writtenHere: Bool) -> MergeBase.Version {
        .init(properties: VTodoProperties(title: "Task 01", notes: notes, categories: categories, priorityValue: priority), writtenHere: writtenHere)
    }

    @Test("Read, edited here, re-written by a local client: a copy of the first version grew from it, and its old notes are theirs unchanged, not an edit to take")
    func copyOfAnOlderVersion() throws {
        let versions = [
            Self.version("old notes", writtenHere: false),
            Self.version("EDITED HERE", writtenHere: true),
            Self.version("EDITED HERE", writtenHere: false),
        ]
        let theirs = versions[0].properties
        let base = try #require(MergeBase(of: theirs, among: versions))
        #expect(base.properties == versions[0].properties)

        let ours = versions[2].properties
        let result = VTodoMerge.merge(
            base: base.properties, ours: ours, oursModified: nil, theirs: theirs, theirsModified: .distantFuture,
            changedHere: base.changedHere, undoing: base.undoing
        )
        #expect(result.merged.notes == "EDITED HERE")
        #expect(result.conflicts.isEmpty && result.keptUndone.isEmpty)
    }

    @Test("A copy closer to the version written here that holds the notes it replaced: the edit is kept and reported, whichever is newer")
    func undoingIsKeptAndReported() throws {
        let versions = [
            Self.version("old notes", priority: 5, writtenHere: false),
            Self.version("EDITED HERE", priority: 1, categories: ["Work"], writtenHere: true),
        ]
        // The phone set the same priority and category, and a title of its
        // own, on the old copy.
        let theirs = VTodoProperties(title: "Task one", notes: "old notes", categories: ["Work"], priorityValue: 1)
        let base = try #require(MergeBase(of: theirs, among: versions))
        #expect(base.properties == versions[1].properties)
        #expect(base.undoing == [.notes])

        let result = VTodoMerge.merge(
            base: base.properties, ours: versions[1].properties, oursModified: nil, theirs: theirs, theirsModified: .distantFuture,
            changedHere: base.changedHere, undoing: base.undoing
        )
        #expect(result.merged.notes == "EDITED HERE")
        #expect(result.merged.title == "Task one")
        #expect(result.keptUndone == [.notes])
        #expect(result.conflicts.isEmpty)
    }

    @Test("A value set back by another writer, read in here since the edit: theirs to keep, not an edit undone")
    func setBackElsewhereIsTheirs() throws {
        let versions = [
            Self.version("old notes", writtenHere: false),
            Self.version("EDITED HERE", writtenHere: true),
            Self.version("old notes", writtenHere: false),
            Self.version("old notes", priority: 9, writtenHere: true),
        ]
        let theirs = VTodoProperties(title: "Task 01", notes: "old notes", priorityValue: 1)
        let base = try #require(MergeBase(of: theirs, among: versions))
        #expect(!base.undoing.contains(.notes))
    }

    @Test("Changed here and back since the base while the other side changed it: a conflict, not theirs taken unseen")
    func changedAndBackIsAConflict() throws {
        let versions = [
            Self.version("notes", priority: 5, writtenHere: false),
            Self.version("notes", priority: 9, writtenHere: true),
            Self.version("notes", priority: 5, writtenHere: true),
        ]
        let theirs = VTodoProperties(title: "Task 01", notes: "notes", priorityValue: 1)
        let base = try #require(MergeBase(of: theirs, among: versions))
        #expect(base.properties == versions[0].properties)
        #expect(base.changedHere == [.priority])

        let result = VTodoMerge.merge(
            base: base.properties, ours: versions[2].properties, oursModified: .distantFuture, theirs: theirs, theirsModified: nil,
            changedHere: base.changedHere, undoing: base.undoing
        )
        #expect(result.conflicts == [.priority])
        #expect(result.merged.priorityValue == 5)
    }

    @Test("No version seen: no base")
    func noVersions() {
        #expect(MergeBase(of: VTodoProperties(title: "Task 01"), among: []) == nil)
    }
}

extension MergeBaseTests {
    @Test("A version as the store keeps it reads back with every field and alarm a merge reads, to the fraction of a second")
    func encodedVersionReadsBack() throws {
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO", "UID:a", "SUMMARY:Pay rent", "DESCRIPTION:line\\nnext",
            "CATEGORIES:Home,Bills", "PRIORITY:2", "DUE;TZID=Europe/Berlin:20261201T090000", "STATUS:IN-PROCESS",
            "RRULE:FREQ=MONTHLY", "X-MOZ-LASTACK:20261101T080000Z",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "REPEAT:2", "DURATION:PT5M", "END:VALARM",
            "END:VTODO", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        guard case .todo(let item) = try FolderItem.read(Array(text.utf8), file: "a.ics", localZone: .utc) else {
            Issue.record("not a task")
            return
        }
        var properties = item.properties
        properties.snoozedUntil = Date(timeIntervalSince1970: 1_796_000_000.123_456)
        #expect(!properties.alarms.isEmpty)
        let version = MergeBase.Version(properties: properties, writtenHere: true)
        let read = try #require(MergeBase.Version(encoded: try version.encoded, writtenHere: true))
        #expect(read == version)
    }
}
