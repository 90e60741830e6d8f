import Foundation
import Glibc
import TestSupport
import Testing
@testable import TodoLinux

extension LinuxLayerTests {
    /// The daemon sleeps until the next reminder on a `WallClockTimer`.
    @Suite("Wall-clock timer")
    struct WallClockTimerTests {
        @Test("A timer armed 50 ms ahead fires through the event loop, and not before its instant")
        func firesAtItsInstant() throws {
            let timer = try WallClockTimer()
            let instant = Date().addingTimeInterval(0.05)

            try timer.arm(at: instant)
            let (events, firedAt) = try Self.runUntilFired(timer, rearmingAt: instant)

            #expect(events.last == .fired)
            #expect(try #require(firedAt) >= instant)
        }

        @Test("A disarmed timer does not fire")
        func disarmed() throws {
            let loop = try EventLoop()
            let timer = try WallClockTimer()
            let reference = try MonotonicTimer()
            let order = Shared<[String]>([])
            try loop.register(timer.fd) {
                order.set(order.get() + ["wall clock: \(timer.acknowledge())"])
            }
            try loop.register(reference.fd) {
                _ = reference.acknowledge()
                order.set(order.get() + ["reference"])
                loop.stop()
            }

            try timer.arm(at: Date().addingTimeInterval(0.02))
            try timer.arm(at: nil)
            try reference.arm(after: .milliseconds(80))
            #expect(try loop.runStopped())

            #expect(order.get() == ["reference"])
            #expect(!isReadable(timer.fd))
        }

        @Test(
            "An instant already past fires at once",
            arguments: [
                Date().addingTimeInterval(-3600),
                Date(timeIntervalSince1970: 0),
                Date(timeIntervalSince1970: -86_400),
                Date.distantPast,
            ]
        )
        func pastInstant(instant: Date) throws {
            let timer = try WallClockTimer()

            try timer.arm(at: instant)
            let (events, _) = try Self.runUntilFired(timer, rearmingAt: instant, within: .seconds(1))

            #expect(events == [.fired])
        }

        @Test("Arming again replaces the earlier instant")
        func rearming() throws {
            let timer = try WallClockTimer()
            let instant = Date().addingTimeInterval(0.02)

            try timer.arm(at: Date().addingTimeInterval(3600))
            try timer.arm(at: instant)
            let (events, _) = try Self.runUntilFired(timer, rearmingAt: instant)

            #expect(events.last == .fired)
        }

        @Test("Reading a timer that is not ready is spurious")
        func spurious() throws {
            let timer = try WallClockTimer()
            #expect(timer.acknowledge() == .spurious)
            try timer.arm(at: Date().addingTimeInterval(3600))
            #expect(timer.acknowledge() == .spurious)
        }

        /// Runs an event loop until `timer` fires, arming it again for
        /// `instant` after each clock change, as the daemon re-plans; returns
        /// what the timer reported, and when it fired.
        ///
        /// Re-arming makes the tests bear a clock set by another process
        /// meanwhile (another test run on this machine).
        static func runUntilFired(
            _ timer: WallClockTimer,
            rearmingAt instant: Date,
            within limit: Duration = .seconds(2)
        ) throws -> (events: [TimerReading], firedAt: Date?) {
            let loop = try EventLoop()
            let events = Shared<[TimerReading]>([])
            let firedAt = Shared<Date?>(nil)
            try loop.register(timer.fd) {
                let event = timer.acknowledge()
                switch event {
                case .fired:
                    firedAt.set(Date())
                    loop.stop()
                case .clockChanged:
                    try timer.arm(at: instant)
                case .spurious:
                    return
                }
                events.set(events.get() + [event])
            }
            #expect(try loop.runStopped(within: limit))
            return (events.get(), firedAt.get())
        }
    }
}

// MARK: - Setting the clock

/// These set the system clock (to the time it is: nothing moves), which needs
/// CAP_SYS_TIME, as root has here.
extension LinuxLayerTests.WallClockTimerTests {
    @Test("Setting the clock wakes an armed timer with clockChanged, and re-arming works after")
    func clockSet() throws {
        let timer = try WallClockTimer()
        let soon = Date().addingTimeInterval(0.05)

        try timer.arm(at: Date().addingTimeInterval(3600))
        try setClockToNow()
        let (events, firedAt) = try Self.runUntilFired(timer, rearmingAt: soon)

        #expect(events.first == .clockChanged)
        #expect(events.last == .fired)
        #expect(try #require(firedAt) >= soon)
    }

    @Test("Arming after a clock change nobody read reports it, and arms all the same")
    func clockSetBeforeArming() throws {
        let timer = try WallClockTimer()
        let past = Date().addingTimeInterval(-1)

        #expect(try timer.arm(at: Date().addingTimeInterval(3600)) == false)
        try setClockToNow()
        #expect(try timer.arm(at: past) == true)

        // Reported by arm, not by a read; the new arming holds.
        let (events, _) = try Self.runUntilFired(timer, rearmingAt: past)
        #expect(events == [.fired])
    }

    /// Sets `CLOCK_REALTIME` to what it reads: a discontinuous change of no
    /// size, which is enough to cancel the timers armed with cancel-on-set.
    private func setClockToNow() throws {
        // Under libfaketime (`faked-time-sweep`) the time read is the faked
        // one: setting it would move the machine's clock by the offset.
        try #require(FakedClock.variables.isEmpty, "the clock is faked: setting it would move the machine's real clock")
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let result = clock_settime(CLOCK_REALTIME, &now)
        try #require(result == 0, "clock_settime: \(Errno.current)")
    }
}
