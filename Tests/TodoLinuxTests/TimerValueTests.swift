import Foundation
import Glibc
import Testing
@testable import TodoLinux

/// Timers are armed with `timespec` values that never make them fire early
/// nor disarm them by accident.
@Suite("Timer values")
struct TimerValueTests {
    @Test(
        "A wall-clock instant becomes a timespec rounded up to the nanosecond",
        arguments: [
            (Date(timeIntervalSince1970: 1_780_000_000), 1_780_000_000, 0),
            (Date(timeIntervalSince1970: 1_780_000_000.5), 1_780_000_000, 500_000_000),
            (Date(timeIntervalSinceReferenceDate: 0.000_000_000_1), 978_307_200, 1),
            (Date(timeIntervalSince1970: 1.25), 1, 250_000_000),
            (Date(timeIntervalSince1970: 0), 0, 1),
            (Date(timeIntervalSince1970: -5), 0, 1),
            (Date.distantPast, 0, 1),
            (Date.distantFuture, 9_223_372_035, 0),
            (Date(timeIntervalSinceReferenceDate: .infinity), 9_223_372_035, 0),
        ]
    )
    func wallClock(date: Date, seconds: Int, nanoseconds: Int) {
        let value = TimerValue.wallClock(date)
        #expect(value.tv_sec == seconds)
        #expect(value.tv_nsec == nanoseconds)
    }

    @Test(
        "A duration becomes a relative timespec of at least one nanosecond",
        arguments: [
            (Duration.milliseconds(1_500), 1, 500_000_000),
            (.seconds(2), 2, 0),
            (.nanoseconds(1), 0, 1),
            (.zero, 0, 1),
            (.seconds(-3), 0, 1),
            (Duration(secondsComponent: 0, attosecondsComponent: 1), 0, 1),
            (Duration(secondsComponent: 4, attosecondsComponent: 999_999_999_999_999_999), 5, 0),
        ]
    )
    func relative(duration: Duration, seconds: Int, nanoseconds: Int) {
        let value = TimerValue.relative(duration)
        #expect(value.tv_sec == seconds)
        #expect(value.tv_nsec == nanoseconds)
    }
}
