import CSQLite
import FoundationEssentials
import TodoCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The to-do list on disk: one SQLite file, shared by the CLI and the daemon.
///
/// Each method is one transaction. The file is in WAL mode and opened with
/// a busy timeout, so two processes can read and write it at once: readers
/// never wait, and a writer waits up to `busyTimeout` for another process's
/// write to finish instead of failing with "database is locked". Every failure is a `StoreError` (except errors
/// thrown by the closure given to `modify`, which pass through unchanged).
///
/// ```swift
/// let store = try TaskStore(path: StoreLocation(explicit: nil, environment: env).path)
/// let task = try store.add(TaskDraft(title: "Buy milk"), now: Date())
/// ```
public final class TaskStore: Sendable {
    /// The path of the SQLite file, as given.
    public let path: String

    /// The file's connection, or an empty store in memory (`TaskStore.empty()`).
    let database: DatabaseQueue

    /// The file this store opened; nil for a store in memory.
    let file: FileIdentity?

    /// What a process may do to the store.
    public enum Access: Sendable {
        /// Read and write; a missing store is created.
        case readWrite
        /// Read and write a store that is there: a missing store is an
        /// error and no store is created. For the daemon,
        /// which waits for a new store when its own was deleted rather than
        /// making an empty one in its place.
        case readWriteExisting
        /// Only read: a missing store is an error and nothing is created, and
        /// a store the user may only read can be opened.
        case readOnly
    }

    /// How a process holds the file open.
    public enum Connections: Sendable {
        /// One connection that switches the file to WAL mode as it opens,
        /// syncing the file at checkpoints rather than at each commit: for a
        /// command, which soon exits.
        case pool
        /// One connection that leaves the file's mode and syncing as they
        /// are: for the daemon and the interactive view, which keep the
        /// store open.
        case kept
    }

    /// How this store holds its file.
    private let connections: Connections

    /// Who the changes made through this store are journalled as (`Journal`).
    public let author: JournalAuthor

    /// How long a write waits for another process to release the store, in seconds.
    static let busyTimeout: TimeInterval = 10

