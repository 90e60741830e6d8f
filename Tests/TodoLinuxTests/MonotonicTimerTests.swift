import Glibc
import TestSupport
import Testing
@testable import TodoLinux

extension LinuxLayerTests {
    /// The daemon debounces store changes and backs off before retries on a
    /// `MonotonicTimer`.
    @Suite("Monotonic timer")
    struct MonotonicTimerTests {
        @Test("A timer armed for 30 ms fires through the event loop, and not before")
        func firesAfterItsDuration() throws {
            let loop = try EventLoop()
            let timer = try MonotonicTimer()
            let fired = Shared<(TimerReading, Int64)?>(nil)
            try loop.register(timer.fd) {
                fired.set((timer.acknowledge(), monotonicNow()))
                loop.stop()
            }

            let start = monotonicNow()
            try timer.arm(after: .milliseconds(30))
            #expect(try loop.runStopped())

            let (event, at) = try #require(fired.get())
            #expect(event == .fired)
            #expect(at - start >= 30_000_000)
        }

        @Test("A duration of zero fires at once rather than disarming")
        func zero() throws {
            let loop = try EventLoop()
            let timer = try MonotonicTimer()
            let event = Shared<TimerReading?>(nil)
            try loop.register(timer.fd) {
                event.set(timer.acknowledge())
                loop.stop()
            }

            try timer.arm(after: .zero)
            #expect(try loop.runStopped(within: .seconds(1)))
            #expect(event.get() == .fired)
        }

        @Test("Arming again postpones it, as a debounce does; nil disarms it")
        func debounceAndDisarm() throws {
            let loop = try EventLoop()
            let debounce = try MonotonicTimer()
            let disarmed = try MonotonicTimer()
            let order = Shared<[String]>([])
            try loop.register(debounce.fd) {
                _ = debounce.acknowledge()
                order.set(order.get() + ["debounce"])
                loop.stop()
            }
            try loop.register(disarmed.fd) {
                _ = disarmed.acknowledge()
                order.set(order.get() + ["disarmed"])
            }

            let start = monotonicNow()
            try debounce.arm(after: .milliseconds(10))
            try disarmed.arm(after: .milliseconds(20))
            try disarmed.arm(after: nil)
            try debounce.arm(after: .milliseconds(40))
            #expect(try loop.runStopped())

            #expect(order.get() == ["debounce"])
            #expect(monotonicNow() - start >= 40_000_000)
            #expect(debounce.acknowledge() == .spurious)
        }
    }
}
