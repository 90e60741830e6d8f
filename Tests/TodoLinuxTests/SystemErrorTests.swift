import Glibc
import Testing
@testable import TodoLinux

@Suite("System errors")
struct SystemErrorTests {
    @Test(
        "A failed call reads as the call, the C library's message and the errno's name",
        arguments: [
            (SystemError(call: "timerfd_create", errno: Errno(rawValue: EMFILE)),
             "timerfd_create failed: Too many open files (EMFILE)"),
            (SystemError(call: "read(timerfd)", errno: .wouldBlock),
             "read(timerfd) failed: Resource temporarily unavailable (EAGAIN)"),
            (SystemError(call: "inotify_add_watch", subject: "/nope", errno: .noSuchFile),
             "inotify_add_watch failed for “/nope”: No such file or directory (ENOENT)"),
            (SystemError(call: "clock_settime", errno: Errno(rawValue: EPERM)),
             "clock_settime failed: Operation not permitted (EPERM)"),
            (SystemError(call: "ioctl", errno: Errno(rawValue: 4_242)),
             "ioctl failed: Unknown error 4242 (errno 4242)"),
        ]
    )
    func description(error: SystemError, text: String) {
        #expect(error.localizedDescription == text)
    }
}
