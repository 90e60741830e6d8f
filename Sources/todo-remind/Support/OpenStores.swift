import Synchronization
import TodoStore

/// Stores kept open until the process exits.
///
/// Closing a GRDB pool disposes of its Dispatch queues, and disposing of a
/// queue starts Dispatch worker threads: two threads and a dozen context
/// switches for a `list` that is about to exit anyway. A command that only
/// reads leaves its store here; the kernel closes the file at exit, and the
/// store is as it was (SQLite keeps what it needs in the -wal and -shm files
/// beside it, which the next process opens as usual).
enum OpenStores {
    private static let kept = Mutex<[TaskStore]>([])

    static func keep(_ store: TaskStore) {
        kept.withLock { $0.append(store) }
    }
}
