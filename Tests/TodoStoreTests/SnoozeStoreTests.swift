import Foundation
import TestSupport
import Testing
import TodoCore
import TodoStore
import TodoZones

/// Snoozes on disk: saved with the task's change, ended by what ends them,
/// found by the reminder queue and the daemon wherever they fall, and a store
/// of the version before them migrated with its tasks.
@Suite("Snoozes in the store")
struct SnoozeStoreTests {
    let folder: TemporaryFolder
    let store: TaskStore
    /// 2026-05-28 20:26:40 UTC.
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    let timeRules = TimeRules(clock: WallClock(timeZone: Zone(identifier: "Europe/Berlin")!))

    init() throws {
        folder = try TemporaryFolder()
        store = try TaskStore(path: folder.file("tasks.sqlite"))
    }

    /// The rows of the snooze table, read by Python's sqlite3: (task_id, until).
    func snoozeRows() throws -> [String] {
        try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            for task_id, until in db.execute("SELECT task_id, until FROM snooze ORDER BY task_id"):
                print(task_id, until)
            """, folder.file("tasks.sqlite"))
            .split(separator: "\n").map(String.init)
    }

    func snooze(_ task: TodoTask, until: Date) throws {
        _ = try store.modify(ids: [task.id], now: now) { $0.snoozedUntil = until }
    }

    @Test("A snooze is saved with the task's change and read back with the task")
    func savedAndRead() throws {
        let task = try store.add(TaskDraft(title: "Pay rent"), now: now)
        let until = now.addingTimeInterval(3_600.5)

        let changed = try store.modify(ids: [task.id], now: now.addingTimeInterval(1)) { $0.snoozedUntil = until }

        #expect(changed.first?.snoozedUntil == until)
        #expect(changed.first?.updatedAt == now.addingTimeInterval(1))
        #expect(try store.task(id: task.id)?.snoozedUntil == until)
        #expect(try store.tasks(TaskQuery()).first?.snoozedUntil == until)
        #expect(try store.tasks(ids: [task.id])[task.id]?.snoozedUntil == until)
        #expect(try store.tasks(titleContaining: "rent", scope: .open).first?.snoozedUntil == until)
        #expect(try snoozeRows() == ["1 \(until.timeIntervalSince1970)"])
    }

    @Test("A new snooze replaces the old one; nil ends it")
    func replacedAndEnded() throws {
        let task = try store.add(TaskDraft(title: "Pay rent"), now: now)
        try snooze(task, until: now.addingTimeInterval(3_600))
        try snooze(task, until: now.addingTimeInterval(7_200))

        #expect(try store.task(id: task.id)?.snoozedUntil == now.addingTimeInterval(7_200))
        #expect(try snoozeRows().count == 1)

        _ = try store.modify(ids: [task.id], now: now) { $0.snoozedUntil = nil }

        #expect(try store.task(id: task.id)?.snoozedUntil == nil)
        #expect(try snoozeRows() == [])
    }

    /// What a person does to a snoozed task that ends its snooze.
    enum Ending: String, CaseIterable, Sendable {
        case done, off, newDueDate, delete, clearCompleted
    }

    @Test("Done, off, a new due date, delete and clearing completed tasks end the snooze, in the same transaction",
          arguments: Ending.allCases)
    func endedByChanges(ending: Ending) throws {
        // Given two snoozed tasks
        let task = try store.add(TaskDraft(title: "Pay rent", due: .day(LocalDay(year: 2026, month: 6, day: 1)!)), now: now)
        let other = try store.add(TaskDraft(title: "Buy milk"), now: now)
        try snooze(task, until: now.addingTimeInterval(3_600))
        try snooze(other, until: now.addingTimeInterval(3_600))

        // When the first is changed so
        switch ending {
        case .done: _ = try store.modify(ids: [task.id], now: now) { $0.completedAt = now }
        case .off: _ = try store.modify(ids: [task.id], now: now) { $0.reminderOn = false }
        case .newDueDate: _ = try store.modify(ids: [task.id], now: now) { $0.due = .day(LocalDay(year: 2026, month: 6, day: 2)!) }
        case .delete: _ = try store.delete(ids: [task.id], now: Date())
        case .clearCompleted:
            _ = try store.modify(ids: [task.id], now: now) { $0.completedAt = now }
            _ = try store.deleteCompleted(now: Date())
        }

        // Then its snooze is gone from the table, and the other task keeps its own
        #expect(try snoozeRows() == ["2 \(now.addingTimeInterval(3_600).timeIntervalSince1970)"])
        #expect(try store.task(id: task.id)?.snoozedUntil == nil)
        #expect(try store.nextReminders(timeRules: timeRules, after: now, limit: 10).filter { $0.kind == .snoozed }.map(\.taskID) == [other.id])
    }

    @Test("snooze(id:) snoozes an open task; a done task, or one whose reminder is off, takes none and is not written")
    func snoozeByID() throws {
        let open = try store.add(TaskDraft(title: "Pay rent"), now: now)
        let done = try store.add(TaskDraft(title: "Buy milk", completedAt: now), now: now)
        let off = try store.add(TaskDraft(title: "Call mum", reminderOn: false), now: now)
        let later = now.addingTimeInterval(60)

        #expect(try store.snooze(id: open.id, until: now.addingTimeInterval(3_600), now: later).snoozedUntil == now.addingTimeInterval(3_600))
        for task in [done, off] {
            let result = try store.snooze(id: task.id, until: now.addingTimeInterval(3_600), now: later)
            #expect(result.snoozedUntil == nil)
            #expect(result.updatedAt == now)
        }
        #expect(try snoozeRows() == ["1 \(now.addingTimeInterval(3_600).timeIntervalSince1970)"])
        #expect(throws: StoreError.noSuchTask(id: 9)) { try store.snooze(id: 9, until: later, now: later) }
        #expect(try store.snooze(id: open.id, until: nil, now: later).snoozedUntil == nil)
        #expect(try snoozeRows() == [])
    }

    @Test("A change that throws leaves the snooze as it was")
    func rolledBack() throws {
        struct Refused: Error {}
        let task = try store.add(TaskDraft(title: "Pay rent"), now: now)
        try snooze(task, until: now.addingTimeInterval(3_600))

        #expect(throws: Refused.self) {
            _ = try store.modify(ids: [task.id], now: now) { task in
                task.snoozedUntil = nil
                throw Refused()
            }
        }

        #expect(try store.task(id: task.id)?.snoozedUntil == now.addingTimeInterval(3_600))
    }

    @Test("Next reminders find snoozes among 20,000 tasks: months before the due date, and on a task with no due date")
    func nextRemindersFindSnoozes() throws {
        // Given 20,000 tasks due from 2030 on, and two due about now
        let farStart = 1_893_456_000.0
        let drafts = try (0..<20_000).map { number in
            try TaskDraft(title: "Far \(number)", due: .time(Date(timeIntervalSince1970: farStart + Double(number) * 4_000)))
        }
        _ = try store.importTasks(drafts, now: now)
        let near = try store.add(TaskDraft(title: "Near", due: .time(now.addingTimeInterval(5 * 3_600))), now: now)
        let someday = try store.add(TaskDraft(title: "Someday"), now: now)
        let passed = try store.add(TaskDraft(title: "Snoozed before"), now: now)
        // when one far task and the someday task are snoozed to the coming hours, and one snooze has passed
        _ = try store.modify(ids: [19_999], now: now) { $0.snoozedUntil = now.addingTimeInterval(2 * 3_600) }
        try snooze(someday, until: now.addingTimeInterval(3_600))
        try snooze(passed, until: now.addingTimeInterval(-60))

        // Then the next reminders are the two snoozes, then the near task's
        let next = try store.nextReminders(timeRules: timeRules, after: now, limit: 3)
        #expect(next == [
            Reminder(taskID: someday.id, kind: .snoozed, occurrence: .at(now.addingTimeInterval(3_600)), at: now.addingTimeInterval(3_600)),
            Reminder(taskID: 19_999, kind: .snoozed, occurrence: .at(now.addingTimeInterval(2 * 3_600)), at: now.addingTimeInterval(2 * 3_600)),
            Reminder(taskID: near.id, kind: .atDueTime, occurrence: .at(near.due.map(timeRules.dueInstant(of:))!), at: now.addingTimeInterval(5 * 3_600)),
        ])
        #expect(try store.nextReminders(timeRules: timeRules, after: now, limit: 1) == [next[0]])

        // And the daemon's window finds each snoozed task once, with its snooze
        let window = try store.remindableTasks(withRemindersFrom: now, through: now.addingTimeInterval(6 * 3_600))
        #expect(window.map(\.id).sorted() == [19_999, near.id, someday.id].sorted())
        #expect(window.first { $0.id == 19_999 }?.snoozedUntil == now.addingTimeInterval(2 * 3_600))
    }

    @Test("A task in the daemon's window both by its due date and by its snooze comes once")
    func windowCountsTaskOnce() throws {
        let task = try store.add(TaskDraft(title: "Pay rent", due: .time(now.addingTimeInterval(3 * 3_600))), now: now)
        try snooze(task, until: now.addingTimeInterval(3_600))

        let window = try store.remindableTasks(withRemindersFrom: now, through: now.addingTimeInterval(4 * 3_600))

        #expect(window.map(\.id) == [task.id])
        #expect(try store.nextReminders(timeRules: timeRules, after: now, limit: 10).map(\.kind) == [.snoozed, .atDueTime])
    }

    @Test("A store of the version before snoozes is migrated and keeps its tasks and ledger")
    func migratesVersion2Store() throws {
        // Given a store as version 2 left it: made now, with the snooze migration taken back out
        let path = folder.file("old.sqlite")
        do {
            let old = try TaskStore(path: path)
            _ = try old.add(TaskDraft(title: "Pay rent", notes: "before noon", due: .day(LocalDay(year: 2026, month: 6, day: 1)!)), now: now)
            _ = try old.add(TaskDraft(title: "Read a book"), now: now)
            try old.ledger.record([DeliveryRecord(reminder: Reminder(taskID: 1, kind: .morning, occurrence: .day(LocalDay(year: 2026, month: 6, day: 1)!), at: now), status: .delivered, firedAt: now)])
        }
        try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("DROP TABLE snooze")
            db.execute("DELETE FROM grdb_migrations WHERE identifier = 'v3-snooze'")
            db.execute("PRAGMA user_version = 0")
            db.commit()
            """, path)

