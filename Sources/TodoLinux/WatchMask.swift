import CLinux

/// Kinds of change in a watched folder: what to watch for, and what a
/// `FileChange` reports.
public struct WatchMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// A file was written to (`IN_MODIFY`): SQLite appending to `tasks.sqlite-wal`.
    public static let modified = WatchMask(rawValue: UInt32(IN_MODIFY))
    /// A file opened for writing was closed (`IN_CLOSE_WRITE`).
    public static let closeWrite = WatchMask(rawValue: UInt32(IN_CLOSE_WRITE))
    /// A file, folder or symbolic link was created (`IN_CREATE`).
    public static let created = WatchMask(rawValue: UInt32(IN_CREATE))
    /// A file, folder or symbolic link was deleted (`IN_DELETE`).
    public static let deleted = WatchMask(rawValue: UInt32(IN_DELETE))
    /// An entry was renamed into the folder, replacing any entry of that
    /// name (`IN_MOVED_TO`): how `/etc/localtime` is usually replaced.
    public static let movedTo = WatchMask(rawValue: UInt32(IN_MOVED_TO))
    /// An entry was renamed away from the folder or to another name (`IN_MOVED_FROM`).
    public static let movedFrom = WatchMask(rawValue: UInt32(IN_MOVED_FROM))
    /// The watched folder itself was deleted (`IN_DELETE_SELF`).
    public static let folderDeleted = WatchMask(rawValue: UInt32(IN_DELETE_SELF))
    /// The watched folder itself was renamed (`IN_MOVE_SELF`).
    public static let folderMoved = WatchMask(rawValue: UInt32(IN_MOVE_SELF))

    /// Reported, never asked for: the watch is gone (`IN_IGNORED`), because
    /// the folder was deleted, its file system unmounted, or it was unwatched.
    /// Watch the folder again once it exists.
    public static let unwatched = WatchMask(rawValue: UInt32(IN_IGNORED))
    /// Reported, never asked for: the kernel's queue overflowed and events
    /// were lost (`IN_Q_OVERFLOW`); the event names no folder. Assume that
    /// everything changed.
    public static let overflow = WatchMask(rawValue: UInt32(IN_Q_OVERFLOW))

    /// Every change to the entries of a folder.
    public static let entryChanges: WatchMask = [.modified, .closeWrite, .created, .deleted, .movedTo, .movedFrom]

    /// What can be asked for, as opposed to what is only reported.
    public static let watchable: WatchMask = entryChanges.union([.folderDeleted, .folderMoved])

    /// What a `FileChange` can carry.
    public static let reportable: WatchMask = watchable.union([.unwatched, .overflow])
}
