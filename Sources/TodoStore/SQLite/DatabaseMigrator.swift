/// The store's schema changes, applied in order, each once, and recorded.
///
/// Applied ones are recorded in the table GRDB's `DatabaseMigrator` kept,
/// `grdb_migrations` (one `identifier` per row), so that a store migrated by
/// a version built on GRDB is known as migrated, and an older version still
/// on GRDB knows what this one applied.
///
/// Each migration runs in a transaction of its own (`BEGIN IMMEDIATE`),
/// with its record: one that fails leaves nothing of itself, and those
/// before it stay applied. Foreign keys are checked as each statement runs,
/// as under GRDB's `.immediate` checks, which every migration of the store
/// asked for.
struct DatabaseMigrator: Sendable {
    private struct Migration: Sendable {
        let identifier: String
        let migrate: @Sendable (Database) throws -> Void
    }

    private var registered: [Migration] = []

    /// The identifiers of the migrations, in the order they run.
    var migrations: [String] {
        registered.map(\.identifier)
    }

    /// Adds a migration, to run after those registered before it.
    mutating func registerMigration(_ identifier: String, migrate: @escaping @Sendable (Database) throws -> Void) {
        precondition(!migrations.contains(identifier), "the migration \(identifier) is registered twice")
        registered.append(Migration(identifier: identifier, migrate: migrate))
    }

    /// Applies every migration the file has not had yet, in order.
    func migrate(_ queue: DatabaseQueue) throws {
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            let applied = try appliedIdentifiers(db)
            for migration in registered where !applied.contains(migration.identifier) {
                try db.inTransaction(.immediate) {
                    try migration.migrate(db)
                    try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.identifier])
                }
            }
        }
    }

    /// The identifiers recorded as applied, known to this version or not;
    /// none before the record's table exists.
    func appliedIdentifiers(_ db: Database) throws -> Set<String> {
        do {
            return Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
        } catch {
            // Only a missing table means none: any other failure is one.
            let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations'")
            if tables == 0 { return [] }
            throw error
        }
    }

    /// Whether every migration is applied, the last one included, with no
    /// gap before it.
    func hasCompletedMigrations(_ db: Database) throws -> Bool {
        let applied = try appliedIdentifiers(db)
        return migrations.allSatisfy(applied.contains)
    }

    /// Whether the file has a migration this version does not know: a
    /// newer version's.
    func hasBeenSuperseded(_ db: Database) throws -> Bool {
        try !appliedIdentifiers(db).isSubset(of: Set(migrations))
    }
}
