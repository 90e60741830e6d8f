import Foundation
import TestSupport
import Testing
import TodoCore
@testable import TodoStore
import TodoZones

/// The journal: every change a command, the view or a bubble makes is kept
/// with the tasks as they were, and undone exactly.
@Suite("The journal and undo")
struct JournalTests {
    let folder: TemporaryFolder
    let now = Date(timeIntervalSince1970: 1_780_000_000.123_456)
    let zone = Zone(identifier: "Europe/Berlin") ?? .utc

    init() throws {
        folder = try TemporaryFolder()
    }

    func store(_ author: JournalAuthor = .command) throws -> TaskStore {
        try TaskStore(path: folder.file("tasks.sqlite"), author: author)
    }

    func later(_ seconds: Double) -> Date { now.addingTimeInterval(seconds) }

    @Test("Each write is one entry, tagged with who made it and what it did")
    func entries() throws {
        let command = try store()
        let view = try store(.view(session: "a"))
        let bubble = try store(.bubble)
        let task = try command.add(TaskDraft(title: "Buy milk"), now: now)
        _ = try view.modify(ids: [task.id], now: later(1), action: .edit) { $0.title = "Buy oat milk" }
        _ = try bubble.markDone(ids: [task.id], at: later(2), in: zone)
        _ = try bubble.acknowledge(ids: [task.id], at: later(3))
        let entries = try command.journal(limit: 10)
        #expect(entries.map(\.action) == [.dismiss, .done, .edit, .add])
        #expect(entries.map(\.author) == [.bubble, .bubble, .view(session: "a"), .command])
        #expect(entries[1].summary == "done 1 “Buy oat milk”")
        #expect(entries[3].summary == "add 1 “Buy milk”")
        #expect(try view.journal(by: .view(session: "a")).map(\.action) == [.edit])
        #expect(try view.journal(by: .view(session: "b")).isEmpty)
    }

    @Test("A change that changes nothing is not kept")
    func noChange() throws {
        let store = try store()
        let task = try store.add(TaskDraft(title: "Buy milk"), now: now)
        _ = try store.modify(ids: [task.id], now: later(1), action: .reminder) { $0.reminderOn = true }
        #expect(try store.journal().map(\.action) == [.add])
    }

    @Test("Undo puts every change back as it was, newest first, back to the first")
    func undoEach() throws {
        let store = try store(.view(session: "s"))
        let day = try #require(LocalDay(year: 2026, month: 6, day: 1))
        var draft = try TaskDraft(title: "Water plants", due: .day(day))
        draft.repeating = TaskRepeat(rule: "FREQ=DAILY", zone: nil, start: .day(day))
        let task = try store.add(draft, now: now)
        let added = try #require(try store.task(id: task.id))
        _ = try store.modify(ids: [task.id], now: later(1), action: .edit) { $0.priority = .high }
        let edited = try #require(try store.task(id: task.id))
        _ = try store.markDone(ids: [task.id], at: later(2), in: zone)
        _ = try store.snooze(id: task.id, until: later(3600), now: later(3))
        let snoozed = try #require(try store.task(id: task.id))
        #expect(snoozed.repeating?.completedCount == 1)
        _ = try store.delete(ids: [task.id], now: later(4))
        #expect(try store.task(id: task.id) == nil)

        #expect(try store.undoLast(by: store.author, now: later(5))?.action == .delete)
        #expect(try store.task(id: task.id) == snoozed)
        #expect(try store.undoLast(by: store.author, now: later(6))?.action == .snooze)
        #expect(try store.undoLast(by: store.author, now: later(7))?.action == .done)
        #expect(try store.task(id: task.id) == edited)
        #expect(try store.recentCompletions(limit: 10)[task.id] == nil)
        #expect(try store.undoLast(by: store.author, now: later(8))?.action == .edit)
        #expect(try store.task(id: task.id) == added)
        #expect(try store.undoLast(by: store.author, now: later(9))?.action == .add)
        #expect(try store.task(id: task.id) == nil)
        #expect(try store.undoLast(by: store.author, now: later(10)) == nil)
    }

