import Foundation
import Testing
import TodoCalendar
import TodoCore
import TodoStore
import TodoSync
import TodoZones

private typealias Folder = SyncedFolder

/// `FolderSync`'s merges: a file changed elsewhere and its task changed here
/// since both last agreed, and series whose occurrences another client
/// completed, read into a real store from a temporary folder.
@Suite struct FolderSyncMergeTests {
    static let zone = Zone(identifier: "Europe/Berlin") ?? .utc
    static let start = SyncedFolder.instant("2026-12-01T00:00:00Z")

    let setup: SyncedFolder

    init() throws {
        setup = try SyncedFolder(zone: Self.zone, start: Self.start)
    }

    static let phone = Folder.todo("phone-1", [
        "LAST-MODIFIED:20261130T100000Z", "SUMMARY:Old title", "DESCRIPTION:Old notes", "PRIORITY:5", "DUE;VALUE=DATE:20261205",
    ])

    /// The phone's file with `old` replaced by `new` and LAST-MODIFIED at `modified`.
    static func edited(_ old: String, _ new: String, modified: String) -> String {
        phone.replacingOccurrences(of: old, with: new)
            .replacingOccurrences(of: "LAST-MODIFIED:20261130T100000Z", with: "LAST-MODIFIED:\(modified)")
    }

    /// The phone's file read in, its task's id.
    func readPhone() throws -> Int64 {
        try setup.put("phone.ics", Self.phone)
        try setup.sync(0)
        return try setup.onlyTask().id
    }

    // MARK: - Edits on both sides

    @Test("A field edited here and another edited elsewhere both survive, in the store and in the file, with no conflict")
    func differentFields() throws {
        let id = try readPhone()
        try setup.modify(id, at: 10) { $0.title = "Title from here" }
        try setup.put("phone.ics", Self.edited("DUE;VALUE=DATE:20261205", "DUE;VALUE=DATE:20261207", modified: "20261201T002000Z"))
        let report = try setup.sync(30)
        #expect(report.conflicts.isEmpty, "\(report.conflicts)")
        let task = try setup.onlyTask()
        #expect(try task.title == "Title from here" && task.due == .day(#require(LocalDay(iso: "2026-12-07"))))
        let lines = try setup.lines("phone.ics")
        #expect(lines.contains("SUMMARY:Title from here") && lines.contains("DUE;VALUE=DATE:20261207"), "\(lines)")
        #expect(try setup.pending().isEmpty)
        #expect(try setup.folderSync(31).check().inStep)
    }

    @Test("The same field edited on both sides is a conflict: the newer LAST-MODIFIED wins, here theirs, and it is recorded for sync --check")
    func conflictTheirsNewer() throws {
        let id = try readPhone()
        try setup.modify(id, at: 10) { $0.title = "Title from here" }
        try setup.put("phone.ics", Self.edited("SUMMARY:Old title", "SUMMARY:Title from the phone", modified: "20261201T002000Z"))
        let report = try setup.sync(30)
        #expect(report.conflicts.map(\.taskID) == [id] && report.conflicts.first?.fields == ["title"], "\(report.conflicts)")
        #expect(report.conflicts.first?.keptHere == false)
        #expect(try setup.onlyTask().title == "Title from the phone")
        #expect(try setup.lines("phone.ics").contains("SUMMARY:Title from the phone"))
        let recorded = try setup.store.syncConflicts(limit: 10)
        #expect(recorded.map(\.taskID) == [id] && recorded.first?.fields == ["title"] && recorded.first?.keptHere == false)
        #expect(recorded.first?.at == setup.at(30))
    }

    @Test("The same field edited on both sides, ours the newer: ours is kept and written back over theirs, and the conflict recorded as kept here")
    func conflictOursNewer() throws {
        let id = try readPhone()
        try setup.modify(id, at: 10) { $0.title = "Title from here" }
        try setup.put("phone.ics", Self.edited("SUMMARY:Old title", "SUMMARY:Title from the phone", modified: "20261201T000500Z"))
        let report = try setup.sync(30)
        #expect(report.conflicts.map(\.taskID) == [id] && report.conflicts.first?.fields == ["title"], "\(report.conflicts)")
        #expect(report.conflicts.first?.keptHere == true)
        #expect(try setup.onlyTask().title == "Title from here")
        #expect(try setup.lines("phone.ics").contains("SUMMARY:Title from here"))
        #expect(try setup.pending().isEmpty)
    }

    @Test("The same field set to the same value on both sides is no conflict")
    func sameValue() throws {
        let id = try readPhone()
        try setup.modify(id, at: 10) { $0.title = "Same title" }
        try setup.put("phone.ics", Self.edited("SUMMARY:Old title", "SUMMARY:Same title", modified: "20261201T002000Z"))
        let report = try setup.sync(30)
        #expect(report.conflicts.isEmpty)
        #expect(try setup.onlyTask().title == "Same title")
    }

