import Foundation
import TestSupport
import Testing
import TodoCore
import TodoStore

/// One ledger for every reminder, a task's or an event's: each found by its
/// identity, deleted with its owner, and the two ledgers of the version
/// before migrated into it row for row.
@Suite("One ledger for tasks' and events' reminders")
struct OneLedgerTests {
    let folder: TemporaryFolder
    /// 2026-05-28 20:26:40 UTC.
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    init() throws {
        folder = try TemporaryFolder()
    }

    /// An event file's row, as the folders' read-in leaves it, for the
    /// ledger's rows of its alarms to belong to.
    private func addEvent(id: Int64, at path: String) throws {
        try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("INSERT INTO event (id, folder, name, etag) VALUES (?, '/cal', 'e.ics', 'x')", (\(id),))
            db.commit()
            """, path)
    }

    @Test("A task's reminder and an event's alarm of the same kind and occurrence are two rows, each found by its owner")
    func ownersApart() throws {
        let path = folder.file("tasks.sqlite")
        let store = try TaskStore(path: path)
        let task = try store.add(TaskDraft(title: "Pay rent", due: .time(now.addingTimeInterval(3600))), now: now)
        try addEvent(id: task.id, at: path)
        let occurrence = Reminder.Occurrence.at(now)
        let ofTask = Reminder(owner: .task(task.id), kind: .alarm, occurrence: occurrence, at: now)
        let ofEvent = Reminder(owner: .event(task.id), kind: .alarm, occurrence: occurrence, at: now)

        try store.ledger.record([DeliveryRecord(reminder: ofTask, status: .delivered, firedAt: now, attempts: 1)])
        #expect(try store.ledger.recorded([ofTask.id, ofEvent.id]) == [ofTask.id])
        try store.ledger.record([DeliveryRecord(reminder: ofEvent, status: .sending, firedAt: now, attempts: 1)])
        #expect(try store.ledger.recorded([ofTask.id, ofEvent.id]) == [ofTask.id, ofEvent.id])
        #expect(try store.ledger.unfinished().map(\.reminder) == [ofEvent])
        #expect(try store.ledger.lastFiredTaskReminder()?.reminder == ofTask, "status names the last task's reminder fired")

        // A record of an owner gone is dropped, and an owner deleted takes its rows.
        let gone = Reminder(owner: .event(999), kind: .alarm, occurrence: occurrence, at: now)
        try store.ledger.record([DeliveryRecord(reminder: gone, status: .sending, firedAt: now)])
        #expect(try store.ledger.recorded([gone.id]).isEmpty)
        _ = try store.delete(ids: [task.id], now: now)
        #expect(try store.ledger.records(from: .distantPast, through: .distantFuture).map(\.reminder) == [ofEvent])
    }

    @Test("The two ledgers of the version before become one, every row as it was: nothing on record fires again")
    func migratesBothLedgers() throws {
        // Given a store as version 21 left it: a task's reminders in
        // `delivery`, an event's alarms in `event_delivery`
        let path = folder.file("old.sqlite")
        let taskID: Int64
        do {
            let store = try TaskStore(path: path)
            taskID = try store.add(TaskDraft(title: "Pay rent", due: .time(now.addingTimeInterval(3600))), now: now).id
        }
        try addEvent(id: 7, at: path)
        try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript('''
                DROP TABLE delivery;
                CREATE TABLE delivery (task_id INTEGER NOT NULL REFERENCES task(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL, occurrence TEXT NOT NULL, at REAL NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('sending', 'delivered', 'failed', 'skipped')),
                    fired_at REAL NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, detail TEXT,
                    PRIMARY KEY (task_id, kind, occurrence)) WITHOUT ROWID;
                CREATE TABLE event_delivery (event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL, occurrence TEXT NOT NULL, at REAL NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('sending', 'delivered', 'failed', 'skipped')),
                    fired_at REAL NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, detail TEXT,
                    PRIMARY KEY (event_id, kind, occurrence)) WITHOUT ROWID;
                DELETE FROM grdb_migrations WHERE identifier = 'v22-one-ledger';
                PRAGMA user_version = 0;
            ''')
            db.execute("INSERT INTO delivery VALUES (?, 'atDueTime', 'instant 1780003600000', 1780003600, 'delivered', 1780003600.5, 1, 'notification 4')", (\(taskID),))
            db.execute("INSERT INTO delivery VALUES (?, 'morning', 'day 2026-05-28', 1779958800, 'skipped', 1780000000, 0, 'older than the catch-up window')", (\(taskID),))
            db.execute("INSERT INTO event_delivery VALUES (7, 'alarm', 'alarm -600 instant 1780003600000', 1780003000, 'sending', 1780003000.25, 2, NULL)")
            db.commit()
            """, path)

        // When this version opens it
        let store = try TaskStore(path: path)

        // Then every row is there, with its owner, status, attempts and detail
        let records = try store.ledger.records(from: .distantPast, through: .distantFuture)
        #expect(records.map(\.reminder.owner) == [.task(taskID), .event(7), .task(taskID)])
        #expect(records.map(\.status) == [.skipped, .sending, .delivered])
        #expect(records.map(\.attempts) == [0, 2, 1])
        #expect(records.map(\.detail) == ["older than the catch-up window", nil, "notification 4"])
        #expect(records[1].reminder == Reminder(owner: .event(7), kind: .alarm, occurrence: .alarm(seconds: -600, of: .at(now.addingTimeInterval(3600))),
                                                at: Date(timeIntervalSince1970: 1_780_003_000)))
        // And each is on record by its identity, the event's unfinished one for the next daemon to take up
        #expect(try store.ledger.recorded(records.map(\.reminder.id)).count == 3)
        #expect(try store.ledger.unfinished().map(\.reminder.owner) == [.event(7)])
    }
}
