import Synchronization

/// One connection, used by one thread at a time: how a store holds its file.
///
/// Each access runs under a lock, on the calling thread: no Dispatch queue
/// and no thread of its own, so a long-running process that opens and frees
/// queues starts none of libdispatch's workers (whose monitor would wake it
/// every second). The methods are not reentrant: a closure must not call
/// its own queue again.
///
/// ```swift
/// let queue = try DatabaseQueue(path: path, configuration: configuration)
/// let count = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM task") }
/// ```
final class DatabaseQueue: @unchecked Sendable {
    // @unchecked: `database` is only touched with `lock` held.
    private let lock = Mutex<Void>(())
    /// The connection; nil once closed.
    private var database: Database?

    /// Opens `path`; an empty database in memory by default, gone when freed.
    init(path: String = ":memory:", configuration: Configuration = Configuration()) throws {
        database = try Database(path: path, configuration: configuration)
    }

    /// Runs `value` in a read transaction (`BEGIN DEFERRED`): it sees one
    /// state of the file, however many commits other processes make meanwhile.
    func read<T>(_ value: (Database) throws -> T) throws -> T {
        try writeWithoutTransaction { db in try db.inTransaction(.deferred) { try value(db) } }
    }

    /// Runs `updates` in one transaction, IMMEDIATE unless the connection is
    /// read-only: committed when it returns, rolled back when it throws.
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        try writeWithoutTransaction { db in try db.inTransaction { try updates(db) } }
    }

    /// Runs `updates` on the connection outside any transaction: for what
    /// SQLite refuses inside one (`PRAGMA journal_mode`, `foreign_keys`),
    /// or a transaction of the caller's own.
    func writeWithoutTransaction<T>(_ updates: (Database) throws -> T) throws -> T {
        var result: Result<T, any Error>?
        lock.withLock { _ in
            guard let database else {
                result = .failure(DatabaseError.connectionIsClosed)
                return
            }
            result = Result { try updates(database) }
        }
        guard let result else { throw DatabaseError.connectionIsClosed }
        return try result.get()
    }

    /// Empties SQLite's page cache and the prepared statements.
    func releaseMemory() {
        lock.withLock { _ in database?.releaseMemory() }
    }

    /// Closes the connection; any later use throws. Closing again does nothing.
    func close() throws {
        try lock.withLock { (_) throws in
            try database?.close()
            database = nil
        }
    }
}