    @Test("Undo of clear --completed brings every task back, with its completions")
    func undoClear() throws {
        let store = try store()
        for title in ["A", "B", "C"] {
            let task = try store.add(TaskDraft(title: title), now: now)
            _ = try store.markDone(ids: [task.id], at: later(1), in: zone)
        }
        let before = try store.tasks(TaskQuery(includeOpen: true, includeCompleted: true))
        #expect(try store.deleteCompleted(now: later(2)) == 3)
        let entry = try store.undoLast(by: .command, now: later(3))
        #expect(entry?.summary == "clear 3 tasks")
        #expect(try store.tasks(TaskQuery(includeOpen: true, includeCompleted: true)) == before)
    }

    @Test("Undo of a delete brings back an imported task's origin with it")
    func undoDeleteKeepsOrigin() throws {
        let store = try store()
        let origin = TaskOrigin(uid: "tw-1", item: Array("BEGIN:VTODO\r\nX-TASKWARRIOR-ESTIMATE:PT1H\r\nEND:VTODO\r\n".utf8))
        _ = try store.importTasks([TaskDraft(title: "Imported")], origins: [origin], now: now)
        let id: Int64 = 1
        _ = try store.delete(ids: [id], now: later(1))
        #expect(try store.origin(ofTask: id) == nil)
        #expect(try store.knownUIDs(among: ["tw-1"]).isEmpty)
        #expect(try store.undoLast(by: store.author, now: later(2))?.action == .delete)
        #expect(try store.origin(ofTask: id) == origin)
        #expect(try store.knownUIDs(among: ["tw-1"]) == ["tw-1"])
    }

    @Test("Undo of an import takes away every task it added, with their tags and origins")
    func undoImport() throws {
        let store = try store()
        let kept = try store.add(TaskDraft(title: "Kept"), now: now)
        let drafts = try (1...1_200).map { try TaskDraft(title: "Imported \($0)", tags: ["home"]) }
        let origins = (1...1_200).map { Optional(TaskOrigin(uid: "tw-\($0)", item: [])) }
        #expect(try store.importTasks(drafts, origins: origins, now: later(1)) == 1_200)

        #expect(try store.undoLast(by: store.author, now: later(2))?.summary == "import 1200 tasks")
        #expect(try store.tasks(TaskQuery(includeOpen: true, includeCompleted: true)).map(\.id) == [kept.id])
        #expect(try store.knownUIDs(among: ["tw-1", "tw-1200"]).isEmpty)
        #expect(try store.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM task_tag") } == 0)
    }

    @Test("An import is kept in the journal as the span of ids it gave, its tasks' references checked after")
    func importSpan() throws {
        let store = try store()
        _ = try store.add(TaskDraft(title: "Before"), now: now)
        var drafts = try (1...40).map { try TaskDraft(title: "Imported \($0)", tags: ["home", "Home", "errand"]) }
        drafts[3].completions = [Completion(due: nil, at: later(-60))]
        let origins = (1...40).map { Optional(TaskOrigin(uid: "tw-\($0)", item: Array("X-A:1\r\n".utf8))) }
        #expect(try store.importTasks(drafts, origins: origins, now: later(1)) == 40)

        try store.database.read { db in
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM journal_task WHERE entry = 2") == 0)
            let span = try #require(try Row.fetchOne(db, sql: "SELECT first_id, last_id, after FROM journal_added WHERE entry = 2"))
            #expect(try span[0] as Int64 == 2 && span[1] as Int64 == 41 && span[2] as Double == later(1).timeIntervalSince1970)
        }
        // The import's connection checks foreign keys again once it is done.
        #expect(try store.database.writeWithoutTransaction { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") } == true)
        let entry = try #require(try store.journal(limit: 1).first)
        #expect(entry.tasks.map(\.id) == Array(2...41))
        #expect(entry.tasks.last?.title == "Imported 40")
        #expect(try store.undoLast(by: store.author, now: later(2))?.summary == "import 40 tasks")
        #expect(try store.tasks(TaskQuery(includeOpen: true, includeCompleted: true)).map(\.title) == ["Before"])
        // Undone, its tasks are gone and kept by id only.
        #expect(try store.journal(limit: 1).first?.tasks.compactMap(\.title) == [])

        _ = try store.importTasks([TaskDraft(title: "Alone")], now: later(3))
        #expect(try store.journal(limit: 1).first?.summary == "import 42 “Alone”")
        #expect(try store.undoLast(by: store.author, now: later(4))?.summary == "import 42 “Alone”")
        #expect(try store.journal(limit: 1).first?.summary == "import 1 task")
    }

