import CSQLite

/// A read-only SQLite connection through the C API, for looking at a file
/// before it is opened as a store.
///
/// Not a `Database`: this one runs nothing as it opens (no pragma, no
/// check of the file), so that everything it reads is read in its one
/// snapshot, and it opens `file:` URIs (`SQLITE_OPEN_URI`).
final class ReadOnlyConnection {
    private let handle: OpaquePointer

    /// Opens `path` (a file name, or a `file:` URI) read-only; the file is
    /// never created or written.
    ///
    /// - Throws: a `DatabaseError` with SQLite's code and message, as
    ///   the store's other SQLite failures are.
    init(path: String, busyTimeout: Double) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(handle)
            throw Self.failure(code, message)
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, Int32(busyTimeout * 1000))
    }

    deinit {
        sqlite3_close(handle)
    }

    /// The first column of the first row, as an integer (0 when there is no row).
    func integer(_ sql: String) throws -> Int {
        var result = 0
        try query(sql) { statement in result = Int(sqlite3_column_int64(statement, 0)) }
        return result
    }

    /// The first column of every row, as text.
    func strings(_ sql: String) throws -> [String] {
        var result: [String] = []
        try query(sql) { statement in
            if let text = sqlite3_column_text(statement, 0) { result.append(String(cString: text)) }
        }
        return result
    }

    /// Runs `body` in one read transaction: every query in it sees the same
    /// state of the file, however many commits other processes make meanwhile.
    func snapshot<T>(_ body: () throws -> T) throws -> T {
        try query("BEGIN") { _ in }
        // SQLite takes the snapshot at the first read, not at BEGIN.
        defer { try? query("COMMIT") { _ in } }
        return try body()
    }

    func hasTable(_ name: String) throws -> Bool {
        try strings("SELECT name FROM sqlite_master WHERE type = 'table'").contains(name)
    }

    private func query(_ sql: String, row: (OpaquePointer) -> Void) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Self.failure(sqlite3_errcode(handle), String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: row(statement)
            case SQLITE_DONE: return
            case let code: throw Self.failure(code, String(cString: sqlite3_errmsg(handle)))
            }
        }
    }

    private static func failure(_ code: Int32, _ message: String) -> DatabaseError {
        DatabaseError(resultCode: code, message: message)
    }
}
