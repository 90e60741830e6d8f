/// Rows for one table, gathered and then inserted many to a statement.
///
/// SQLite spends about as long on the statement around a row as on the
/// row. An import of 100,000 tasks inserts 32 rows a statement
/// (`INSERT … VALUES (…), (…), …`) and pays for that 3,000 times instead.
/// The statements are prepared once for each number of rows they hold.
///
/// The values are kept as `DatabaseValue`s, converted once as each row is
/// appended: an import of 100,000 tasks binds 3 million of them.
struct RowBatch {
    /// How many rows one statement holds at most; 32 rows of `task`'s 31
    /// columns stay well under SQLite's limit of 32,766 arguments.
    static let rowsPerStatement = 32

    private let db: Database
    private let head: String
    private let columnCount: Int
    /// The rows' values, one after the other.
    private var values: [DatabaseValue] = []
    private var statements: [Int: Statement] = [:]

    /// A batch for `INSERT OR … INTO table (columns) VALUES …`.
    ///
    /// - Parameter verb: `INSERT OR FAIL` unless the rows need another
    ///   resolution (`INSERT OR REPLACE`). A statement that may fail after
    ///   some of its rows (plain `INSERT`, which aborts) copies every page
    ///   it changes into a statement journal first, to take them back; one
    ///   that fails keeps them, and the batch's caller rolls back the
    ///   whole transaction anyway. The copies were a twelfth of an import.
    init(_ db: Database, verb: String = "INSERT OR FAIL", table: String, columns: [String]) {
        self.db = db
        head = "\(verb) INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        columnCount = columns.count
        values.reserveCapacity(Self.rowsPerStatement * columnCount)
    }

    /// Adds one row: `row` appends one value a column, in their order.
    mutating func append(_ row: (inout [DatabaseValue]) -> Void) {
        let before = values.count
        row(&values)
        assert(values.count == before + columnCount, "a row of \(head) needs \(columnCount) values")
    }

    /// Inserts the rows gathered and empties the batch.
    mutating func flush() throws {
        var start = 0
        while start < values.count {
            let end = min(values.count, start + Self.rowsPerStatement * columnCount)
            try statement(rows: (end - start) / columnCount).execute(arguments: StatementArguments(values[start..<end]))
            start = end
        }
        values.removeAll(keepingCapacity: true)
    }

    private mutating func statement(rows: Int) throws -> Statement {
        if let statement = statements[rows] { return statement }
        let row = "(" + Array(repeating: "?", count: columnCount).joined(separator: ", ") + ")"
        let statement = try db.makeStatement(sql: head + Array(repeating: row, count: rows).joined(separator: ", "))
        statements[rows] = statement
        return statement
    }
}
