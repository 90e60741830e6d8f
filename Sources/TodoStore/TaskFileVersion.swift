/// One version of a task's file this store has seen: read in from the
/// folder (written by someone else) or written here. A task keeps the last
/// few, oldest first (as many, and as many bytes, as FolderSync allows:
/// `MergeBase.versionsKept`), so that a copy coming back from the server is
/// merged against the version it grew from, however many versions this
/// store has seen since.
public struct TaskFileVersion: Hashable, Sendable {
    /// Its row; 0 until recorded.
    public var id: Int64
    /// What a merge needs of the version, as FolderSync encodes it
    /// (`MergeBase.Version.encoded`), or the file's bytes when `isFile`.
    public var content: [UInt8]
    /// Whether `content` is the file itself: a version carried over from a
    /// store that kept files, read once and then kept as the others are
    /// (`TaskFiles.replaceContent`).
    public var isFile: Bool
    /// Whether todo-remind wrote this version (a change made here), rather
    /// than read it in.
    public var writtenHere: Bool

    public init(id: Int64 = 0, content: [UInt8], isFile: Bool = false, writtenHere: Bool) {
        self.id = id
        self.content = content
        self.isFile = isFile
        self.writtenHere = writtenHere
    }
}
