
/// What a process that keeps the store open and watches it (the daemon)
/// needs beside the transactions: the lock that keeps a second one off the
/// store, and whether the store changed under it.
extension TaskStore {
    /// The lock file that keeps a second daemon off the store at
    /// `storePath`: beside it, so that each store has a daemon of its own,
    /// and `status` finds who holds it from the store's path alone.
    public static func daemonLockPath(forStore storePath: String) -> String {
        storePath + ".daemon-lock"
    }

    /// A number that changes when another connection commits to the store,
    /// and only then: SQLite's `PRAGMA data_version`, read on the connection
    /// this store writes through. Two readings that differ mean another
    /// process (a command, another program) wrote the store between them;
    /// this store's own writes never change it.
    ///
    /// The daemon's store watcher sees every write to the `-wal`, its own
    /// included; comparing readings tells the writes of others, which it
    /// must plan for, from its own, which it has planned for already.
    public func dataVersion() throws -> Int {
        do {
            return try database.writeWithoutTransaction { db in
                try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
            }
        } catch {
            throw Self.storeError(error, path: path)
        }
    }
}
