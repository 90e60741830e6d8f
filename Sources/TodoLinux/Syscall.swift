import Glibc

/// The one place where this module calls into the kernel: a failure becomes a
/// `SystemError` naming the call, and a call interrupted by a signal (`EINTR`)
/// is made again, here and nowhere else.
enum Syscall {
    /// Calls `body`, a C function that reports failure as `-1` and `errno`,
    /// again while it fails with `EINTR`, and returns what it returned.
    ///
    /// `retryingInterrupts: false` is for `close`, which Linux must never
    /// be asked twice: the descriptor is gone even when it reports `EINTR`.
    static func run<Result: FixedWidthInteger & SignedInteger>(
        _ call: String,
        subject: String? = nil,
        retryingInterrupts: Bool = true,
        _ body: () -> Result
    ) throws(SystemError) -> Result {
        while true {
            let result = body()
            guard result == -1 else { return result }
            let error = Errno.current
            if error == .interrupted && retryingInterrupts { continue }
            throw SystemError(call: call, subject: subject, errno: error)
        }
    }

    /// Calls `body`, a pthread-style C function that returns `0` or the error
    /// number itself, again while it returns `EINTR`.
    static func runReturningError(
        _ call: String,
        subject: String? = nil,
        _ body: () -> Int32
    ) throws(SystemError) {
        while true {
            let result = body()
            if result == 0 { return }
            let error = Errno(rawValue: result)
            if error == .interrupted { continue }
            throw SystemError(call: call, subject: subject, errno: error)
        }
    }

    /// Stops the process for an error a descriptor this layer owns cannot
    /// report (`EBADF`, `EFAULT`, `EINVAL` with a well-formed buffer): it
    /// would be a bug here, and going on would spin on a descriptor that
    /// stays ready.
    static func impossible(_ error: SystemError) -> Never {
        fatalError("\(error.errorDescription ?? error.call) — this is a bug in todo-remind's Linux layer.")
    }
}
