import CLinux
import Glibc

/// An error number that a C call left in `errno`, with its symbolic name and
/// its message: `Too many open files (EMFILE)`.
public struct Errno: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The symbolic name, as `EMFILE` (from glibc's `strerrorname_np`).
    public var name: String {
        guard let name = strerrorname_np(rawValue) else { return "errno \(rawValue)" }
        return String(cString: name)
    }

    /// The C library's message, as `Too many open files` (from `strerror`,
    /// which glibc makes thread-safe).
    public var message: String {
        guard let message = strerror(rawValue) else { return "Unknown error" }
        return String(cString: message)
    }

    public var description: String {
        "\(message) (\(name))"
    }

    /// The calling thread's `errno`, as the last failed C call left it.
    public static var current: Errno {
        Errno(rawValue: errno)
    }
}

extension Errno {
    /// `EAGAIN`: a non-blocking descriptor has nothing to read yet.
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    /// `EINTR`: a signal interrupted the call; `Syscall` retries it.
    public static let interrupted = Errno(rawValue: EINTR)
    /// `ECANCELED`: the wall clock was set under a cancel-on-set timer.
    public static let canceled = Errno(rawValue: ECANCELED)
    /// `ENOENT`: no file or folder at that path.
    public static let noSuchFile = Errno(rawValue: ENOENT)
}
