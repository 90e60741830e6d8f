/// A row's value that is not of the type the store reads it as: NULL in a
/// column it requires, or a text where it reads a number. Only a damaged
/// or hand-edited store holds one; `TaskStore.storeError` reports it as damage.
struct RowDecodingError: Error {
    let value: DatabaseValue
    /// The Swift type it was read as.
    let type: String
    let column: Int
    let sql: String

    /// What was found, as the clause of a sentence.
    var reason: String {
        let found = switch value {
        case .null: "NULL"
        case .integer(let value): "the integer \(value)"
        case .real(let value): "the real \(value)"
        case .text(let value): "the text “\(value.count > 40 ? value.prefix(40) + "…" : value)”"
        case .blob(let value): "a blob of \(value.count) bytes"
        }
        return "column \(column + 1) of a row of “\(sql.count > 60 ? sql.prefix(60) + "…" : sql)” holds \(found), not a value of type \(type)"
    }
}