    /// Opens the store at `path`, creating it when missing and `access`
    /// allows; refuses a file that is not ours.
    ///
    /// A missing store is built whole beside its path and then renamed into
    /// place, with mode 0600, in folders created with mode 0700: a process
    /// never sees a store half made, so anything at the path that is not a
    /// complete store is another program's. An existing file is judged from
    /// its header bytes before SQLite opens it, and refused, untouched, when
    /// it is not SQLite, is an SQLite database of another program (an empty
    /// one included), is a 0-byte file, or was written by a newer todo-remind.
    ///
    /// - Throws: `StoreError`; `.missing` for a missing store opened
    ///   `.readOnly` or `.readWriteExisting`; `.replaced` when another file
    ///   was put at the path while it was being opened.
    /// - Parameter author: who the changes made through it are journalled as.
    public init(path: String, access: Access = .readWrite, connections: Connections = .pool, author: JournalAuthor = .command) throws {
        self.path = path
        self.connections = connections
        self.author = author
        do {
            var contents = try StoreFile.prepare(path: path, writing: access != .readOnly)
            if access == .readWrite, contents == .missing {
                try Self.create(at: path)
                contents = try StoreFile.prepare(path: path, writing: true)
            }
            guard case .database(let judged, let headerVersion) = contents else { throw StoreError.missing(path: path) }
            // The name to open by when only reading: see `StoreFile.readingName`.
            let readingName = access == .readOnly ? StoreFile.readingName(for: path) : path
            let opened = try Self.openCurrent(path: path, readingName: readingName, access: access, connections: connections, headerVersion: headerVersion)
                ?? Self.openJudged(path: path, readingName: readingName, access: access, connections: connections)
            // The file SQLite opened must be the one judged: one renamed
            // over the path meanwhile was never looked at.
            guard StoreFile.identity(of: path) == judged else {
                try? opened.close()
                throw StoreError.replaced(path: path)
            }
            database = opened
            file = judged
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// Opens a store whose header says every migration is applied
    /// (`StoreSchema.version`) without judging it first; nil when the
    /// header says otherwise, or the connection, which also reads the
    /// `-wal`, does not agree.
    private static func openCurrent(path: String, readingName: String, access: Access, connections: Connections, headerVersion: Int32) throws -> DatabaseQueue? {
        guard headerVersion == StoreSchema.version else { return nil }
        let queue = try open(path: path, readingName: readingName, access: access, connections: connections, upToDate: true)
        if (try? queue.read(StoreSchema.storedVersion)) == StoreSchema.version { return queue }
        try? queue.close()
        return nil
    }

    /// Judges the store through a read-only connection (`checkSchema`),
    /// opens it, migrating it when a migration is missing, and marks it
    /// current when the command may write or has migrated it.
    private static func openJudged(path: String, readingName: String, access: Access, connections: Connections) throws -> DatabaseQueue {
        let upToDate = try checkSchema(path: path, openingAs: readingName)
        let queue = try open(path: path, readingName: readingName, access: access, connections: connections, upToDate: upToDate)
        guard access != .readOnly || !upToDate else { return queue }
        do {
            if try queue.read(StoreSchema.storedVersion) != StoreSchema.version {
                try queue.writeWithoutTransaction(StoreSchema.markCurrent)
            }
        } catch {
            try? queue.close()
            throw error
        }
        return queue
    }

    /// Opens the connection `access` and `connections` call for; one that
    /// may write brings the schema up to date unless `upToDate`.
    private static func open(path: String, readingName: String, access: Access, connections: Connections, upToDate: Bool) throws -> DatabaseQueue {
        switch (access, upToDate) {
        case (.readOnly, true) where StoreFile.isWritable(path):
            try openReader(path: path)
        case (.readOnly, true):
            try openPool(path: readingName, readOnly: true, migrating: false)
        case (_, _) where connections == .kept:
            try openKept(path: path, migrating: !upToDate)
        default:
            try openPool(path: path, readOnly: false, migrating: !upToDate)
        }
    }

    /// A store with no tasks that lives in memory and is gone at exit: what a
    /// reading command shows when the default store has not been made yet.
    public static func empty(path: String) throws -> TaskStore {
        try TaskStore(path: path, inMemory: ())
    }

    private init(path: String, inMemory: Void) throws {
        self.path = path
        connections = .pool
        author = .command
        let queue = try DatabaseQueue()
        try StoreSchema.migrator.migrate(queue)
        database = queue
        file = nil
    }

    /// Builds a complete store beside `path` and renames it into place,
    /// unless another process has done so first.
    ///
    /// Under the folder's lock, so that of several processes making the same
    /// store at once, one builds it and the others find it there.
    private static func create(at path: String) throws {
        try StoreFile.withFolderLock(of: path) {
            switch try StoreFile.prepare(path: path, writing: true) {
            case .database: return
            case .missing: break
            }
            let built = StoreFile.buildingPath(for: path)
            StoreFile.discard(built)
            do {
                _ = try StoreFile.createFile(built)
                // One connection in rollback-journal mode, switched to WAL
                // last: when it closes, everything is in the file itself, and
                // no -wal or -shm file is left to belong to the wrong name.
                let queue = try DatabaseQueue(path: built, configuration: Configuration())
                try StoreSchema.migrator.migrate(queue)
                try queue.writeWithoutTransaction(StoreSchema.markCurrent)
                try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
                try queue.close()
                StoreFile.discardLeftovers(of: path)
                try StoreFile.install(built, at: path)
            } catch {
                StoreFile.discard(built)
                throw error
            }
        }
    }

    /// Reads the application id and migrations through a read-only
    /// connection, which writes nothing, and refuses a database that is not a
    /// store this version can use.
    ///
    /// - Returns: whether every migration has been applied already, so opening
    ///   needs no migrator: its write transaction would cost every command two
    ///   fsyncs and a WAL checkpoint.
    ///
    /// - Parameter name: what SQLite opens: `path`, or the URI `StoreFile.readingName` gave.
    private static func checkSchema(path: String, openingAs name: String) throws -> Bool {
        let reader = try ReadOnlyConnection(path: name, busyTimeout: busyTimeout)
        // One snapshot: a store another process is creating must not be seen
        // without its mark by one query and with its tables by the next.
        return try reader.snapshot { try judge(reader, path: path) }
    }

    /// `checkSchema`'s verdict on what the reader sees.
    private static func judge(_ reader: ReadOnlyConnection, path: String) throws -> Bool {
        switch try reader.integer("PRAGMA application_id") {
        case Int(StoreSchema.applicationID):
            let applied = try reader.hasTable("grdb_migrations")
                ? Set(try reader.strings("SELECT identifier FROM grdb_migrations"))
                : []
            let known = Set(StoreSchema.migrator.migrations)
            if !applied.isSubset(of: known) {
                throw StoreError.newerSchema(path: path)
            }
            return applied == known
        default:
            // Empty ones included: a store is complete before it is put in place.
            throw StoreError.foreignDatabase(path: path)
        }
    }

    /// Opens one connection for a command that only reads a store it could write.
    ///
    /// Not the pool's connection, which may switch the file to WAL mode:
    /// a read must never write (GRDB's pool, before, also committed an
    /// empty change as it opened, its issue 102 on GitHub, which cost every
    /// `list` a write transaction, four `fdatasync`s with the checkpoint at
    /// close, and a wake-up of the daemon's store watcher).
    /// The file is in WAL mode already (every store is made so), and a
    /// connection that may write reads it without writing: SQLite makes the
    /// `-wal` and `-shm` files on the first read and, closing last, removes
    /// them again, leaving nothing behind.
    private static func openReader(path: String) throws -> DatabaseQueue {
        try DatabaseQueue(path: path, configuration: Configuration(busyTimeout: busyTimeout))
    }

    /// Opens the one connection of `Connections.kept` and, when `migrating`,
    /// brings the schema up to date. The file is in WAL mode already (every
    /// store is made so), so other processes read and write beside it.
    private static func openKept(path: String, migrating: Bool) throws -> DatabaseQueue {
        let queue = try DatabaseQueue(path: path, configuration: Configuration(busyTimeout: busyTimeout))
        do {
            if migrating { try migrate(queue, path: path) }
        } catch {
            try? queue.close()
            throw error
        }
        return queue
    }

    /// Opens the connection of `Connections.pool` and, when `migrating`,
    /// brings the schema up to date.
    private static func openPool(path: String, readOnly: Bool, migrating: Bool) throws -> DatabaseQueue {
        let configuration = Configuration(readonly: readOnly, busyTimeout: busyTimeout, walMode: true)
        // A monotonic deadline for retries, not a reading of the wall clock.
        let deadline = ContinuousClock.now.advanced(by: .seconds(busyTimeout))
        while true {
            do {
                let queue = try DatabaseQueue(path: path, configuration: configuration)
                if migrating { try migrate(queue, path: path) }
                return queue
            } catch let error as DatabaseError where error.resultCode == SQLITE_BUSY && ContinuousClock.now < deadline {
                // While another process is creating the same store, switching
                // the new file to WAL mode fails with SQLITE_BUSY at once: SQLite
                // does not call the busy handler for it. Nor does it for a write
                // outside an IMMEDIATE transaction (the migrator's record
                // table) when another process commits meanwhile. Both pass
                // within moments.
                usleep(20_000)
            }
        }
    }

    private static func migrate(_ queue: DatabaseQueue, path: String) throws {
        let migrator = StoreSchema.migrator
        let deadline = ContinuousClock.now.advanced(by: .seconds(busyTimeout))
        while true {
            do {
                try migrator.migrate(queue)
                break
            } catch {
                // Two processes opening a new store at once can both find a
                // migration missing; the second one's CREATE fails once the
                // first commits. Trying again sees what the other applied and
                // runs only what is left; a complete store is all we need.
                if try queue.read(migrator.hasCompletedMigrations) { break }
                guard ContinuousClock.now < deadline else { throw error }
                usleep(20_000)
            }
        }
        if try queue.read(migrator.hasBeenSuperseded) {
            throw StoreError.newerSchema(path: path)
        }
    }

    /// Empties SQLite's page caches, for a long-running process about to sleep.
    public func releaseMemory() {
        database.releaseMemory()
    }

    /// Whether the path still names the file this store opened: false once
    /// that file was deleted, moved away or replaced by another. One `stat`.
    public var isInPlace: Bool {
        guard let file else { return true }
        return StoreFile.identity(of: path) == file
    }

    /// Closes every connection to the file; any later use of the store throws.
    ///
    /// The last process to close a store leaves nothing beside it: SQLite
    /// copies the WAL into the file and removes the `-wal` and `-shm` files.
    /// A process that exits without closing leaves them, and a stale WAL is
    /// replayed into whatever file is at the path when SQLite next opens it.
    ///
    /// When the path no longer names the store's file, SQLite leaves them
    /// too, whoever closes last (it will not copy a WAL into a file that
    /// has moved): they are this store's, and removed here once it is
    /// closed, unless another file has taken their names meanwhile.
    public func close() throws {
        let walFiles = isInPlace ? [:] : StoreFile.walFiles(of: path)
        do {
            try database.close()
        } catch {
            throw Self.storeError(error, path: path)
        }
        StoreFile.discard(walFiles)
    }

    // MARK: - Transactions

    /// Runs `value` in a read transaction: it sees one consistent state of the store.
    func read<T>(_ value: (Database) throws -> T) throws -> T {
        do {
            return try database.read(value)
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// Runs `updates` in one transaction, committed when it returns and rolled
    /// back when it throws.
    ///
    /// It begins with `BEGIN IMMEDIATE` (see `Database.TransactionKind`):
    /// taking the write lock first means waiting in the busy handler for
    /// another process's write, where a deferred transaction that read first
    /// would fail with SQLITE_BUSY that no timeout can cure.
    ///
    /// Nothing is written once the path names another file: the pages would
    /// go to the `-wal` beside it, which SQLite replays into whatever file is
    /// at the path (another program's database, moved there).
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        guard isInPlace else { throw StoreError.replaced(path: path) }
        do {
            return try database.write(updates)
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// Runs `updates` in one transaction as `write` does, with SQLite's
    /// memory sized for a change of about `rows` rows, and set back after.
    ///
    /// A statement that may fail halfway keeps the pages it changes in a
    /// statement journal, a file unless `temp_store` is MEMORY: 100,000
    /// inserts made 1.5 million `pwrite`s to it. And pages changed past
    /// the page cache (2 MB) are written to the WAL in the middle of the
    /// transaction, to be read back and written again: the cache is made
    /// large enough for the rows (about a kilobyte each, with their
    /// indexes), for this transaction only.
    ///
    /// Foreign keys are not checked in it: `updates` adds new rows, each
    /// naming a task it inserted before in the same transaction, and the
    /// check (a lookup of that task for each tag and origin) was a twelfth
    /// of a 100,000-task import. Their cascades do not run either: what
    /// `updates` deletes (the journal's oldest entries, `Journal.finish`)
    /// it deletes with the rows that name it.
    func bulkWrite<T>(rows: Int, _ updates: (Database) throws -> T) throws -> T {
        guard isInPlace else { throw StoreError.replaced(path: path) }
        do {
            return try database.writeWithoutTransaction { db in
                // All three are the connection's: read to be put back. The
                // journal's place and the foreign keys cannot change inside
                // a transaction.
                let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
                let tempStore = try Int.fetchOne(db, sql: "PRAGMA temp_store") ?? 0
                let foreignKeys = try Int.fetchOne(db, sql: "PRAGMA foreign_keys") ?? 1
                try db.execute(sql: "PRAGMA temp_store = MEMORY; PRAGMA cache_size = -\(max(rows, 2_000)); PRAGMA foreign_keys = OFF")
                defer {
                    try? db.execute(sql: "PRAGMA temp_store = \(tempStore); PRAGMA cache_size = \(cacheSize); PRAGMA foreign_keys = \(foreignKeys)")
                }
                return try db.inTransaction { try updates(db) }
            }
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// The `StoreError` for a failure of SQLite or of decoding; other errors
    /// (a `StoreError` already, or one from a caller's closure) pass through.
    static func storeError(_ error: any Error, path: String) -> any Error {
        switch error {
        case let error as DatabaseError:
            let reason = error.message ?? "SQLite error \(error.extendedResultCode)"
            switch error.resultCode {
            case SQLITE_BUSY, SQLITE_LOCKED:
                return StoreError.busy(path: path)
            case SQLITE_READONLY:
                return StoreError.readOnly(path: path)
            case SQLITE_FULL:
                return StoreError.diskFull(path: path)
            case SQLITE_NOTADB:
                return StoreError.notSQLite(path: path)
            case SQLITE_CORRUPT:
                return StoreError.damaged(path: path, reason: reason)
            default:
                return StoreError.failed(path: path, reason: reason)
            }
        case let error as TaskRow.UnreadableValue:
            return StoreError.damaged(path: path, reason: error.reason)
        case let error as RowDecodingError:
            return StoreError.damaged(path: path, reason: error.reason)
        default:
            return error
        }
    }
}
