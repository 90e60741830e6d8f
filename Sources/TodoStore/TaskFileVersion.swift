/// One version of a task's file this store has seen: read in from the
/// folder (written by someone else) or written here. A task keeps the last
/// few (`TaskFiles.versionsKept`), oldest first, so that a copy coming back
/// from the server is merged against the version it grew from, however many
/// versions this store has seen since (FolderSync).
public struct TaskFileVersion: Hashable, Sendable {
    /// The file's bytes as read or written.
    public var bytes: [UInt8]
    /// Whether todo-remind wrote this version (a change made here), rather
    /// than read it in.
    public var writtenHere: Bool

    public init(bytes: [UInt8], writtenHere: Bool) {
        self.bytes = bytes
        self.writtenHere = writtenHere
    }
}
