import Foundation
import Testing
import TodoCalendar
import TodoCore
import TodoStore
@testable import TodoSync
import TodoZones

/// Tags, subtasks and starts in the files of tasks.org, Nextcloud Tasks, jtx
/// Board, Thunderbird and todoman: read, edited here, written
/// back, and only the changed properties differ.
@Suite("Other clients' tags, subtasks and starts")
struct ClientRoundTripTests {
    static let zone = Zone(identifier: "Europe/Berlin") ?? .utc
    static let start = SyncedFolder.instant("2026-11-20T10:00:00Z")
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../TodoCalendarTests/Fixtures").standardized

    /// What a client's pair of files says.
    struct Client: CustomStringConvertible, Sendable {
        var name: String
        var parent: String
        var child: String?
        var parentTags: [String]
        var parentStart: Due
        var childTags: [String] = []
        var childStart: Due?
        var childAlarms: [TaskAlarm] = []
        var description: String { name }
    }

    static let clients = [
        Client(name: "tasks.org", parent: "tasksorg-parent.ics", child: "tasksorg-child.ics", parentTags: ["home", "weekend"],
               parentStart: .day(day("2026-12-05")), childTags: ["home", "Shopping"],
               childStart: .time(SyncedFolder.instant("2026-12-05T08:00:00Z")), childAlarms: [.relativeToStart(seconds: 0)]),
        Client(name: "Nextcloud Tasks", parent: "nextcloud-parent.ics", child: "nextcloud-child.ics", parentTags: ["Work", "Report"],
               parentStart: .time(SyncedFolder.instant("2026-11-30T08:00:00Z")), childTags: ["Work"], childStart: .day(day("2026-12-01"))),
        Client(name: "jtx Board", parent: "jtx-parent.ics", child: "jtx-child.ics", parentTags: ["Travel", "Family"],
               parentStart: .day(day("2026-12-03")), childTags: ["Travel"],
               childStart: .time(SyncedFolder.instant("2026-12-05T07:00:00Z")), childAlarms: [.relativeToStart(seconds: -86_400)]),
        Client(name: "Thunderbird", parent: "thunderbird.ics", child: "thunderbird-child.ics", parentTags: ["Personal", "Errands"],
               parentStart: .time(SyncedFolder.instant("2026-11-30T08:00:00Z")), childTags: ["Personal", "Phone calls"],
               childStart: .day(day("2026-11-25")), childAlarms: [.relativeToStart(seconds: 9 * 3600)]),
        Client(name: "todoman", parent: "todoman-start.ics", parentTags: ["car", "money", "admin"], parentStart: .day(day("2026-12-01"))),
    ]

