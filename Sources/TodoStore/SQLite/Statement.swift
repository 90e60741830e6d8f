import CSQLite

/// One prepared SQL statement of a connection (`sqlite3_stmt`).
///
/// A statement is bound, stepped through its rows and reset; the
/// connection keeps the ones it will run again (`Database.cachedStatement`)
/// and drops them, which finalizes them, before it closes.
final class Statement {
    /// SQLite's statement, for the store's few direct column reads.
    let sqliteStatement: SQLiteStatement
    /// The statement's SQL, for error messages.
    let sql: String
    private let connection: SQLiteConnection

    /// Prepares one statement (`sqlite3_prepare_v2`); `tail` is where the
    /// SQL after it begins, for a text of several statements.
    ///
    /// - Returns: nil when the text holds only white space or comments.
    static func prepare(
        _ sql: UnsafePointer<CChar>, on connection: SQLiteConnection, tail: inout UnsafePointer<CChar>?
    ) throws(DatabaseError) -> Statement? {
        var handle: SQLiteStatement?
        let code = sqlite3_prepare_v2(connection, sql, -1, &handle, &tail)
        guard code == SQLITE_OK else {
            throw DatabaseError(connection: connection, code: code, sql: String(cString: sql))
        }
        guard let handle else { return nil }
        return Statement(handle, sql: String(cString: sqlite3_sql(handle)), connection: connection)
    }

    private init(_ sqliteStatement: SQLiteStatement, sql: String, connection: SQLiteConnection) {
        self.sqliteStatement = sqliteStatement
        self.sql = sql
        self.connection = connection
    }

    /// Frees SQLite's statement (`sqlite3_finalize`): a connection closes
    /// only once every statement of it is freed.
    deinit {
        sqlite3_finalize(sqliteStatement)
    }

    /// How many `?` the statement has (`sqlite3_bind_parameter_count`).
    var parameterCount: Int {
        Int(sqlite3_bind_parameter_count(sqliteStatement))
    }

    /// Resets the statement and binds its parameters, one value each in order.
    ///
    /// - Throws: `DatabaseError` when the values are not one for each parameter.
    func bind(_ arguments: StatementArguments) throws(DatabaseError) {
        reset()
        sqlite3_clear_bindings(sqliteStatement)
        guard arguments.values.count == parameterCount else {
            throw DatabaseError(
                resultCode: SQLITE_MISUSE,
                message: "wrong number of statement arguments: \(arguments.values.count) for \(parameterCount) parameters",
                sql: sql)
        }
        for (offset, value) in arguments.values.enumerated() {
            let code = value.bind(to: sqliteStatement, at: Int32(offset + 1))
            guard code == SQLITE_OK else { throw DatabaseError(connection: connection, code: code, sql: sql) }
        }
    }

    /// Steps to the next row (`sqlite3_step`): true on a row, false once
    /// the statement is done.
    func step() throws(DatabaseError) -> Bool {
        switch sqlite3_step(sqliteStatement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let error = DatabaseError(connection: connection, code: code, sql: sql)
            reset()
            throw error
        }
    }

    /// Readies the statement to run again, and releases what it holds
    /// (`sqlite3_reset`): a read it left open ends.
    func reset() {
        sqlite3_reset(sqliteStatement)
    }

    /// Binds `arguments` and runs the statement to its end.
    func execute(arguments: StatementArguments = []) throws(DatabaseError) {
        try bind(arguments)
        defer { reset() }
        while try step() {}
    }

    /// The value in column `index` of the current row.
    func value(at index: Int) -> DatabaseValue {
        DatabaseValue(sqliteStatement: sqliteStatement, index: Int32(index))
    }

    /// How many columns each row has.
    var columnCount: Int {
        Int(sqlite3_column_count(sqliteStatement))
    }
}
