import Foundation

/// A C call of the Linux layer failed: `timerfd_create failed: Too many open
/// files (EMFILE)`.
///
/// Every syscall of this folder goes through `Syscall`, which turns a failure
/// into this error, so all of them read alike.
struct SystemError: LocalizedError, Hashable, Sendable {
    /// The C function that failed, as `timerfd_create`.
    let call: String
    /// The path or value the call was about, when there is one worth naming.
    let subject: String?
    /// Why it failed.
    let errno: Errno

    init(call: String, subject: String? = nil, errno: Errno) {
        self.call = call
        self.subject = subject
        self.errno = errno
    }

    var errorDescription: String? {
        if let subject {
            "\(call) failed for “\(subject)”: \(errno)"
        } else {
            "\(call) failed: \(errno)"
        }
    }
}
