import FoundationEssentials
import TodoCalendar
import TodoStore

/// A command's look at one list folder's directory, by which it reads the
/// store alone while the folder is as the last such look left it.
///
/// vdirsyncer, todoman and todo-remind put a file into a vdir by renaming a
/// temporary file over the item's name, and remove one by unlinking it:
/// both change the directory's mtime. While the directory's etag (mtime and
/// inode) is the one remembered, no item was added, replaced or removed,
/// and a command need not stat every file. An edit of a file in place (no
/// rename) leaves the directory as it was: the daemon reads it in on
/// inotify, and `todo-remind sync` looks at every file.
///
/// The etag is taken before the files are listed, so a file put in during
/// the scan makes the next command look again. One younger than
/// `racyInterval` is never trusted: file systems stamp times from a coarse
/// clock (a jiffy, on ext4), and a rename in the same tick as the look would
/// leave the mtime the look saw.
struct FolderScan {
    let list: FolderList
    /// The directory's etag when looked at; nil when it cannot be read.
    private let etag: String?
    /// Whether the directory's mtime is old enough to vouch for its contents.
    private let isSettled: Bool

    /// - Parameter realNow: the clock's time (never a `--now`), against
    ///   which the directory's mtime is judged.
    init(of list: FolderList, at realNow: Date) {
        self.list = list
        let stamp = try? list.folder.directoryStamp()
        etag = stamp?.etag
        isSettled = stamp.map {
            Double($0.modificationNanoseconds) / 1e9 < realNow.timeIntervalSince1970 - Self.racyInterval
        } ?? false
    }

    /// How long after its last change a directory's mtime is trusted.
    static let racyInterval: TimeInterval = 1

    /// Whether the folder is as the last remembered scan found it: nothing
    /// to read in.
    func isUnchanged(in store: TaskStore) throws -> Bool {
        guard let etag, isSettled else { return false }
        return try store.readingTaskFiles { try $0.scannedEtag(of: list.path) } == etag
    }

    /// Remembers the directory as this look found it, once its files are
    /// read in (in the same transaction); forgets it when it cannot vouch.
    func remember(in files: TaskFiles) throws {
        try files.setScannedEtag(isSettled ? etag : nil, of: list.path)
    }
}
