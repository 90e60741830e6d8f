import Foundation
import TestSupport
import Testing
import TodoCore
import TodoStore

/// The ledger keyed on a reminder's identity (task, kind, occurrence), and a
/// ledger of the version before it migrated to that key.
@Suite("The ledger keyed on identity")
struct LedgerIdentityTests {
    let folder: TemporaryFolder
    /// 2026-05-28 20:26:40 UTC.
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test("A record written again for the same reminder at a moved instant replaces the first, and is found by identity")
    func movedInstantIsSameRow() throws {
        let store = try TaskStore(path: folder.file("tasks.sqlite"))
        let day = LocalDay(year: 2026, month: 6, day: 1)!
        let task = try store.add(TaskDraft(title: "Pay rent", due: .day(day)), now: now)
        let berlin = Reminder(taskID: task.id, kind: .morning, occurrence: .day(day), at: now)
        let west = Reminder(taskID: task.id, kind: .morning, occurrence: .day(day), at: now.addingTimeInterval(900))

        try store.ledger.record([DeliveryRecord(reminder: berlin, status: .sending, firedAt: now, attempts: 1)])
        try store.ledger.record([DeliveryRecord(reminder: west, status: .delivered, firedAt: now, attempts: 1)])

        let all = try store.ledger.records(from: .distantPast, through: .distantFuture)
        #expect(all.map(\.reminder) == [west])
        #expect(try store.ledger.recorded([berlin.id, Reminder.ID(taskID: task.id, kind: .atDueTime, occurrence: .day(day))])
            == [berlin.id])
    }

    @Test("A ledger keyed on instants is migrated to identities: own morning, daily overdue and timed reminders")
    func migratesInstantLedger() throws {
        // Given a store as version 4 left it: tasks with a due day and a due
        // time, and ledger rows keyed on (task, kind, instant)
        let path = folder.file("old.sqlite")
        let dueDay = LocalDay(year: 2026, month: 6, day: 1)!
        let dueTime = Date(timeIntervalSince1970: 1_780_500_000.25)
        do {
            let store = try TaskStore(path: path)
            _ = try store.add(TaskDraft(title: "Pay rent", due: .day(dueDay)), now: now)
            _ = try store.add(TaskDraft(title: "Call Ann", due: .time(dueTime)), now: now)
        }
        // Noon UTC is the same local day in any zone from UTC-11 to UTC+11.
        let dueDayNoon = 1_780_315_200.0 // 2026-06-01 12:00 UTC
        try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript('''
                DROP TABLE delivery;
                CREATE TABLE event_delivery (event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL, occurrence TEXT NOT NULL, at REAL NOT NULL, status TEXT NOT NULL,
                    fired_at REAL NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, detail TEXT,
                    PRIMARY KEY (event_id, kind, occurrence)) WITHOUT ROWID;
                ALTER TABLE task DROP COLUMN due_set_at;
                CREATE TABLE delivery (task_id INTEGER NOT NULL REFERENCES task(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL, at REAL NOT NULL, status TEXT NOT NULL, fired_at REAL NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0, detail TEXT, PRIMARY KEY (task_id, kind, at)) WITHOUT ROWID;
                DELETE FROM grdb_migrations WHERE identifier IN ('v6-reminder-identity', 'v22-one-ledger');
                PRAGMA user_version = 0;
            ''')
            rows = [(1, 'morning', \(dueDayNoon)), (1, 'morning', \(dueDayNoon + 86_400)),
                    (2, 'morning', \(dueTime.timeIntervalSince1970 - 3_600)), (2, 'atDueTime', \(dueTime.timeIntervalSince1970))]
            db.executemany("INSERT INTO delivery VALUES (?, ?, ?, 'delivered', ?, 1, NULL)", [r + (r[2],) for r in rows])
            db.commit()
            """, path)

        // When this version opens it
        let store = try TaskStore(path: path)

        // Then each row names what it reminded of
        let ids = try store.ledger.records(from: .distantPast, through: .distantFuture).map(\.reminder.id)
        #expect(Set(ids) == [
            Reminder.ID(taskID: 1, kind: .morning, occurrence: .day(dueDay)),
            Reminder.ID(taskID: 1, kind: .morning, occurrence: .day(dueDay.adding(days: 1))),
            Reminder.ID(taskID: 2, kind: .morning, occurrence: .at(dueTime)),
            Reminder.ID(taskID: 2, kind: .atDueTime, occurrence: .at(dueTime)),
        ])
        // And the tasks' dues count as set when they were last updated
        #expect(try store.task(id: 1)?.dueSetAt == now)
    }
}
