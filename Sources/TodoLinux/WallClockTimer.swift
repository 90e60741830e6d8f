import CLinux
import FoundationEssentials
import Glibc

/// A one-shot timer that fires at an instant of the wall clock, across
/// suspend, and tells when the clock is set under it.
///
/// A timerfd on `CLOCK_REALTIME`, armed with `TFD_TIMER_ABSTIME |
/// TFD_TIMER_CANCEL_ON_SET`. Register `fd` with an `EventLoop`, and call
/// `acknowledge()` when it is ready:
///
/// ```swift
/// let timer = try WallClockTimer()
/// try loop.register(timer.fd) {
///     switch timer.acknowledge() {
///     case .fired: fireDueReminders()
///     case .clockChanged: replan()       // re-arms the timer
///     case .spurious: break
///     }
/// }
/// try timer.arm(at: nextReminder)
/// ```
public final class WallClockTimer: Sendable {
    private let timer: TimerDescriptor

    /// The descriptor to register with the event loop: readable when the
    /// timer fired or the clock was set.
    public var fd: FileDescriptor { timer.fd }

    /// Creates a disarmed timer (`timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC | TFD_NONBLOCK)`).
    public init() throws {
        timer = try TimerDescriptor(clock: CLOCK_REALTIME)
    }

    /// Arms the timer to fire once at `instant`, replacing any earlier
    /// arming, or disarms it when `instant` is nil (`timerfd_settime`).
    ///
    /// The instant is kept to the nanosecond, rounded up so that the timer
    /// never fires early; an instant already past fires at once.
    ///
    /// - Returns: `true` when the clock was set since the timer was last
    ///   acknowledged. The kernel reports that here rather than through
    ///   `acknowledge()`; the timer is armed all the same, but if the instant
    ///   was planned from a `now` read before the clock changed, plan again.
    @discardableResult
    public func arm(at instant: Date?) throws -> Bool {
        guard let instant else {
            return try timer.set(nil, flags: 0)
        }
        let flags = Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET)
        return try timer.set(TimerValue.wallClock(instant), flags: flags)
    }

    /// Reads the timer once the loop says it is ready: `.fired`,
    /// `.clockChanged` (re-plan and arm again) or `.spurious`.
    public func acknowledge() -> TimerReading {
        timer.acknowledge()
    }
}
