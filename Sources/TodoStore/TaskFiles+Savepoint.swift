
extension TaskFiles {
    /// Runs `body` as a part of the transaction that may fail on its own (a
    /// savepoint): when it throws, what it changed is undone and the error
    /// rethrown, and the rest of the transaction goes on; when it returns,
    /// its changes stay with the transaction.
    ///
    /// A sync writes many tasks' files in one transaction: one file that
    /// cannot be written must not undo the others.
    public func undoingOnFailure(_ body: () throws -> Void) throws {
        try db.inSavepoint(body)
    }
}
