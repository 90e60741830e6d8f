import CLinux
import Glibc

/// An error number that a C call left in `errno`, with its symbolic name and
/// its message: `Too many open files (EMFILE)`.
struct Errno: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    let rawValue: Int32

    init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The symbolic name, as `EMFILE` (from glibc's `strerrorname_np`).
    var name: String {
        guard let name = strerrorname_np(rawValue) else { return "errno \(rawValue)" }
        return String(cString: name)
    }

    /// The C library's message, as `Too many open files` (from `strerror`,
    /// which glibc makes thread-safe).
    var message: String {
        guard let message = strerror(rawValue) else { return "Unknown error" }
        return String(cString: message)
    }

    var description: String {
        "\(message) (\(name))"
    }

    /// The calling thread's `errno`, as the last failed C call left it.
    static var current: Errno {
        Errno(rawValue: errno)
    }
}

extension Errno {
    /// `EAGAIN`: a non-blocking descriptor has nothing to read yet.
    static let wouldBlock = Errno(rawValue: EAGAIN)
    /// `EINTR`: a signal interrupted the call; `Syscall` retries it.
    static let interrupted = Errno(rawValue: EINTR)
    /// `ECANCELED`: the wall clock was set under a cancel-on-set timer.
    static let canceled = Errno(rawValue: ECANCELED)
    /// `ENOENT`: no file or folder at that path.
    static let noSuchFile = Errno(rawValue: ENOENT)
}
