import CSQLite
import FoundationEssentials

/// A failure SQLite reported: its result code and message, and the SQL it
/// was running.
///
/// `TaskStore.storeError` turns every one into a `StoreError`, whose
/// sentence quotes `message`, or names the code when SQLite gave none.
struct DatabaseError: Error, CustomStringConvertible {
    /// SQLite's extended result code (`SQLITE_BUSY_SNAPSHOT`, …).
    let extendedResultCode: Int32
    /// SQLite's message (`sqlite3_errmsg`); nil when a connection could not
    /// be opened, which has none to ask.
    let message: String?
    /// The statement that failed, if one did.
    let sql: String?

    /// The primary result code (`SQLITE_BUSY`, …): the low byte of the extended one.
    var resultCode: Int32 { extendedResultCode & 0xFF }

    init(resultCode: Int32, message: String? = nil, sql: String? = nil) {
        extendedResultCode = resultCode
        self.message = message
        self.sql = sql
    }

    /// The failure `code` of a call on `connection`, with the connection's message.
    init(connection: SQLiteConnection, code: Int32, sql: String? = nil) {
        self.init(resultCode: code, message: String(cString: sqlite3_errmsg(connection)), sql: sql)
    }

    /// The error of a connection used after it was closed.
    static let connectionIsClosed = DatabaseError(resultCode: SQLITE_MISUSE, message: "Connection is closed")

    /// As GRDB described it: "SQLite error 5: database is locked - while executing `COMMIT`".
    var description: String {
        var description = "SQLite error \(resultCode)"
        if let message { description += ": \(message)" }
        if let sql { description += " - while executing `\(sql)`" }
        return description
    }
}

extension DatabaseError: LocalizedError {
    var errorDescription: String? { description }
}
