import GRDB
import Synchronization

/// GRDB connections a long-running process has finished with, kept rather
/// than freed.
///
/// Every GRDB connection runs on a Dispatch queue that carries a value of
/// GRDB's (`queue.setSpecific`), and libdispatch frees such a value on one of
/// its worker threads when the queue is freed. That first worker starts
/// libdispatch's pool, whose monitor then wakes the process once a second for
/// as long as it lives, and the daemon must make no wake-ups while nothing is
/// due (docs/ARCHITECTURE.md §5). So the daemon's store keeps each connection it is done
/// with here, closed: what it holds is a few objects, no file and no SQLite
/// memory, and there is one more only each time the store at the path is
/// made, deleted or replaced.
enum KeptConnections {
    private static let kept = Mutex<[any DatabaseWriter]>([])

    /// Keeps `writer` (closed, or about to be dropped) for the life of the process.
    static func keep(_ writer: any DatabaseWriter) {
        kept.withLock { $0.append(writer) }
    }
}
