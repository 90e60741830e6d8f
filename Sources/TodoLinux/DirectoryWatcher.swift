import CLinux
import Glibc
import Synchronization

/// Watches folders for changes to their entries: the store's folder for the
/// CLI's writes, `/etc` for a new `/etc/localtime`.
///
/// An inotify instance (`inotify_init1(IN_CLOEXEC | IN_NONBLOCK)`). Watch a
/// folder rather than a file: SQLite and the tools that replace
/// `/etc/localtime` create, rename and delete files, and a watch on a file
/// follows the old inode away.
///
/// ```swift
/// let watcher = try DirectoryWatcher()
/// try watcher.watch(storeFolder, mask: [.modified, .closeWrite, .created, .movedTo, .deleted])
/// try loop.register(watcher.fd) {
///     let events = watcher.readChanges()
///     if events.contains(where: { $0.name.hasPrefix("tasks.sqlite") || $0.kinds.contains(.overflow) }) {
///         try debounce.arm(after: .milliseconds(100))
///     }
/// }
/// ```
public final class DirectoryWatcher: Sendable {
    /// The descriptor to register with the event loop: readable when events are queued.
    public let fd: FileDescriptor

    /// The folder of each watch descriptor.
    private let folders = Mutex<[Int32: String]>([:])

    /// Creates a watcher that watches nothing yet (`inotify_init1`).
    public init() throws {
        let flags = Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK)
        fd = FileDescriptor(rawValue: try Syscall.run("inotify_init1") { inotify_init1(flags) })
    }

    deinit {
        fd.close()
    }

    /// Starts watching `folder` for the changes in `mask`, or changes what is
    /// watched when it is watched already (`inotify_add_watch`).
    ///
    /// Throws when `folder` does not exist or is not a folder: the error
    /// names it (`inotify_add_watch failed for “/x”: Not a directory (ENOTDIR)`).
    public func watch(_ folder: String, mask: WatchMask) throws {
        let flags = mask.intersection(.watchable).rawValue | UInt32(IN_ONLYDIR)
        let watch = try Syscall.run("inotify_add_watch", subject: folder) {
            inotify_add_watch(fd.rawValue, folder, flags)
        }
        folders.withLock { $0[watch] = folder }
    }

    /// Stops watching `folder` (`inotify_rm_watch`); an `.unwatched` event
    /// follows. Does nothing when `folder` is not watched.
    public func unwatch(_ folder: String) throws {
        for watch in watches(of: folder) {
            do {
                _ = try Syscall.run("inotify_rm_watch", subject: folder) { inotify_rm_watch(fd.rawValue, watch) }
            } catch {
                // EINVAL: the kernel dropped the watch already (the folder
                // was deleted) and its `.unwatched` event is queued.
                guard error.errno == Errno(rawValue: EINVAL) else { throw error }
            }
        }
    }

    /// The watch descriptors of `folder`.
    private func watches(of folder: String) -> [Int32] {
        let folders = folders.withLock { $0 }
        return folders.filter { entry in entry.value == folder }.map(\.key)
    }

    /// Reads every event queued so far, in order; empty when there is none.
    ///
    /// One `read` returns several variable-length records; this reads until
    /// the queue is empty, so a ready descriptor is always fully consumed.
    public func readChanges() -> [FileChange] {
        // Room for dozens of records, and at least one with the longest name.
        let capacity = max(16 * 1024, FileChange.headerSize + Int(NAME_MAX) + 1)
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: capacity,
            alignment: MemoryLayout<inotify_event>.alignment
        )
        defer { buffer.deallocate() }

        var events: [FileChange] = []
        fd.readUntilEmpty(into: buffer, call: "read(inotify)") { bytes in
            events += folders.withLock { folders in
                FileChange.decode(bytes, folders: &folders)
            }
        }
        return events
    }
}
