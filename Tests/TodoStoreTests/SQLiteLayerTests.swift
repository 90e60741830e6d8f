import Foundation
import TestSupport
import Testing
@testable import TodoStore

/// The store's own SQLite layer keeps what GRDB did to a file, so that the
/// stores GRDB wrote read the same and GRDB's versions read this one's.
@Suite("The SQLite layer under the store")
struct SQLiteLayerTests {
    @Test("Values are bound as GRDB bound them: Bool as 0 or 1, a text up to its first NUL, an empty blob as a blob")
    func binding() throws {
        let queue = try DatabaseQueue()
        let row = try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (a, b, c, d, e)")
            try db.execute(sql: "INSERT INTO t VALUES (?, ?, ?, ?, ?)", arguments: [true, "dup\0one", Data(), 1.5, nil as String?])
            return try Row.fetchOne(db, sql: "SELECT a, typeof(a), b, typeof(c), d, e FROM t")
        }
        let values = try #require(row)
        #expect(try values[0] as Int64 == 1 && values[1] as String == "integer")
        #expect(try values[2] as String == "dup")
        #expect(try values[3] as String == "blob")
        #expect(try values[4] as Double == 1.5 && values[5] as String? == nil)
    }

    @Test("NULL read where a value is required is a decoding error that names the column")
    func nullWhereRequired() throws {
        let queue = try DatabaseQueue()
        let row = try #require(try queue.read { db in try Row.fetchOne(db, sql: "SELECT 1, NULL") })
        #expect(throws: RowDecodingError.self) { try row[1] as Int64 }
        let error = try #require(TaskStore.storeError(RowDecodingError(value: .null, type: "Int64", column: 1, sql: "SELECT 1, NULL"), path: "/t.sqlite") as? StoreError)
        #expect(error.errorDescription == """
            The task store “/t.sqlite” is damaged (column 2 of a row of “SELECT 1, NULL” holds NULL, not a value of type Int64): \
            restore it from a backup, or move it aside to start a new store.
            """)
    }

    @Test("Migrations are recorded in GRDB's grdb_migrations table, each once, in order")
    func migrations() throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("one") { db in try db.execute(sql: "CREATE TABLE one (x)") }
        migrator.registerMigration("two") { db in try db.execute(sql: "CREATE TABLE two (x)") }
        let queue = try DatabaseQueue()
        // A file GRDB migrated up to "one" already.
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('one');
                CREATE TABLE one (x);
                """)
        }
        try migrator.migrate(queue)
        try migrator.migrate(queue)
        try queue.read { db throws -> Void in
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid") == ["one", "two"])
            #expect(try migrator.hasCompletedMigrations(db))
            #expect(try !migrator.hasBeenSuperseded(db))
        }
    }

    @Test("Every connection checks foreign keys, and a write begins IMMEDIATE")
    func connectionSetUp() throws {
        let queue = try DatabaseQueue()
        #expect(try queue.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") } == true)
        // IMMEDIATE: the write lock is held before the first statement runs.
        try queue.write { db in #expect(db.isInsideTransaction) }
        #expect(throws: DatabaseError.self) { try queue.read { db in try db.execute(sql: "SELECT \"no such column\" FROM sqlite_master") } }
    }
}
