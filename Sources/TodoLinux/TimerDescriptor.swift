import CLinux
import Glibc

/// A timerfd: the part `WallClockTimer` and `MonotonicTimer` share.
final class TimerDescriptor: Sendable {
    let fd: FileDescriptor

    /// Creates a non-blocking, close-on-exec timer on `clock` with `timerfd_create`.
    init(clock: clockid_t) throws(SystemError) {
        let flags = Int32(TFD_CLOEXEC) | Int32(TFD_NONBLOCK)
        fd = FileDescriptor(rawValue: try Syscall.run("timerfd_create") { timerfd_create(clock, flags) })
    }

    deinit {
        fd.close()
    }

    /// Arms the timer to expire once at `value`, or disarms it when `value` is
    /// nil, with `timerfd_settime`.
    ///
    /// - Returns: `true` when the kernel reported `ECANCELED`: the wall clock
    ///   was set since the descriptor was last read. The timer is armed all
    ///   the same (timerfd_create(2), NOTES), but that clock change will not
    ///   be reported by a read any more.
    @discardableResult
    func set(_ value: timespec?, flags: Int32) throws(SystemError) -> Bool {
        // A zero it_value disarms, so nil is the only way to get one.
        var setting = itimerspec(it_interval: timespec(), it_value: value ?? timespec())
        do {
            _ = try Syscall.run("timerfd_settime") { timerfd_settime(fd.rawValue, flags, &setting, nil) }
            return false
        } catch where error.errno == .canceled {
            return true
        }
    }

    /// Whether the timer is armed and has not expired yet, with `timerfd_gettime`.
    func isArmed() throws(SystemError) -> Bool {
        var current = itimerspec()
        _ = try Syscall.run("timerfd_gettime") { timerfd_gettime(fd.rawValue, &current) }
        return current.it_value.tv_sec != 0 || current.it_value.tv_nsec != 0
    }

    /// Reads the expiration count with `read`.
    func acknowledge() -> TimerReading {
        var expirations: UInt64 = 0
        do {
            _ = try withUnsafeMutableBytes(of: &expirations) { buffer throws(SystemError) in
                try fd.read(into: buffer, call: "read(timerfd)")
            }
            return .fired
        } catch where error.errno == .canceled {
            return .clockChanged
        } catch where error.errno == .wouldBlock {
            return .spurious
        } catch {
            Syscall.impossible(error)
        }
    }
}
