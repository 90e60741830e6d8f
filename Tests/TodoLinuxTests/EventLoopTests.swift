import Foundation
import Glibc
import TestSupport
import Testing
@testable import TodoLinux

extension LinuxLayerTests {
    /// The daemon's main loop: `epoll_wait` with no timeout, handlers on its thread.
    @Suite("Event loop")
    struct EventLoopTests {
        @Test("Another thread's Wakeup wakes the loop, and the handler drains it")
        func wakeupAcrossThreads() throws {
            let loop = try EventLoop()
            let wakeup = try Wakeup()
            let woken = Shared(0)
            try loop.register(wakeup.fd) {
                wakeup.drain()
                woken.set(woken.get() + 1)
                loop.stop()
            }

            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: 0.02)
                wakeup.signal()
            }
            #expect(try loop.runStopped())

            #expect(woken.get() == 1)
            #expect(!isReadable(wakeup.fd))
        }

        @Test("While nothing is ready, run() sleeps without waking up")
        func noWakeupsWhenIdle() throws {
            let switches = onOwnThread { () -> Int? in
                guard let loop = try? EventLoop(), let timer = try? MonotonicTimer() else { return nil }
                try? loop.register(timer.fd) {
                    _ = timer.acknowledge()
                    loop.stop()
                }
                try? timer.arm(after: .milliseconds(100))
                let before = Self.voluntaryContextSwitches()
                try? loop.run()
                let after = Self.voluntaryContextSwitches()
                loop.unregisterAll()
                return before.flatMap { before in after.map { $0 - before } }
            }

            // One to fall asleep in epoll_wait, one to wake for the timer; a
            // loop that ticked, even every 10 ms, would switch ten times more.
            let count = try #require(switches)
            #expect(count <= 3)
        }

        @Test("Signals sent before a drain make one wake-up")
        func collapse() throws {
            let wakeup = try Wakeup()
            #expect(!isReadable(wakeup.fd))
            wakeup.signal()
            wakeup.signal()
            wakeup.signal()
            #expect(isReadable(wakeup.fd))
            wakeup.drain()
            #expect(!isReadable(wakeup.fd))
            wakeup.drain()
        }

        @Test("stop() from another thread makes run() return")
        func stopFromAnotherThread() throws {
            let loop = try EventLoop()
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: 0.02)
                loop.stop()
            }
            #expect(try loop.runStopped())
        }

        @Test("stop() before run() makes it return at once; the next run() waits again")
        func stopBeforeRun() throws {
            let loop = try EventLoop()
            let timer = try MonotonicTimer()
            let fired = Shared(false)
            try loop.register(timer.fd) {
                _ = timer.acknowledge()
                fired.set(true)
                loop.stop()
            }
            try timer.arm(after: .milliseconds(20))

            loop.stop()
            try loop.run()
            #expect(!fired.get())

            #expect(try loop.runStopped())
            #expect(fired.get())
        }

        @Test("Descriptors ready together each get their handler in one wake-up")
        func severalReady() throws {
            let loop = try EventLoop()
            let wakeups = try (0..<3).map { _ in try Wakeup() }
            let called = Shared<Set<Int>>([])
            for (index, wakeup) in wakeups.enumerated() {
                try loop.register(wakeup.fd) {
                    wakeup.drain()
                    called.set(called.get().union([index]))
                    if called.get().count == 3 { loop.stop() }
                }
                wakeup.signal()
            }
            #expect(try loop.runStopped())
            #expect(called.get() == [0, 1, 2])
        }

        @Test("An unregistered descriptor's handler is not called")
        func unregister() throws {
            let loop = try EventLoop()
            let wakeup = try Wakeup()
            let timer = try MonotonicTimer()
            let called = Shared<[String]>([])
            try loop.register(wakeup.fd) {
                wakeup.drain()
                called.set(called.get() + ["wakeup"])
            }
            try loop.register(timer.fd) {
                _ = timer.acknowledge()
                called.set(called.get() + ["timer"])
                loop.stop()
            }

            try loop.unregister(wakeup.fd)
            wakeup.signal()
            try timer.arm(after: .milliseconds(20))
            #expect(try loop.runStopped())

            #expect(called.get() == ["timer"])
            try loop.unregister(wakeup.fd)
        }

        @Test("Registering a descriptor again replaces its handler")
        func reregister() throws {
            let loop = try EventLoop()
            let wakeup = try Wakeup()
            let called = Shared<[String]>([])
            try loop.register(wakeup.fd) { called.set(called.get() + ["first"]) }
            try loop.register(wakeup.fd) {
                wakeup.drain()
                called.set(called.get() + ["second"])
                loop.stop()
            }
            wakeup.signal()
            #expect(try loop.runStopped())
            #expect(called.get() == ["second"])
        }

        /// How many times the calling thread gave up the processor to wait.
        private static func voluntaryContextSwitches() -> Int? {
            guard let status = try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8) else { return nil }
            let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            return line.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
        }

        @Test("An error a handler throws ends run() and comes out of it")
        func handlerError() throws {
            struct Failure: Error, Equatable {}
            let loop = try EventLoop()
            let wakeup = try Wakeup()
            try loop.register(wakeup.fd) {
                wakeup.drain()
                throw Failure()
            }
            wakeup.signal()

            #expect(throws: Failure()) {
                try loop.run()
            }
            loop.unregisterAll()
        }
    }
}