    @Test("Undo of an import refuses, changing nothing, when one of its tasks was changed or deleted since, and names it",
          arguments: [false, true])
    func undoImportChangedSince(deleted: Bool) throws {
        let store = try store()
        let drafts = try (1...3).map { try TaskDraft(title: "Imported \($0)") }
        _ = try store.importTasks(drafts, now: now)
        if deleted {
            _ = try store.delete(ids: [2], now: later(1))
        } else {
            _ = try store.modify(ids: [2], now: later(1)) { $0.title = "Imported 2, renamed" }
        }
        let entry = try #require(try store.journal(by: store.author, standingOnly: true).last)
        #expect(entry.action == .import)

        let refusal = UndoRefusal.changedSince(entry, taskID: 2, title: deleted ? "Imported 2" : "Imported 2, renamed")
        #expect(throws: refusal) { try store.undo(entryID: entry.id, now: later(2)) }
        #expect(try store.tasks(TaskQuery(includeOpen: true, includeCompleted: true)).count == (deleted ? 2 : 3))
    }

    @Test("A task changed again since is not undone, and nothing is")
    func changedSince() throws {
        let view = try store(.view(session: "s"))
        let command = try store()
        let task = try view.add(TaskDraft(title: "Buy milk"), now: now)
        _ = try view.modify(ids: [task.id], now: later(1), action: .edit) { $0.title = "Buy bread" }
        _ = try command.modify(ids: [task.id], now: later(2), action: .edit) { $0.priority = .high }
        #expect(throws: UndoRefusal.self) { try view.undoLast(by: view.author, now: later(3)) }
        #expect(try view.task(id: task.id)?.title == "Buy bread")
        #expect(try view.journal(by: view.author, standingOnly: true).count == 2)
    }

    @Test("The journal keeps the last 1,000 changes")
    func bounded() throws {
        let store = try store()
        let task = try store.add(TaskDraft(title: "Counter"), now: now)
        for number in 1...1_005 {
            _ = try store.modify(ids: [task.id], now: later(Double(number)), action: .edit) { $0.title = "Counter \(number)" }
        }
        let count = try DatabaseQueue(path: folder.file("tasks.sqlite")).read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM journal") ?? 0
        }
        #expect(count == 1_000)
        #expect(try store.journal(limit: 1).first?.summary == "edit 1 “Counter 1004”")

        // An import, whose transaction runs without foreign keys, lets go of
        // the oldest entry with its rows all the same.
        _ = try store.importTasks([TaskDraft(title: "Imported")], now: later(2_000))
        try store.database.read { db throws -> Void in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM journal") == 1_000)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM journal_task WHERE entry NOT IN (SELECT id FROM journal)") == 0)
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
        }
    }

    @Test("The journal keeps every column a task has")
    func everyColumn() throws {
        _ = try store()
        let columns = try DatabaseQueue(path: folder.file("tasks.sqlite")).read { db in
            // Column 1 of `table_info` is the column's name.
            (try Row.fetchAll(db, sql: "PRAGMA table_info(task)").map { try $0[1] as String },
             try Row.fetchAll(db, sql: "PRAGMA table_info(journal_task)").map { try $0[1] as String })
        }
        #expect(Set(columns.0).isSubset(of: Set(columns.1)))
    }
}
