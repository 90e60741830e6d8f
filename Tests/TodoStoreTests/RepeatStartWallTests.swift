import Foundation
import TestSupport
import Testing
import TodoCore
import TodoRecurrence
import TodoStore
import TodoZones

/// A series started in a DST gap keeps the reading typed:
/// the store keeps it beside the start instant (v14-repeat-start-wall).
@Suite struct RepeatStartWallTests {
    static let newYork = Zone(identifier: "America/New_York") ?? .utc
    /// 2027-03-14 02:30 in New York, which names 03:30 EDT (07:30Z).
    static let gapStart = Date(timeIntervalSince1970: 1_805_009_400)

    @Test("The reading a gap start was typed as is stored and read back; a store from before keeps its series as they were")
    func storedAndMigrated() throws {
        // Given a daily series started at 02:30 on the spring-forward night, as add makes it
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        let store = try TaskStore(path: path)
        let typed = try #require(WallReading(iso: "2027-03-14T02:30:00"))
        var draft = try TaskDraft(title: "Night job", due: .time(Self.gapStart))
        draft.repeating = try TaskRepeat(parsing: "daily", from: .due, due: draft.due, typed: typed, zone: Self.newYork)
        _ = try store.add(draft, now: Date(timeIntervalSince1970: 1_805_000_000))

        // Then it reads back with its reading, and its next occurrence is 02:30 EDT (06:30Z)
        let repeating = try #require(try store.task(id: 1)?.repeating)
        #expect(repeating.startWall == typed)
        #expect(repeating.dues(from: .time(Self.gapStart), count: 2).last == .time(Date(timeIntervalSince1970: 1_805_092_200)))
        try store.close()

        // And a store from before the column opens with the series anchored on its instant, as before
        try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript('''
                ALTER TABLE task DROP COLUMN repeat_start_wall;
                DELETE FROM grdb_migrations WHERE identifier = 'v14-repeat-start-wall';
                PRAGMA user_version = 0;
            ''')
            db.commit()
            """, path)
        let migrated = try TaskStore(path: path)
        let old = try #require(try migrated.task(id: 1)?.repeating)
        #expect(old.startWall == nil)
        #expect(old.dues(from: .time(Self.gapStart), count: 2).last == .time(Date(timeIntervalSince1970: 1_805_095_800)))
    }
}
