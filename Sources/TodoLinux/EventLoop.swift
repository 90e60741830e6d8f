import CLinux
import Glibc
import Synchronization

/// Waits for any of several descriptors to be ready and calls each one's
/// handler: the daemon's whole main loop.
///
/// It blocks in `epoll_wait` with no timeout, so while nothing is ready the
/// process makes no wake-ups at all; time passes only through timers that are
/// registered like everything else.
///
/// `register`, `unregister`, `unregisterAll` and `run` belong to one thread,
/// the loop's, and handlers run on it. `stop()` may be called from any thread.
///
/// ```swift
/// let loop = try EventLoop()
/// try loop.register(timer.fd) { … timer.acknowledge() … }
/// try loop.register(signals.fd) { … loop.stop() … }
/// try loop.run()   // returns once a handler or another thread calls stop()
/// ```
public final class EventLoop: @unchecked Sendable {
    // @unchecked: `handlers` is touched only on the loop's thread (see above);
    // what other threads may use, `stop()`, goes through an atomic and an eventfd.

    private let epoll: FileDescriptor
    private let wakeup: Wakeup
    private let stopRequested = Atomic<Bool>(false)
    private var handlers: [Int32: () throws -> Void] = [:]

    /// Creates a loop that watches nothing yet (`epoll_create1`).
    public init() throws {
        epoll = FileDescriptor(rawValue: try Syscall.run("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) })
        wakeup = try Wakeup()
        try control(EPOLL_CTL_ADD, wakeup.fd)
    }

    deinit {
        epoll.close()
    }

    /// Calls `handler` on the loop's thread each time `fd` is readable
    /// (`epoll_ctl`), replacing any handler `fd` had.
    ///
    /// Readiness is level-triggered: the handler must consume what made `fd`
    /// ready (`acknowledge()`, `readChanges()`, `readSignals()`, `drain()`),
    /// or it is called again at once; it must also bear being called with
    /// nothing to consume (`.spurious`). An error it throws ends `run()`.
    ///
    /// Unregister `fd` before its owner closes it. The loop keeps `handler`
    /// until then: a handler that captures the loop, or an owner of the loop,
    /// keeps them alive together until `unregister` or `unregisterAll()`.
    public func register(_ fd: FileDescriptor, _ handler: @escaping () throws -> Void) throws {
        if handlers[fd.rawValue] == nil {
            try control(EPOLL_CTL_ADD, fd)
        }
        handlers[fd.rawValue] = handler
    }

    /// Stops watching `fd` (`epoll_ctl`); its handler is not called again,
    /// not even for readiness reported in the same wake-up.
    public func unregister(_ fd: FileDescriptor) throws {
        guard handlers.removeValue(forKey: fd.rawValue) != nil else { return }
        do {
            try control(EPOLL_CTL_DEL, fd)
        } catch {
            // EBADF, ENOENT: closed already, which removed it from the epoll set.
            guard error.errno == Errno(rawValue: EBADF) || error.errno == .noSuchFile else { throw error }
        }
    }

    /// Stops watching every descriptor and lets go of every handler, and so
    /// of whatever they captured.
    public func unregisterAll() {
        for fd in handlers.keys {
            _ = try? control(EPOLL_CTL_DEL, FileDescriptor(rawValue: fd))
        }
        handlers.removeAll()
    }

    /// Waits for ready descriptors and calls their handlers, until `stop()`.
    ///
    /// Returns after the handler during which `stop()` was called, or as soon
    /// as possible when another thread called it; if `stop()` came before
    /// `run()`, returns at once. Throws what a handler threw, or a
    /// `SystemError` of `epoll_wait`.
    ///
    /// - Parameter beforeSleeping: called before the first wait and after the
    ///   handlers of each wake-up, before waiting again: the moment to give
    ///   back memory the work used, since the wait may last hours.
    public func run(beforeSleeping: () throws -> Void = {}) throws {
        defer {
            stopRequested.store(false, ordering: .releasing)
            wakeup.drain()
        }
        let capacity: Int32 = 16
        var ready = [epoll_event](repeating: epoll_event(), count: Int(capacity))
        // What was done before run() (starting, catching up) is let go of too.
        try beforeSleeping()
        while !stopRequested.load(ordering: .acquiring) {
            let count = try ready.withUnsafeMutableBufferPointer { buffer throws(SystemError) in
                try Syscall.run("epoll_wait") { epoll_wait(epoll.rawValue, buffer.baseAddress, capacity, -1) }
            }
            for event in ready[..<Int(count)] {
                if stopRequested.load(ordering: .acquiring) { return }
                let fd = event.data.fd
                if fd == wakeup.fd.rawValue {
                    wakeup.drain()
                } else if let handler = handlers[fd] {
                    try handler()
                }
            }
            try beforeSleeping()
        }
    }

    /// Makes `run()` return: after the current handler when called from one,
    /// at once when called from another thread.
    public func stop() {
        stopRequested.store(true, ordering: .releasing)
        wakeup.signal()
    }

    private func control(_ operation: Int32, _ fd: FileDescriptor) throws(SystemError) {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = fd.rawValue
        _ = try Syscall.run("epoll_ctl", subject: fd.description) { epoll_ctl(epoll.rawValue, operation, fd.rawValue, &event) }
    }
}