    static func day(_ iso: String) -> LocalDay {
        LocalDay(iso: iso) ?? LocalDay(daysSinceEpoch: 0)
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    /// The client's files in a folder, the subtask's first (so that its
    /// parent comes in after it), each read in by a sync of its own.
    static func folder(with client: Client) throws -> SyncedFolder {
        let setup = try SyncedFolder(zone: zone, start: start)
        if let child = client.child {
            try setup.put("child.ics", try text(child))
            try setup.sync(1)
        }
        try setup.put("parent.ics", try text(client.parent))
        try setup.sync(2)
        return setup
    }

    static func task(named file: String, in setup: SyncedFolder) throws -> TodoTask {
        let id = try #require(try setup.store.readingTaskFiles { try $0.files(in: setup.folder)[file]?.taskID })
        return try #require(try setup.task(id))
    }

    @Test("Every tag in its order and spelling, the start with or without a time, the alarm related to it, and the parent, linked when its file comes after the subtask's", arguments: clients)
    func read(client: Client) throws {
        let setup = try Self.folder(with: client)
        let parent = try Self.task(named: "parent.ics", in: setup)
        #expect(parent.tags == client.parentTags && parent.category == client.parentTags[0])
        #expect(parent.start == client.parentStart && parent.parentID == nil)
        if client.child != nil {
            let child = try Self.task(named: "child.ics", in: setup)
            #expect(child.tags == client.childTags)
            #expect(child.start == client.childStart)
            #expect(child.alarms == client.childAlarms)
            #expect(child.parentID == parent.id)
            // Linked without a write: the subtask's file says so already.
            #expect(try setup.pending().isEmpty)
        }
        #expect(try setup.folderSync(3).check().looseSubtasks.isEmpty)
    }

    /// An edit made here, and the properties whose lines it may change.
    struct Edit: CustomStringConvertible, Sendable {
        var name: String
        var properties: Set<String>
        var change: @Sendable (inout TodoTask) -> Void
        var description: String { name }
    }

    static let edits = [
        Edit(name: "title", properties: ["SUMMARY"]) { $0.title = "Changed here" },
        Edit(name: "a tag added", properties: ["CATEGORIES"]) { $0.tag(["urgent"]) },
        Edit(name: "the category", properties: ["CATEGORIES"]) { $0.category = "Elsewhere" },
        Edit(name: "the start a day earlier", properties: ["DTSTART"]) { task in
            task.start = task.start.map { start in
                switch start {
                case .day(let day): .day(day.adding(days: -1))
                case .time(let instant): .time(instant.addingTimeInterval(-86_400))
                }
            }
        },
        Edit(name: "no start", properties: ["DTSTART"]) { $0.start = nil },
        Edit(name: "no parent", properties: ["RELATED-TO"]) { $0.parentID = nil },
    ]

    static let bookkeeping: Set = ["LAST-MODIFIED", "DTSTAMP", "SEQUENCE"]

    @Test("Edited here and written back, only the changed property and the bookkeeping differ; other RELATED-TO lines stay", arguments: clients, edits)
    func edited(client: Client, edit: Edit) throws {
        let setup = try Self.folder(with: client)
        let file = client.child == nil ? "parent.ics" : "child.ics"
        let task = try Self.task(named: file, in: setup)
        guard edit.name != "no parent" || task.parentID != nil else { return }
        let before = try setup.read(file)
        try setup.modify(task.id, at: 10, edit.change)
        try setup.writeOut(11)
        let after = try setup.read(file)
        let changed = Self.changedProperties(before, after)
        #expect(changed.subtracting(Self.bookkeeping) == edit.properties, "\(before)\n---\n\(after)")
        // Read back in another store, it says what was changed here.
        let reread = try #require(try FolderItem.read(Array(after.utf8), file: file, localZone: Self.zone).todo)
        let mapping = TaskMapping(timeRules: TimeRules(clock: WallClock(timeZone: Self.zone)), now: setup.at(12))
        var expected = task
        edit.change(&expected)
        let read = mapping.task(from: reread.properties, list: setup.folder)
        #expect(read.title == expected.title && read.tags == expected.tags && read.start == expected.start)
        #expect(after.contains("RELTYPE=SIBLING") == before.contains("RELTYPE=SIBLING"))
        #expect(after.contains("RELTYPE=CHILD") == before.contains("RELTYPE=CHILD"))
        // The other file is not touched.
        if client.child != nil { #expect(try setup.read("parent.ics") == (try Self.text(client.parent))) }
    }

    @Test("Read in and written out with no change here, no file is written")
    func untouched() throws {
        for client in Self.clients {
            let setup = try Self.folder(with: client)
            let names = try setup.itemNames()
            let stamps = try names.map { try setup.etag($0) }
            let report = try setup.sync(5)
            #expect(report.writtenOut == 0)
            #expect(try names.map { try setup.etag($0) } == stamps)
        }
    }

    @Test("A subtask added here is written with RELATED-TO;RELTYPE=PARENT naming its parent's UID, whichever file is written first, and another store links them")
    func writtenHere() throws {
        let setup = try SyncedFolder(zone: Self.zone, start: Self.start)
        let paint = try setup.add("Paint the kitchen") { $0.tags = ["home", "weekend"] }
        let buy = try setup.add("Buy paint") { draft in
            draft.parentID = paint.id
            draft.start = .day(Self.day("2026-12-05"))
            draft.due = .day(Self.day("2026-12-06"))
        }
        // The subtask first: its parent's file is given the UID it names.
        _ = try setup.modify(buy.id, at: 1) { $0.title = "Buy the paint" }
        try setup.writeOut(2)
        let parentUID = try #require(try setup.fileRow(paint.id)?.uid)
        let childName = try #require(try setup.fileRow(buy.id)?.name)
        let lines = try setup.lines(childName)
        #expect(lines.contains("RELATED-TO;RELTYPE=PARENT:\(parentUID)"))
        #expect(lines.contains("DTSTART;VALUE=DATE:20261205"))
        #expect(try setup.lines(try #require(try setup.fileRow(paint.id)?.name)).contains("CATEGORIES:home,weekend"))

        let other = try SyncedFolder(zone: Self.zone, start: Self.start)
        for name in try setup.itemNames() { try other.put(name, try setup.read(name)) }
        try other.sync(3)
        let tasks = try other.tasks()
        let child = try #require(tasks.first { $0.title == "Buy the paint" })
        let parent = try #require(tasks.first { $0.title == "Paint the kitchen" })
        #expect(child.parentID == parent.id && parent.tags == ["home", "weekend"])
    }

    @Test("A subtask whose parent is in no list, in another list or in a cycle stays, shown at the top level, and sync --check says why")
    func looseSubtasks() throws {
        let setup = try SyncedFolder(zone: Self.zone, start: Self.start)
        try setup.put("orphan.ics", SyncedFolder.todo("orphan", ["SUMMARY:Orphan", "RELATED-TO:gone"]))
        try setup.put("a.ics", SyncedFolder.todo("a", ["SUMMARY:A", "RELATED-TO;RELTYPE=PARENT:b"]))
        try setup.put("b.ics", SyncedFolder.todo("b", ["SUMMARY:B", "RELATED-TO;RELTYPE=PARENT:a"]))
        // Not a parent: kept, and no subtask.
        try setup.put("c.ics", SyncedFolder.todo("c", ["SUMMARY:C", "RELATED-TO;RELTYPE=SIBLING:a"]))
        try setup.sync(1)
        let tasks = try setup.tasks()
        let byTitle = Dictionary(tasks.map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byTitle["Orphan"]?.parentID == nil && byTitle["C"]?.parentID == nil)
        let check = try setup.folderSync(2).check()
        let loose = Dictionary(check.looseSubtasks.map { ($0.title, $0.reason) }, uniquingKeysWith: { first, _ in first })
        #expect(loose == ["Orphan": .missing(uid: "gone"), "A": .cycle, "B": .cycle])
        // A missing parent is no difference between the store and the folder.
        #expect(check.inStep)
        // Its parent comes: linked, and no longer reported.
        try setup.put("gone.ics", SyncedFolder.todo("gone", ["SUMMARY:Back"]))
        try setup.sync(3)
        let orphan = try #require(try setup.tasks().first { $0.title == "Orphan" })
        #expect(orphan.parentID == (try setup.tasks().first { $0.title == "Back" }?.id))
        #expect(try setup.folderSync(4).check().looseSubtasks.map(\.title).sorted() == ["A", "B"])
    }

    /// The names of the properties whose lines differ between two texts.
    static func changedProperties(_ before: String, _ after: String) -> Set<String> {
        func lines(_ text: String) -> [String] {
            var lines: [String] = []
            for line in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n") {
                if line.first == " " || line.first == "\t", !lines.isEmpty {
                    lines[lines.count - 1] += line.dropFirst()
                } else {
                    lines.append(String(line))
                }
            }
            return lines
        }
        let old = lines(before), new = lines(after)
        return Set((old.filter { !new.contains($0) } + new.filter { !old.contains($0) }).map { String($0.prefix { $0 != ":" && $0 != ";" }) })
    }
}

extension FolderItem {
    /// The task of an item; nil for one that is not ours.
    var todo: VTodo? {
        if case .todo(let item) = self { return item }
        return nil
    }
}
