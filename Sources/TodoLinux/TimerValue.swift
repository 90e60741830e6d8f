import CLinux
import FoundationEssentials
import Glibc

/// The `timespec` values timers are armed with.
enum TimerValue {
    /// The instant `date` on the wall clock, rounded up to the next
    /// nanosecond so that a timer armed for it never fires before it.
    ///
    /// Instants at or before 1970 become one nanosecond after it: still in
    /// the past, so a timer fires at once, whereas a zero value would disarm
    /// it and a negative one is refused.
    static func wallClock(_ date: Date) -> timespec {
        // Date counts from 2001 in a Double: split it there, before adding
        // 1970–2001 would cost precision.
        let sinceReference = date.timeIntervalSinceReferenceDate
        guard sinceReference.isFinite else {
            return sinceReference > 0 ? farFuture : justAfterEpoch
        }
        let whole = sinceReference.rounded(.down)
        var seconds = whole + Date.timeIntervalBetween1970AndReferenceDate
        var nanoseconds = ((sinceReference - whole) * 1_000_000_000).rounded(.up)
        if nanoseconds >= 1_000_000_000 {
            seconds += 1
            nanoseconds -= 1_000_000_000
        }
        if seconds < 0 || (seconds == 0 && nanoseconds == 0) {
            return justAfterEpoch
        }
        if seconds >= Double(farFuture.tv_sec) {
            return farFuture
        }
        return timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds))
    }

    /// `duration` from now, rounded up to the nanosecond, and at least one
    /// nanosecond: zero would disarm.
    static func relative(_ duration: Duration) -> timespec {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, seconds > 0 || attoseconds > 0 else {
            return timespec(tv_sec: 0, tv_nsec: 1)
        }
        var wholeSeconds = seconds
        var nanoseconds = (attoseconds + 999_999_999) / 1_000_000_000
        if nanoseconds >= 1_000_000_000 {
            wholeSeconds += 1
            nanoseconds -= 1_000_000_000
        }
        if wholeSeconds >= Int64(farFuture.tv_sec) {
            return farFuture
        }
        return timespec(tv_sec: Int(wholeSeconds), tv_nsec: Int(nanoseconds))
    }

    /// One nanosecond after 1970-01-01T00:00:00Z: the earliest instant a timer
    /// accepts without being disarmed.
    static let justAfterEpoch = timespec(tv_sec: 0, tv_nsec: 1)

    /// Year 2262 or so, past which the kernel's 64-bit nanosecond time cannot
    /// count: a timer armed for it never fires in practice.
    static let farFuture = timespec(tv_sec: 9_223_372_035, tv_nsec: 0)
}
