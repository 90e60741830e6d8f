/// The rows of a query, stepped through one at a time (`Row.fetchCursor`):
/// a large result is never held whole.
final class RowCursor {
    private let statement: Statement
    private var isDone = false

    /// A cursor over `statement`, bound already.
    init(_ statement: Statement) {
        self.statement = statement
    }

    /// A cursor left before its end resets its statement, so that the read
    /// it holds open ends with it.
    deinit {
        if !isDone { statement.reset() }
    }

    /// The next row; nil once the rows end, when the statement is reset.
    func next() throws -> Row? {
        guard !isDone else { return nil }
        if try statement.step() { return Row(statement) }
        isDone = true
        statement.reset()
        return nil
    }
}
