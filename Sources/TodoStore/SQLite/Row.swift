/// One row a query selected, its values copied out of SQLite.
///
/// ```swift
/// for row in try Row.fetchAll(db, sql: "SELECT id, title FROM task") {
///     let id: Int64 = try row[0]
///     let title: String? = try row[1]
/// }
/// ```
struct Row {
    let values: [DatabaseValue]
    /// The query it came from, to name in a `RowDecodingError`.
    let sql: String

    /// The current row of `statement`.
    init(_ statement: Statement) {
        values = (0..<statement.columnCount).map(statement.value(at:))
        sql = statement.sql
    }

    /// The value of column `index` (from 0) as a `Value`; an optional type
    /// reads NULL as nil.
    ///
    /// - Throws: `RowDecodingError` when the column holds NULL for a
    ///   non-optional type, or a value of another type.
    subscript<Value: DatabaseValueConvertible>(_ index: Int) -> Value {
        get throws(RowDecodingError) {
            try Value.decode(values[index], column: index, sql: sql)
        }
    }

    /// Every row the query selects.
    static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [Row] {
        try fetchAll(db.makeStatement(sql: sql), arguments: arguments)
    }

    static func fetchAll(_ statement: Statement, arguments: StatementArguments = []) throws -> [Row] {
        try statement.bind(arguments)
        defer { statement.reset() }
        var rows: [Row] = []
        while try statement.step() { rows.append(Row(statement)) }
        return rows
    }

    /// The first row the query selects; nil when it selects none.
    static func fetchOne(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> Row? {
        try fetchOne(db.makeStatement(sql: sql), arguments: arguments)
    }

    static func fetchOne(_ statement: Statement, arguments: StatementArguments = []) throws -> Row? {
        try statement.bind(arguments)
        defer { statement.reset() }
        return try statement.step() ? Row(statement) : nil
    }

    /// The rows the query selects, read one at a time as `next()` asks.
    static func fetchCursor(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> RowCursor {
        try fetchCursor(db.makeStatement(sql: sql), arguments: arguments)
    }

    static func fetchCursor(_ statement: Statement, arguments: StatementArguments = []) throws -> RowCursor {
        try statement.bind(arguments)
        return RowCursor(statement)
    }
}
