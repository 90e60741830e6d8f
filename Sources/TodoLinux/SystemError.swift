import FoundationEssentials

/// A C call of the Linux layer failed: `timerfd_create failed: Too many open
/// files (EMFILE)`.
///
/// Every syscall of this module goes through `Syscall`, which turns a failure
/// into this error, so all of them read alike.
public struct SystemError: LocalizedError, Hashable, Sendable {
    /// The C function that failed, as `timerfd_create`.
    public let call: String
    /// The path or value the call was about, when there is one worth naming.
    public let subject: String?
    /// Why it failed.
    public let errno: Errno

    public init(call: String, subject: String? = nil, errno: Errno) {
        self.call = call
        self.subject = subject
        self.errno = errno
    }

    public var errorDescription: String? {
        if let subject {
            "\(call) failed for “\(subject)”: \(errno)"
        } else {
            "\(call) failed: \(errno)"
        }
    }
}
