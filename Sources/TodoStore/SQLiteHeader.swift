/// The first bytes of an SQLite database file, read without SQLite.
///
/// Reading them ourselves lets the store judge a file without opening it
/// through SQLite, which would already write to it (the connection of `TaskStore.Connections.pool`
/// switches the file to WAL mode as it opens). The layout is the one in
/// <https://www.sqlite.org/fileformat2.html#the_database_header>.
struct SQLiteHeader {
    /// How many bytes the judgement needs: the 100-byte database header and
    /// the 8-byte b-tree header of page 1, which holds `sqlite_schema`.
    static let length = 108

    /// "SQLite format 3" and a NUL, the first 16 bytes of every database.
    private static let magic = Array("SQLite format 3\0".utf8)

    /// `PRAGMA application_id`: which program made the file; 0 when unset.
    let applicationID: Int32
    /// `PRAGMA user_version`: for a store, `StoreSchema.version` once every
    /// migration this todo-remind knows has been applied.
    let userVersion: Int32
    /// Whether the file is in WAL mode, so newer pages may sit in its `-wal` file.
    let isWAL: Bool
    /// Whether the file's own page 1 lists no table, index or view: its
    /// schema, if any, is only in a `-wal` file, so replaying one would
    /// overwrite nothing the file holds.
    let hasEmptySchema: Bool

    /// Reads the header, or returns nil when the bytes are not an SQLite database.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= Self.length, bytes.starts(with: Self.magic) else { return nil }
        applicationID = Int32(bitPattern: Self.bigEndian(bytes[68..<72]))
        userVersion = Int32(bitPattern: Self.bigEndian(bytes[60..<64]))
        isWAL = bytes[18] == 2 || bytes[19] == 2
        // Page 1's b-tree header follows the database header: a leaf table
        // page (0x0D) whose cell count (bytes 3 and 4) is 0 holds no entry.
        hasEmptySchema = bytes[100] == 0x0D && bytes[103] == 0 && bytes[104] == 0
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
