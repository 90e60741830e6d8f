import CLinux
import Glibc

/// Receives signals as readable data on a descriptor, so the event loop
/// handles SIGHUP, SIGTERM and SIGINT like any other event, on its own
/// thread, instead of in an asynchronous signal handler.
///
/// It blocks the signals with `pthread_sigmask` in the **calling thread**,
/// then reads them through a `signalfd`. A signal sent to the process is
/// delivered to any thread that does not block it, and for SIGTERM, SIGINT
/// and SIGHUP that delivery ends the process: so create the receiver on the
/// main thread **before any other thread starts** (before the notifier's GLib
/// thread, before any `Task`, `DispatchQueue` or `Thread` work), so that every
/// later thread inherits the mask. Child processes inherit it too, unless the
/// code that spawns them resets it.
///
/// ```swift
/// // First thing in the daemon's main:
/// let signals = try SignalReceiver()
/// try loop.register(signals.fd) {
///     for signal in signals.readSignals() {
///         if signal == SIGHUP { try reloadConfigAndReplan() } else { loop.stop() }
///     }
/// }
/// ```
public final class SignalReceiver: Sendable {
    /// The descriptor to register with the event loop: readable when a
    /// blocked signal is pending.
    public let fd: FileDescriptor
    /// The signals it blocks and receives.
    public let signals: [Int32]

    /// Blocks `signals` in the calling thread (`pthread_sigmask(SIG_BLOCK)`)
    /// and opens a descriptor that receives them (`signalfd`).
    ///
    /// The mask stays when the receiver goes away: unblocking a SIGTERM that
    /// is still pending would end the process.
    public init(signals: [Int32] = [SIGHUP, SIGTERM, SIGINT]) throws {
        var set = sigset_t()
        _ = sigemptyset(&set)
        for signal in signals {
            _ = try Syscall.run("sigaddset", subject: "signal \(signal)") { sigaddset(&set, signal) }
        }
        try Syscall.runReturningError("pthread_sigmask") { pthread_sigmask(SIG_BLOCK, &set, nil) }
        let flags = Int32(SFD_CLOEXEC) | Int32(SFD_NONBLOCK)
        fd = FileDescriptor(rawValue: try Syscall.run("signalfd") { signalfd(-1, &set, flags) })
        self.signals = signals
    }

    deinit {
        fd.close()
    }

    /// Reads every pending signal, in the order the kernel hands them over
    /// (lowest number first); empty when there is none. A signal sent twice
    /// before it is read is received once.
    public func readSignals() -> [Int32] {
        let recordSize = MemoryLayout<signalfd_siginfo>.size
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: 16 * recordSize,
            alignment: MemoryLayout<signalfd_siginfo>.alignment
        )
        defer { buffer.deallocate() }

        var received: [Int32] = []
        fd.readUntilEmpty(into: buffer, call: "read(signalfd)") { bytes in
            for offset in stride(from: 0, to: bytes.count - recordSize + 1, by: recordSize) {
                let info = bytes.loadUnaligned(fromByteOffset: offset, as: signalfd_siginfo.self)
                received.append(Int32(bitPattern: info.ssi_signo))
            }
        }
        return received
    }
}
