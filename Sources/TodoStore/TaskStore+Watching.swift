/// What a process that keeps the store open and watches it (the daemon)
/// needs beside the transactions.
extension TaskStore {
    /// The lock file that keeps a second daemon off the store at
    /// `storePath`: beside it, so that each store has a daemon of its own,
    /// and `status` finds who holds it from the store's path alone.
    public static func daemonLockPath(forStore storePath: String) -> String {
        storePath + ".daemon-lock"
    }
}
