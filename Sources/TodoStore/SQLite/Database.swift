import CSQLite

/// One SQLite connection: what the store's transactions run their SQL on.
///
/// It is used by one thread at a time, inside `DatabaseQueue`'s closures.
/// It is set up as GRDB set up its connections, so that every store file
/// behaves as it did under GRDB: foreign keys on, double-quoted strings
/// refused, extended result codes, transactions that write begun
/// IMMEDIATE, and savepoints inside them.
final class Database {
    /// SQLite's connection, for the store's few direct C calls.
    let sqliteConnection: SQLiteConnection
    /// What was opened: a path, a `file:` URI or `:memory:`.
    let path: String
    private let isReadOnly: Bool
    private var isClosed = false
    /// The statements run again and again, by their SQL (`cachedStatement`).
    private var statementCache: [String: Statement] = [:]

    /// Opens the connection (`sqlite3_open_v2`) and sets it up.
    ///
    /// - Throws: `DatabaseError`; one with no message when SQLite could not
    ///   open the file at all (GRDB gave none either), and `SQLITE_NOTADB`
    ///   for a file that is not a database.
    init(path: String, configuration: Configuration) throws {
        var flags = configuration.readonly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        // One thread at a time uses a connection; extended result codes
        // from the open itself.
        flags |= SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var handle: SQLiteConnection?
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close(handle)
            throw DatabaseError(resultCode: code)
        }
        sqliteConnection = handle
        self.path = path
        isReadOnly = configuration.readonly
        do {
            try setUp(configuration)
        } catch {
            closeWhenDone()
            throw error
        }
    }

    deinit {
        if !isClosed { closeWhenDone() }
    }

    private func setUp(_ configuration: Configuration) throws {
        if let timeout = configuration.busyTimeout {
            sqlite3_busy_timeout(sqliteConnection, Int32(timeout * 1000))
        }
        todo_sqlite3_refuse_double_quoted_strings(sqliteConnection)
        try execute(sql: "PRAGMA foreign_keys = ON")
        // A file that is not a database fails here, at the first read,
        // rather than at the first query.
        _ = try makeStatement(sql: "SELECT * FROM sqlite_master LIMIT 1").step()
        if configuration.walMode, !configuration.readonly {
            guard try String.fetchOne(self, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                throw DatabaseError(resultCode: SQLITE_ERROR, message: "could not activate WAL Mode at path: \(path)")
            }
            // Durable at each checkpoint rather than at each commit, as
            // SQLite advises for WAL mode (and GRDB set).
            try execute(sql: "PRAGMA synchronous = NORMAL")
        }
    }

    // MARK: - Statements

    /// Runs the SQL, which may hold several statements separated by
    /// semicolons; `arguments` are bound to their parameters in order.
    func execute(sql: String, arguments: StatementArguments = []) throws {
        let values = arguments.values
        var used = 0
        try sql.withCString { (text) throws in
            var next: UnsafePointer<CChar>? = text
            while let start = next, start.pointee != 0 {
                var tail: UnsafePointer<CChar>?
                guard let statement = try Statement.prepare(start, on: sqliteConnection, tail: &tail) else { break }
                next = tail
                let count = min(statement.parameterCount, values.count - used)
                try statement.execute(arguments: StatementArguments(values[used..<(used + count)]))
                used += count
            }
        }
        guard used == values.count else {
            throw DatabaseError(resultCode: SQLITE_MISUSE, message: "wrong number of statement arguments: \(values.count)", sql: sql)
        }
    }

    /// Prepares one statement, to run once or a few times.
    func makeStatement(sql: String) throws -> Statement {
        let statement = try sql.withCString { (text) throws -> Statement? in
            var tail: UnsafePointer<CChar>?
            return try Statement.prepare(text, on: sqliteConnection, tail: &tail)
        }
        guard let statement else {
            throw DatabaseError(resultCode: SQLITE_MISUSE, message: "no statement to prepare", sql: sql)
        }
        return statement
    }

    /// The statement for `sql`, prepared once for the life of the
    /// connection: for SQL the store runs often, never SQL made for one use.
    func cachedStatement(sql: String) throws -> Statement {
        if let statement = statementCache[sql] { return statement }
        let statement = try makeStatement(sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// The rowid of the last row inserted (`sqlite3_last_insert_rowid`).
    var lastInsertedRowID: Int64 {
        sqlite3_last_insert_rowid(sqliteConnection)
    }

    /// How many rows the last statement changed (`sqlite3_changes`).
    var changesCount: Int {
        Int(sqlite3_changes(sqliteConnection))
    }

    // MARK: - Transactions

    /// How a transaction takes its locks.
    enum TransactionKind: String {
        /// At its first read, and at its first write: for a read.
        case deferred = "DEFERRED"
        /// The write lock at once: a write waits in the busy handler for
        /// another process's write, where a deferred one that read first
        /// would fail with SQLITE_BUSY that no timeout can cure.
        case immediate = "IMMEDIATE"
    }

    /// Whether a transaction is open (`sqlite3_get_autocommit`).
    var isInsideTransaction: Bool {
        sqlite3_get_autocommit(sqliteConnection) == 0
    }

    /// Runs `body` in a transaction, committed when it returns and rolled
    /// back when it, or the commit, throws; the first error is rethrown.
    ///
    /// - Parameter kind: IMMEDIATE unless the connection is read-only, as GRDB began them.
    func inTransaction<T>(_ kind: TransactionKind? = nil, _ body: () throws -> T) throws -> T {
        try execute(sql: "BEGIN \((kind ?? (isReadOnly ? .deferred : .immediate)).rawValue) TRANSACTION")
        do {
            let result = try body()
            try execute(sql: "COMMIT TRANSACTION")
            return result
        } catch {
            // SQLite may have rolled back already (a full disk, a busy
            // commit): then there is nothing left to roll back.
            if isInsideTransaction { try? execute(sql: "ROLLBACK TRANSACTION") }
            throw error
        }
    }

    /// Runs `body` as a part of the open transaction that may fail on its
    /// own: when it throws, what it changed is undone and the error
    /// rethrown; outside a transaction, it is one (`inTransaction`).
    func inSavepoint<T>(_ body: () throws -> T) throws -> T {
        guard isInsideTransaction else { return try inTransaction(nil, body) }
        try execute(sql: "SAVEPOINT undoable")
        do {
            let result = try body()
            try execute(sql: "RELEASE SAVEPOINT undoable")
            return result
        } catch {
            // Rolling back to a savepoint keeps it; releasing it ends it.
            try? execute(sql: "ROLLBACK TRANSACTION TO SAVEPOINT undoable")
            try? execute(sql: "RELEASE SAVEPOINT undoable")
            throw error
        }
    }

    // MARK: - Memory and closing

    /// Frees SQLite's page cache (`sqlite3_db_release_memory`) and the
    /// prepared statements, for a long-running process about to sleep.
    func releaseMemory() {
        statementCache.removeAll()
        sqlite3_db_release_memory(sqliteConnection)
    }

    /// Closes the connection (`sqlite3_close`); it fails, leaving the
    /// connection open, while a statement of it is still in use.
    func close() throws {
        statementCache.removeAll()
        let code = sqlite3_close(sqliteConnection)
        guard code == SQLITE_OK else { throw DatabaseError(connection: sqliteConnection, code: code) }
        isClosed = true
    }

    /// Closes the connection once its last statement is freed (`sqlite3_close_v2`).
    private func closeWhenDone() {
        statementCache.removeAll()
        sqlite3_close_v2(sqliteConnection)
        isClosed = true
    }
}
