import CLinux
import Glibc

/// A one-shot timer that fires after a duration, whatever the wall clock
/// does: for debouncing store changes and for backing off before a retry.
///
/// A timerfd on `CLOCK_MONOTONIC`, armed with a relative time. Like
/// `WallClockTimer`, register `fd` with an `EventLoop` and call
/// `acknowledge()` when it is ready; it never reports `.clockChanged`.
/// `CLOCK_MONOTONIC` stands still while the machine sleeps.
public final class MonotonicTimer: Sendable {
    private let timer: TimerDescriptor

    /// The descriptor to register with the event loop: readable when the timer fired.
    public var fd: FileDescriptor { timer.fd }

    /// Creates a disarmed timer (`timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK)`).
    public init() throws {
        timer = try TimerDescriptor(clock: CLOCK_MONOTONIC)
    }

    /// Arms the timer to fire once `duration` from now, replacing any earlier
    /// arming, or disarms it when `duration` is nil (`timerfd_settime`).
    /// A duration of zero or less fires at once.
    public func arm(after duration: Duration?) throws {
        try timer.set(duration.map(TimerValue.relative), flags: 0)
    }

    /// Whether the timer is armed and has not fired yet (`timerfd_gettime`).
    public func isArmed() throws -> Bool {
        try timer.isArmed()
    }

    /// Reads the timer once the loop says it is ready: `.fired` or `.spurious`.
    public func acknowledge() -> TimerReading {
        timer.acknowledge()
    }
}
