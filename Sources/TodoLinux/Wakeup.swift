import CLinux
import Glibc

/// Wakes an event loop from another thread: register `fd`, `signal()` from
/// anywhere, `drain()` in the handler.
///
/// An `eventfd` (`EFD_CLOEXEC | EFD_NONBLOCK`): signals sent before the loop
/// drains it collapse into one wake-up.
public final class Wakeup: Sendable {
    /// The descriptor to register with the event loop: readable once signalled.
    public let fd: FileDescriptor

    /// Creates an unsignalled wake-up (`eventfd`).
    public init() throws {
        let flags = Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK)
        fd = FileDescriptor(rawValue: try Syscall.run("eventfd") { eventfd(0, flags) })
    }

    deinit {
        fd.close()
    }

    /// Makes `fd` readable until the next `drain()`. Safe from any thread.
    ///
    /// It cannot fail: `write` to an eventfd reports only `EAGAIN`, when the
    /// counter is near 2⁶⁴ — that is, when it is signalled already.
    public func signal() {
        var one: UInt64 = 1
        do {
            _ = try withUnsafeBytes(of: &one) { bytes throws(SystemError) in
                try fd.write(bytes, call: "write(eventfd)")
            }
        } catch where error.errno == .wouldBlock {
            return
        } catch {
            Syscall.impossible(error)
        }
    }

    /// Consumes every signal so far, so that `fd` is no longer readable.
    public func drain() {
        var count: UInt64 = 0
        withUnsafeMutableBytes(of: &count) { buffer in
            fd.readUntilEmpty(into: buffer, call: "read(eventfd)") { _ in }
        }
    }
}
