import FoundationEssentials

/// A Swift value the store binds to a statement and reads back from a row.
///
/// Conversions between SQLite's integers and reals, and from text to blob,
/// are SQLite's own; any other mismatch (a text read as a number) reads as
/// no value, and a row's subscript then throws `RowDecodingError`.
protocol DatabaseValueConvertible {
    var databaseValue: DatabaseValue { get }
    /// The value SQLite's `value` holds, or nil when it holds none of this type.
    static func fromDatabaseValue(_ value: DatabaseValue) -> Self?
}

extension DatabaseValue: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { self }
    static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseValue? { value }
}

extension Int64: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .integer(self) }

    static func fromDatabaseValue(_ value: DatabaseValue) -> Int64? {
        switch value {
        case .integer(let value): value
        // As SQLite reads a real as an integer: truncated, when it fits.
        case .real(let value) where value >= -9.223372036854775808e18 && value < 9.223372036854775808e18: Int64(value)
        default: nil
        }
    }
}

extension Int: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .integer(Int64(self)) }
    static func fromDatabaseValue(_ value: DatabaseValue) -> Int? { Int64.fromDatabaseValue(value).map { Int($0) } }
}

extension Int32: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .integer(Int64(self)) }
    static func fromDatabaseValue(_ value: DatabaseValue) -> Int32? { Int64.fromDatabaseValue(value).flatMap { Int32(exactly: $0) } }
}

extension Double: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .real(self) }

    static func fromDatabaseValue(_ value: DatabaseValue) -> Double? {
        switch value {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }
}

/// Stored as the integer 0 or 1, as GRDB stored it.
extension Bool: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }

    static func fromDatabaseValue(_ value: DatabaseValue) -> Bool? {
        switch value {
        case .integer(let value): value != 0
        case .real(let value): value != 0
        default: nil
        }
    }
}

extension String: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .text(self) }

    static func fromDatabaseValue(_ value: DatabaseValue) -> String? {
        if case .text(let value) = value { value } else { nil }
    }
}

extension Data: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .blob(self) }

    static func fromDatabaseValue(_ value: DatabaseValue) -> Data? {
        switch value {
        case .blob(let value): value
        // As SQLite reads a text as a blob: its UTF-8.
        case .text(let value): Data(value.utf8)
        default: nil
        }
    }
}

/// NULL for nil; reading NULL gives nil rather than failing.
extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { self?.databaseValue ?? .null }

    static func fromDatabaseValue(_ value: DatabaseValue) -> Wrapped?? {
        if value.isNull { return .some(nil) }
        return Wrapped.fromDatabaseValue(value).map { .some($0) }
    }
}

extension DatabaseValueConvertible {
    /// The first column of the first row the query selects; nil when it
    /// selects no row or that value is NULL.
    static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> Self? {
        try fetchOne(db.makeStatement(sql: sql), arguments: arguments)
    }

    static func fetchOne(_ statement: Statement, arguments: StatementArguments = []) throws -> Self? {
        try statement.bind(arguments)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return try Self?.decode(statement.value(at: 0), column: 0, sql: statement.sql)
    }

    /// The first column of every row the query selects.
    static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Self] {
        try fetchAll(db.makeStatement(sql: sql), arguments: arguments)
    }

    static func fetchAll(_ statement: Statement, arguments: StatementArguments = []) throws -> [Self] {
        try statement.bind(arguments)
        defer { statement.reset() }
        var values: [Self] = []
        while try statement.step() {
            values.append(try decode(statement.value(at: 0), column: 0, sql: statement.sql))
        }
        return values
    }

    /// The value `value` holds, or a `RowDecodingError` that says what it held instead.
    static func decode(_ value: DatabaseValue, column: Int, sql: String) throws(RowDecodingError) -> Self {
        guard let decoded = fromDatabaseValue(value) else {
            throw RowDecodingError(value: value, type: String(describing: Self.self), column: column, sql: sql)
        }
        return decoded
    }
}
