import Foundation
import TestSupport
import Testing
import TodoCore
import TodoStore

/// The daemon's state as a typed row (`DaemonState`): what the daemon
/// records, what `status` reads back, and a store of the version before,
/// whose state was text under keys.
@Suite("The daemon's state")
struct DaemonStateTests {
    let folder: TemporaryFolder
    /// 2026-05-28 20:26:40 UTC.
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test("A new store has a state with nothing in it")
    func emptyAtFirst() throws {
        let store = try TaskStore(path: folder.file("tasks.sqlite"))
        #expect(try store.daemonState() == DaemonState())
    }

    @Test("What the daemon records is read back as it was written, by another connection", arguments: [
        Reminder.Occurrence.day(LocalDay(year: 2026, month: 6, day: 1)!),
        Reminder.Occurrence.at(Date(timeIntervalSince1970: 1_780_500_000.25)),
    ])
    func roundTrip(occurrence: Reminder.Occurrence) throws {
        let path = folder.file("tasks.sqlite")
        let daemon = try TaskStore(path: path)
        let armed = Reminder(taskID: 3, kind: .morning, occurrence: occurrence, at: now.addingTimeInterval(3_600.5))

        try daemon.recordDaemonStarted(at: now)
        try daemon.recordArmed(armed)
        try daemon.recordPlannedThrough(now.addingTimeInterval(1.25))

        let status = try TaskStore(path: path, access: .readOnly)
        let state = try status.daemonState()
        #expect(state.armed == armed)
        #expect(state.plannedThrough == now.addingTimeInterval(1.25))
        #expect(state.startedAt == now)
    }

    @Test("Each write changes its own column and leaves the others; a start clears the armed reminder of the run before")
    func writesAreIndependent() throws {
        let store = try TaskStore(path: folder.file("tasks.sqlite"))
        let armed = Reminder(taskID: 1, kind: .atDueTime, occurrence: .at(now), at: now)
        try store.recordArmed(armed)
        try store.recordPlannedThrough(now)

        try store.recordArmed(nil)
        #expect(try store.daemonState() == DaemonState(plannedThrough: now))

        try store.recordArmed(armed)
        try store.recordDaemonStarted(at: now.addingTimeInterval(60))
        #expect(try store.daemonState() == DaemonState(plannedThrough: now, startedAt: now.addingTimeInterval(60)))
    }

    @Test("Instants are kept as seconds since 1970, as in every table of the store")
    func instantsAreSeconds() throws {
        let path = folder.file("tasks.sqlite")
        let store = try TaskStore(path: path)
        try store.recordDaemonStarted(at: now)
        try store.recordArmed(Reminder(taskID: 7, kind: .snoozed, occurrence: .at(now), at: now.addingTimeInterval(0.5)))
        try store.recordPlannedThrough(now)
        try store.close()

        let row = try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            print(db.execute("SELECT armed_task_id, armed_kind, armed_occurrence, armed_at, planned_through, started_at FROM daemon").fetchall())
            """, path)
        #expect(row == "[(7, 'snoozed', 'instant 1780000000000', 1780000000.5, 1780000000.0, 1780000000.0)]\n")
    }

    @Test("A store of the version before keeps how far its daemon planned; the armed text is not carried over")
    func migratesKeyValueState() throws {
        // Given a store as version 6 left it, with the daemon's state as text
        let path = folder.file("old.sqlite")
        try TaskStore(path: path).close()
        try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript('''
                DROP TABLE daemon;
                DELETE FROM grdb_migrations WHERE identifier = 'v7-daemon-state';
                PRAGMA user_version = 0;
                INSERT INTO daemon_state VALUES ('planned-through', '1780000000.5');
                INSERT INTO daemon_state VALUES ('armed', '1780003600.0 morning 1 day 2026-05-29');
            ''')
            db.commit()
            """, path)

        // When this version opens it
        let store = try TaskStore(path: path)

        // Then the watermark is a typed instant, and nothing is armed until a daemon arms it
        #expect(try store.daemonState() == DaemonState(plannedThrough: now.addingTimeInterval(0.5)))
    }

    @Test("A store is planned from by the daemon holding the lock only once that daemon recorded a start on it", arguments: [
        (started: nil, planned: false, why: "no daemon ever started on it (made after the daemon let go of another)"),
        (started: -0.5, planned: false, why: "an earlier run started on it: a copy, or a store the daemon has not opened"),
        (started: 0.0, planned: true, why: "started the moment the lock was taken"),
        (started: 0.75, planned: true, why: "started on it after taking the lock"),
    ] as [(started: Double?, planned: Bool, why: String)])
    func plannedByDaemon(example: (started: Double?, planned: Bool, why: String)) {
        let state = DaemonState(startedAt: example.started.map { now.addingTimeInterval($0) })
        #expect(state.isPlanned(byDaemonLockedAt: now) == example.planned, "\(example.why)")
    }

    @Test("A row holding a kind this version does not know (a newer daemon's) reads as nothing armed")
    func unknownKind() throws {
        let path = folder.file("tasks.sqlite")
        try TaskStore(path: path).close()
        try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE daemon SET armed_task_id = 1, armed_kind = 'hourly', armed_occurrence = 'day 2026-06-01', armed_at = 1780000000")
            db.commit()
            """, path)

        #expect(try TaskStore(path: path).daemonState().armed == nil)
    }
}
