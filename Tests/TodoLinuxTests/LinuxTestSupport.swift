import Foundation
import Glibc
import TestSupport
import Testing
@testable import TodoLinux

extension TemporaryFolder {
    /// Creates or truncates the file `name` and writes `text` into it with
    /// plain open, write and close, so the events are exactly those three.
    func write(_ name: String, _ text: String = "x") throws {
        let fd = open(file(name), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(fd >= 0, "open \(name): \(Errno.current)")
        defer { close(fd) }
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count)
    }
}

extension EventLoop {
    /// Runs the loop until a handler stops it, or `limit` passes (a
    /// `MonotonicTimer` then stops it); true when a handler stopped it.
    /// Then lets go of the handlers, which hold the loop and what they use.
    ///
    /// The limit only keeps a broken test from hanging the test run.
    func runStopped(within limit: Duration = .seconds(2)) throws -> Bool {
        let watchdog = try MonotonicTimer()
        let timedOut = Shared(false)
        try register(watchdog.fd) { [unowned self] in
            _ = watchdog.acknowledge()
            timedOut.set(true)
            stop()
        }
        try watchdog.arm(after: limit)
        defer { unregisterAll() }
        try run()
        return !timedOut.get()
    }
}

extension DirectoryWatcher {
    /// Reads events until `count` came, waiting up to 2 s for late ones.
    ///
    /// A close is reported only once every copy of the descriptor is closed,
    /// and a process another test is spawning holds copies for a moment.
    func readChanges(count: Int) -> [FileChange] {
        var events = readChanges()
        let deadline = monotonicNow() + 2_000_000_000
        while events.count < count && monotonicNow() < deadline {
            var entry = pollfd(fd: fd.rawValue, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, 50)
            events += readChanges()
        }
        return events
    }
}

/// Whether `fd` has something to read now (`poll` with no wait).
func isReadable(_ fd: FileDescriptor) -> Bool {
    var entry = pollfd(fd: fd.rawValue, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLIN) != 0
}

/// `CLOCK_MONOTONIC` now, in nanoseconds: what a `MonotonicTimer` counts.
func monotonicNow() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

/// Runs `body` on a new thread of its own, not one of Swift concurrency's,
/// and waits for it: for what changes the calling thread's state (its signal
/// mask) or blocks it.
func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
    let result = Shared<Result?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        result.set(body())
        done.signal()
    }
    thread.start()
    done.wait()
    // The body set it before signalling.
    return result.get()!
}