    @Test("Handled on both devices is no conflict: the later acknowledgement covers both")
    func acknowledgedOnBothSides() throws {
        let id = try readPhone()
        try setup.store.acknowledge(ids: [id], at: setup.at(10))
        try setup.put("phone.ics", Self.edited("END:VTODO", "X-MOZ-LASTACK:20261201T002000Z\r\nEND:VTODO", modified: "20261201T002000Z"))
        let report = try setup.sync(30)
        #expect(report.conflicts.isEmpty, "\(report.conflicts)")
        #expect(try setup.onlyTask().acknowledgedAt == Folder.instant("2026-12-01T00:20:00Z"))
    }

    @Test("Another client's alarm stays in the file, byte for byte, when a change made here is written, and is read as a reminder of the task")
    func foreignAlarmKept() throws {
        let alarm = ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER;RELATED=END:-PT15M", "END:VALARM"]
        try setup.put("phone.ics", Self.edited("END:VTODO", (alarm + ["END:VTODO"]).joined(separator: "\r\n"), modified: "20261130T100000Z"))
        try setup.sync(0)
        let id = try setup.onlyTask().id
        #expect(try setup.onlyTask().alarms == [.relative(seconds: -900)])
        try setup.modify(id, at: 10) { $0.notes = "New notes" }
        try setup.sync(11)
        let text = try setup.read("phone.ics")
        #expect(text.contains(alarm.joined(separator: "\r\n")), "\(text)")
        #expect(text.contains("DESCRIPTION:New notes"))
    }

    // MARK: - Series completed elsewhere

    /// A daily series due 1 December (a day), read in from the phone, then
    /// snoozed here at 01:00Z until 02:00Z.
    func snoozedSeries() throws -> Int64 {
        try setup.put("water.ics", Folder.todo("water", ["SUMMARY:Water plants", "DUE;VALUE=DATE:20261201", "RRULE:FREQ=DAILY"]))
        try setup.sync(0)
        let id = try setup.onlyTask().id
        _ = try setup.store.snooze(id: id, until: setup.at(120), now: setup.at(60))
        try setup.sync(60)
        #expect(try setup.lines("water.ics").contains("X-MOZ-SNOOZE-TIME:20261201T020000Z"))
        return id
    }

    @Test("A series completed elsewhere is completed here as done does it: it moves on to its next occurrence, the completion recorded at the file's COMPLETED, its reminders handled as of the read-in and its snooze ended; the file is written back moved on, saying so")
    func seriesCompletedElsewhere() throws {
        let id = try snoozedSeries()
        let morning = try #require(TimeRules(clock: WallClock(timeZone: Self.zone)).dueReminders(for: try setup.onlyTask()).first)
        // Done on the phone at 08:00Z, which marks the VTODO itself completed.
        try setup.put("water.ics", try setup.read("water.ics").replacingOccurrences(
            of: "END:VTODO", with: "STATUS:COMPLETED\r\nCOMPLETED:20261201T080000Z\r\nEND:VTODO"
        ))
        let report = try setup.sync(540)
        #expect(report.readIn == 1)

        let task = try setup.onlyTask()
        #expect(task.id == id && !task.isCompleted)
        #expect(task.due == .day(try #require(LocalDay(iso: "2026-12-02"))))
        #expect(task.repeating?.completedCount == 1)
        let completions = try setup.store.recentCompletions(limit: 10)[id]
        #expect(completions == [Completion(due: .day(try #require(LocalDay(iso: "2026-12-01"))), at: Folder.instant("2026-12-01T08:00:00Z"))])
        // Handled as of the read-in (09:00Z): the 09:00 Berlin reminder of the
        // occurrence done, shown here before the file came in, is handled too.
        #expect(task.acknowledgedAt == setup.at(540))
        #expect(!TimeRules.isUnhandled(morning, of: task))
        #expect(task.snoozedUntil == nil)

        let lines = try setup.lines("water.ics")
        #expect(lines.contains("DUE;VALUE=DATE:20261202") && lines.contains("STATUS:NEEDS-ACTION"), "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("COMPLETED:") || $0.hasPrefix("X-MOZ-SNOOZE-TIME") }, "\(lines)")
        #expect(lines.contains("X-MOZ-LASTACK:20261201T090000Z"), "\(lines)")
        #expect(lines.contains("RRULE:FREQ=DAILY"))
        #expect(try setup.pending().isEmpty)
    }

    @Test("The file of a series completed elsewhere reads as that of one done here at the moment it was read in, but for when the occurrence was done")
    func completedElsewhereReadsAsDoneHere() throws {
        _ = try snoozedSeries()
        try setup.put("water.ics", try setup.read("water.ics").replacingOccurrences(
            of: "END:VTODO", with: "STATUS:COMPLETED\r\nCOMPLETED:20261201T080000Z\r\nEND:VTODO"
        ))
        try setup.sync(540)
        let readIn = try setup.onlyTask()

        let other = try SyncedFolder(zone: Self.zone, start: Self.start)
        try other.put("water.ics", Folder.todo("water", ["SUMMARY:Water plants", "DUE;VALUE=DATE:20261201", "RRULE:FREQ=DAILY"]))
        try other.sync(0)
        let id = try other.onlyTask().id
        _ = try other.store.snooze(id: id, until: other.at(120), now: other.at(60))
        _ = try other.store.markDone(ids: [id], at: other.at(540), in: Self.zone)
        let doneHere = try other.onlyTask()
        #expect(readIn.due == doneHere.due && readIn.repeating == doneHere.repeating)
        #expect(readIn.acknowledgedAt == doneHere.acknowledgedAt && readIn.snoozedUntil == doneHere.snoozedUntil)
        #expect(readIn.completedAt == doneHere.completedAt)
    }

