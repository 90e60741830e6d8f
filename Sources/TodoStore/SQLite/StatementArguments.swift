/// The values bound to a statement's `?` parameters, in order.
///
/// ```swift
/// try db.execute(sql: "UPDATE task SET title = ? WHERE id = ?", arguments: [title, id])
/// ```
struct StatementArguments: ExpressibleByArrayLiteral {
    private(set) var values: [DatabaseValue]

    init() {
        values = []
    }

    init(_ values: some Sequence<some DatabaseValueConvertible>) {
        self.values = values.map(\.databaseValue)
    }

    /// Values of mixed types, as an array literal gives them; nil is NULL.
    init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        values = elements.map { $0?.databaseValue ?? .null }
    }

    static func + (arguments: StatementArguments, more: StatementArguments) -> StatementArguments {
        var joined = arguments
        joined += more
        return joined
    }

    static func += (arguments: inout StatementArguments, more: StatementArguments) {
        arguments.values += more.values
    }
}
