import Foundation
import Testing
import TestSupport
import TodoCalendar
import TodoCore
import TodoStore
@testable import TodoSync
import TodoZones

/// A store from before tags, subtasks and starts (migration v17) whose
/// folders' files hold more than it kept: migrated, its files read once for
/// those fields before any is written, so a write keeps them.
@Suite("A store from before tags, subtasks and starts")
struct FillInTests {
    static let zone = Zone(identifier: "Europe/Berlin") ?? .utc

    /// The Python that takes a store back to before v17: its new tables, indexes,
    /// columns and trigger gone, the queue's index and the trigger as v9 made them.
    static let downgrade = """
        import sqlite3, sys
        db = sqlite3.connect(sys.argv[1])
        for statement in [
            "DELETE FROM grdb_migrations WHERE identifier = 'v17-tags-subtasks-start'",
            "PRAGMA user_version = 0",
            "DROP TABLE task_tag", "DROP TABLE task_backfill",
            "DROP INDEX task_by_parent", "DROP INDEX task_file_by_parent_uid", "DROP INDEX task_reminder_queue",
            "DROP TRIGGER task_file_after_update",
            "ALTER TABLE task DROP COLUMN tags", "ALTER TABLE task DROP COLUMN start_day",
            "ALTER TABLE task DROP COLUMN start_time", "ALTER TABLE task DROP COLUMN parent_id",
            "ALTER TABLE task_file DROP COLUMN parent_uid",
            "ALTER TABLE journal_task DROP COLUMN tags", "ALTER TABLE journal_task DROP COLUMN start_day",
            "ALTER TABLE journal_task DROP COLUMN start_time", "ALTER TABLE journal_task DROP COLUMN parent_id",
            "CREATE INDEX task_reminder_queue ON task(due_key, due_day, due_time, completed_at, reminder, remind_defaults) WHERE completed_at IS NULL AND reminder = 1 AND remind_defaults = 1 AND due_key IS NOT NULL",
            "CREATE TRIGGER task_file_after_update AFTER UPDATE ON task WHEN OLD.title IS NOT NEW.title BEGIN UPDATE task_file SET dirty = 1 WHERE task_id = NEW.id; END",
            # What a store before v17 kept of an alarm 15 minutes before a DTSTART an hour before DUE.
            "UPDATE task SET alarms = '-4500', remind_defaults = 0",
        ]:
            db.execute(statement)
        db.commit()
        """

    @Test("Every tag, the start, the parent and the alarm related to the start are read from the files once, and a change made here then keeps them in the file")
    func filledIn() throws {
        let setup = try SyncedFolder(zone: Self.zone, start: SyncedFolder.instant("2026-11-20T10:00:00Z"))
        let store = try TaskStore(path: setup.root.file("tasks.sqlite"))
        let lists = setup.lists
        func sync(_ minutes: Double) throws -> FolderSync {
            FolderSync(store: store, lists: lists, timeRules: TimeRules(clock: WallClock(timeZone: Self.zone)), now: setup.at(minutes))
        }
        try setup.put("parent.ics", SyncedFolder.todo("parent", ["SUMMARY:Parent", "CATEGORIES:Home"]))
        try setup.put("child.ics", SyncedFolder.todo("child", [
            "SUMMARY:Child", "CATEGORIES:Home,Errands", "RELATED-TO:parent",
            "DTSTART:20261201T150000Z", "DUE:20261201T160000Z",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:x", "END:VALARM",
        ]))
        _ = try sync(1).run()
        try store.close()
        _ = try ProcessRunner.tool(["python3", "-c", Self.downgrade, setup.root.file("tasks.sqlite")])

        let migrated = try TaskStore(path: setup.root.file("tasks.sqlite"))
        let child = try #require(try migrated.tasks(TaskQuery()).first { $0.title == "Child" })
        // As a store before v17 kept it: the category alone, no start, no parent.
        #expect(child.tags == ["Home"] && child.start == nil && child.parentID == nil)
        // A reading command opens the store for writing, to read them in.
        #expect(try migrated.hasTasksToFillIn(inFolders: [setup.folder]))
        let before = try setup.read("child.ics")
        _ = try migrated.modify(ids: [child.id], now: setup.at(3)) { $0.title = "Child, renamed" }
        let sync2 = FolderSync(store: migrated, lists: lists, timeRules: TimeRules(clock: WallClock(timeZone: Self.zone)), now: setup.at(4))
        _ = try sync2.writeOut()
        let filled = try #require(try migrated.task(id: child.id))
        let parent = try #require(try migrated.tasks(TaskQuery()).first { $0.title == "Parent" })
        #expect(filled.tags == ["Home", "Errands"])
        #expect(filled.start == .time(SyncedFolder.instant("2026-12-01T15:00:00Z")))
        #expect(filled.parentID == parent.id)
        #expect(filled.alarms == [.relativeToStart(seconds: -900)])
        let after = try setup.read("child.ics")
        #expect(ClientRoundTripTests.changedProperties(before, after).subtracting(ClientRoundTripTests.bookkeeping) == ["SUMMARY"])
        #expect(try !migrated.hasTasksToFillIn(inFolders: [setup.folder]))
    }
}
