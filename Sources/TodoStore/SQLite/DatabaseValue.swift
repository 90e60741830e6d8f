import CSQLite
import FoundationEssentials

/// One value as SQLite keeps it: NULL, an integer, a real, a text or a blob.
///
/// Bound and read as GRDB did, so that stores written by earlier versions
/// read the same: a text is bound up to its first NUL, a Bool is the integer
/// 0 or 1, and a text read back stops at its first NUL.
enum DatabaseValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    /// The value in column `index` of the statement's current row.
    init(sqliteStatement: SQLiteStatement, index: Int32) {
        switch sqlite3_column_type(sqliteStatement, index) {
        case SQLITE_INTEGER:
            self = .integer(sqlite3_column_int64(sqliteStatement, index))
        case SQLITE_FLOAT:
            self = .real(sqlite3_column_double(sqliteStatement, index))
        case SQLITE_TEXT:
            self = .text(sqlite3_column_text(sqliteStatement, index).map { String(cString: $0) } ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(sqliteStatement, index))
            self = .blob(sqlite3_column_blob(sqliteStatement, index).map { Data(bytes: $0, count: count) } ?? Data())
        default:
            self = .null
        }
    }

    /// Binds the value to parameter `index` (from 1) of the statement, with
    /// SQLite's `sqlite3_bind_*` functions; returns SQLite's result code.
    func bind(to sqliteStatement: SQLiteStatement, at index: Int32) -> Int32 {
        switch self {
        case .null:
            sqlite3_bind_null(sqliteStatement, index)
        case .integer(let value):
            sqlite3_bind_int64(sqliteStatement, index, value)
        case .real(let value):
            sqlite3_bind_double(sqliteStatement, index, value)
        case .text(let value):
            // -1: up to the first NUL, as GRDB bound it.
            sqlite3_bind_text(sqliteStatement, index, value, -1, todo_sqlite3_transient())
        case .blob(let value):
            // Through `Data.withUnsafeBytes`, as GRDB bound it.
            value.withUnsafeBytes { bytes in
                sqlite3_bind_blob(sqliteStatement, index, bytes.baseAddress, Int32(bytes.count), todo_sqlite3_transient())
            }
        }
    }

    var isNull: Bool { self == .null }
}

/// SQLite's prepared statement, as its C functions take it.
typealias SQLiteStatement = OpaquePointer

/// SQLite's connection, as its C functions take it.
typealias SQLiteConnection = OpaquePointer
