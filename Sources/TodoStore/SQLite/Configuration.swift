/// How a connection opens its file (`Database.init`).
///
/// Whatever the configuration, every connection checks foreign keys
/// (`PRAGMA foreign_keys = ON`) and refuses double-quoted strings, as GRDB's
/// did: the store's schema and queries were written under both.
struct Configuration {
    /// Opens the file read-only (`SQLITE_OPEN_READONLY`); otherwise it may
    /// be written, and is created when missing.
    var readonly = false

    /// How long a statement waits, in seconds, for another connection to
    /// release a lock (`sqlite3_busy_timeout`); nil fails at once with
    /// `SQLITE_BUSY`.
    var busyTimeout: Double?

    /// Switches the file to WAL mode as it opens (`PRAGMA journal_mode = WAL`,
    /// with `synchronous = NORMAL`), as GRDB's `DatabasePool` did, so that
    /// readers in other processes never wait for this one's writes.
    /// Ignored when `readonly`.
    var walMode = false
}