        // When this version opens it
        let store = try TaskStore(path: path)

        // Then the tasks and the ledger are there, and a task can be snoozed
        #expect(try store.tasks(TaskQuery()).map(\.title) == ["Pay rent", "Read a book"])
        #expect(try store.task(id: 1)?.notes == "before noon")
        #expect(try store.ledger.records(from: .distantPast, through: .distantFuture).map(\.status) == [.delivered])
        _ = try store.modify(ids: [2], now: now) { $0.snoozedUntil = now.addingTimeInterval(60) }
        #expect(try store.nextReminders(timeRules: timeRules, after: now, limit: 5) == [
            Reminder(taskID: 2, kind: .snoozed, occurrence: .at(now.addingTimeInterval(60)), at: now.addingTimeInterval(60)),
            Reminder(taskID: 1, kind: .morning, occurrence: .day(LocalDay(year: 2026, month: 6, day: 1)!), at: timeRules.clock.instant(on: LocalDay(year: 2026, month: 6, day: 1)!, at: .nine)),
        ])
        let migrations = try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            print(",".join(r[0] for r in db.execute("SELECT identifier FROM grdb_migrations ORDER BY identifier")))
            """, path)
        #expect(migrations == "v1,v10-folder-scan,v11-unfollowed-rule,v12-task-file-versions,v13-unfollowed-stored-rules,v14-repeat-start-wall,v15-events,v16-journal,v17-tags-subtasks-start,v18-task-origin,v19-journal-origin,v2-delivery-ledger,v20-journal-added-span,v21-event-by-uid,v22-one-ledger,v3-snooze,v4-covering-reminder-queue,v5-repeat,v6-reminder-identity,v7-daemon-state,v8-reminder-queue-by-priority,v9-calendar\n")
    }
}