    @Test("A series whose last occurrence is completed elsewhere is done for good at the file's COMPLETED")
    func lastOccurrenceCompletedElsewhere() throws {
        try setup.put("twice.ics", Folder.todo("twice", ["SUMMARY:Twice", "DUE;VALUE=DATE:20261201", "RRULE:FREQ=DAILY;COUNT=1"]))
        try setup.sync(0)
        let id = try setup.onlyTask().id
        try setup.put("twice.ics", try setup.read("twice.ics").replacingOccurrences(
            of: "END:VTODO", with: "STATUS:COMPLETED\r\nCOMPLETED:20261201T080000Z\r\nEND:VTODO"
        ))
        try setup.sync(540)
        let task = try setup.onlyTask()
        #expect(task.id == id && task.completedAt == Folder.instant("2026-12-01T08:00:00Z"))
        #expect(task.acknowledgedAt == setup.at(540))
        #expect(try setup.store.recentCompletions(limit: 10)[id]?.count == 1)
    }

    /// Thunderbird's override completing the occurrence whose RECURRENCE-ID is `id` (UTC).
    static func override(_ id: String) -> String {
        ["BEGIN:VTODO", "UID:water", "SUMMARY:Water plants", "RECURRENCE-ID:\(id)", "DUE:\(id)",
         "STATUS:COMPLETED", "COMPLETED:20261201T081500Z", "PERCENT-COMPLETE:100", "END:VTODO", ""].joined(separator: "\r\n")
    }

    /// A series due daily at 10:00 Berlin (09:00Z), first seen with
    /// Thunderbird's overrides completing the occurrences of `ids`.
    static func seriesWithOverrides(_ ids: [String]) -> String {
        Folder.todo("water", ["SUMMARY:Water plants", "DTSTART;TZID=Europe/Berlin:20261201T100000", "DUE;TZID=Europe/Berlin:20261201T100000", "RRULE:FREQ=DAILY"])
            .replacingOccurrences(of: "END:VCALENDAR", with: ids.map(override).joined() + "END:VCALENDAR")
    }

    @Test("A series first seen with its open occurrence done in Thunderbird (a completed override) moves on and is written out moved on, the override kept and the reminders handled")
    func newSeriesWithACompletedOverride() throws {
        try setup.put("water.ics", Self.seriesWithOverrides(["20261201T090000Z"]))
        let report = try setup.sync(60)
        #expect(report.writtenOut == 1, "\(report)")
        let task = try setup.onlyTask()
        #expect(task.due == .time(Folder.instant("2026-12-02T09:00:00Z")))
        #expect(task.acknowledgedAt == setup.at(60))
        #expect(try setup.store.recentCompletions(limit: 10)[task.id]?.map(\.at) == [Folder.instant("2026-12-01T08:15:00Z")])
        let text = try setup.read("water.ics")
        #expect(text.contains(Self.override("20261201T090000Z")))
        let lines = try setup.lines("water.ics")
        #expect(lines.contains("DUE;TZID=Europe/Berlin:20261202T100000") && lines.contains("DTSTART;TZID=Europe/Berlin:20261202T100000"), "\(lines)")
        #expect(lines.contains("X-MOZ-LASTACK:20261201T010000Z"), "\(lines)")
        #expect(try setup.folderSync(61).check().inStep)
    }

    @Test("Done here onto an occurrence done in Thunderbird already: the series skips that one too, each completion recorded")
    func doneHereOntoAnOccurrenceDoneElsewhere() throws {
        try setup.put("water.ics", Self.seriesWithOverrides(["20261201T090000Z", "20261203T090000Z"]))
        try setup.sync(0)
        let id = try setup.onlyTask().id
        #expect(try setup.onlyTask().due == .time(Folder.instant("2026-12-02T09:00:00Z")))
        _ = try setup.store.markDone(ids: [id], at: setup.at(60), in: Self.zone)
        #expect(try setup.onlyTask().due == .time(Folder.instant("2026-12-03T09:00:00Z")))
        try setup.writeOut(60)
        let task = try setup.onlyTask()
        #expect(task.due == .time(Folder.instant("2026-12-04T09:00:00Z")))
        #expect(task.repeating?.completedCount == 3)
        #expect(task.acknowledgedAt == setup.at(60))
        #expect(try setup.lines("water.ics").contains("DUE;TZID=Europe/Berlin:20261204T100000"))
    }
}
