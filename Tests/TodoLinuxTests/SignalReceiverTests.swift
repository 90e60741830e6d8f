import Foundation
import Glibc
import Testing
@testable import TodoLinux

extension LinuxLayerTests {
    /// The daemon handles SIGHUP, SIGTERM and SIGINT in its event loop through a
    /// `SignalReceiver`.
    ///
    /// A signal sent to a process goes to any thread that does not block it,
    /// and the test runner's main thread does not: a SIGHUP sent to the runner
    /// would end it. So a signal sent to the whole process is tested in a
    /// forked child, which has one thread, as the daemon's main has when it
    /// creates the receiver; the runner only ever gets a signal sent to a
    /// thread of the test's own.
    @Suite("Signal receiver")
    struct SignalReceiverTests {
        @Test("Signals a process sends itself are read from the descriptor, lowest first, instead of ending it")
        func processSignals() throws {
            // Run the receiver's code once here first, so that the Swift
            // runtime has set up its types before the fork: the child must
            // take no lock that another thread of this process may hold.
            _ = onOwnThread { (try? SignalReceiver(signals: [SIGUSR2]))?.readSignals() }

            let child = try ForkedChild.start { report in
                guard let receiver = try? SignalReceiver(signals: [SIGHUP, SIGTERM, SIGINT]) else { return 2 }
                kill(getpid(), SIGTERM)
                kill(getpid(), SIGHUP)
                kill(getpid(), SIGINT)
                kill(getpid(), SIGHUP)
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { buffer in
                    let received = receiver.readSignals()
                    for (index, signal) in received.prefix(8).enumerated() {
                        buffer[index] = UInt8(signal)
                    }
                    childWrite(report, UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[..<min(received.count, 8)])))
                }
                return 0
            }

            let received = child.read()
            #expect(child.wait() == .exited(0))
            // A signal sent twice before it is read is received once.
            #expect(received.map(Int32.init) == [SIGHUP, SIGINT, SIGTERM])
        }

        @Test("Without a receiver the same signal ends the process (the test above means something)")
        func withoutReceiver() throws {
            let child = try ForkedChild.start { _ in
                kill(getpid(), SIGHUP)
                return 0
            }
            _ = child.read()
            #expect(child.wait() == .signalled(SIGHUP))
        }

        @Test("It blocks the signals in the calling thread, and reads a signal sent to that thread")
        func callingThread() {
            let (blockedBefore, blockedAfter, received) = onOwnThread { () -> (Bool, Bool, [Int32]) in
                // Threads started from a Dispatch worker inherit its mask, which
                // blocks SIGHUP already: start from nothing blocked.
                var nothing = sigset_t()
                sigemptyset(&nothing)
                pthread_sigmask(SIG_SETMASK, &nothing, nil)
                let before = Self.blocks(SIGHUP)
                guard let receiver = try? SignalReceiver(signals: [SIGHUP]) else { return (before, false, []) }
                let after = Self.blocks(SIGHUP)
                guard after else { return (before, after, []) }
                // To this thread only, which blocks it: it stays pending for the
                // receiver, and would die with the thread if the test went wrong.
                pthread_kill(pthread_self(), SIGHUP)
                return (before, after, receiver.readSignals())
            }

            #expect(!blockedBefore)
            #expect(blockedAfter)
            #expect(received == [SIGHUP])
        }

        @Test("Nothing pending reads as no signals")
        func nothingPending() {
            let received = onOwnThread { () -> [Int32]? in
                (try? SignalReceiver(signals: [SIGUSR2]))?.readSignals()
            }
            #expect(received == [])
        }

        /// Whether the calling thread blocks `signal`.
        private static func blocks(_ signal: Int32) -> Bool {
            var mask = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &mask)
            return sigismember(&mask, signal) == 1
        }
    }
}
