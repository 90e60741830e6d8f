import FoundationEssentials

/// Undo: the journal of changes made through the store (`Journal`), read
/// and undone.
extension TaskStore {
    /// The newest entries of the journal first, at most `limit`: made by
    /// `author` when given, and only those not undone when `standingOnly`.
    public func journal(by author: JournalAuthor? = nil, standingOnly: Bool = false, limit: Int = 20) throws -> [JournalEntry] {
        try read { db in try Journal.entries(db, by: author, standingOnly: standingOnly, limit: limit) }
    }

    /// Undoes the newest change `author` made that is not undone yet, in one
    /// transaction: its tasks are put back as they were before it (a task
    /// it added is deleted, one it deleted comes back under its id), and it
    /// is marked undone. A task in a list's folder is marked for writing,
    /// as after any change.
    ///
    /// - Returns: the change undone; nil when `author` has none left.
    /// - Throws: `UndoRefusal.changedSince` when one of its tasks changed
    ///   again since (nothing is undone then), or a `StoreError`.
    /// With no `author`, the newest change of anyone's (`todo-remind undo`).
    public func undoLast(by author: JournalAuthor?, now: Date) throws -> JournalEntry? {
        try write { db in
            guard let entry = try Journal.entries(db, by: author, standingOnly: true, limit: 1).first else { return nil }
            try Journal.undo(db, entry: entry, at: now)
            return entry
        }
    }

    /// Undoes the change with this id, as `undoLast` does; nil when there
    /// is no such change or it is undone already.
    public func undo(entryID: Int64, now: Date) throws -> JournalEntry? {
        try write { db in
            guard let entry = try Journal.entry(db, id: entryID), entry.undoneAt == nil else { return nil }
            try Journal.undo(db, entry: entry, at: now)
            return entry
        }
    }
}
