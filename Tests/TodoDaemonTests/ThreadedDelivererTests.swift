import Foundation
import Logging
import TestSupport
import Testing
import TodoCore
import TodoNotify
@testable import TodoDaemon

/// Deliveries against a slow server: none waits behind another.
@Suite("Threaded deliverer", .ownThread)
struct ThreadedDelivererTests {
    /// A server that takes each call and answers only when the test lets it:
    /// every call is slow for as long as the test wants.
    final class HeldNotifier: Notifier, @unchecked Sendable {
        private let condition = NSCondition()
        private var received: [String] = []
        private var released = false

        func show(_ notification: ReminderNotification) throws(NotifyError) -> UInt32 {
            condition.lock()
            defer { condition.unlock() }
            received.append(notification.summary)
            while !released { condition.wait() }
            return UInt32(received.count)
        }

        func serverInfo() throws(NotifyError) -> ServerInfo {
            throw NotifyError.noServer(reason: "held")
        }

        func close(_ owner: Reminder.Owner) {}

        var receivedCount: Int {
            condition.lock()
            defer { condition.unlock() }
            return received.count
        }

        func release() {
            condition.lock()
            released = true
            condition.broadcast()
            condition.unlock()
        }
    }

    private static func job(_ number: Int) -> DeliveryJob {
        let at = Date(timeIntervalSince1970: 1_800_000_000 + Double(number))
        return DeliveryJob(
            reminder: Reminder(taskID: Int64(number), kind: .atDueTime, occurrence: .at(at), at: at),
            notification: ReminderNotification(summary: "Task \(number)", body: "Due now", owner: .task(Int64(number))),
            attempt: 1,
            firesAt: at
        )
    }

    @Test("With every thread held by a slow server, the next reminder still reaches the server at once")
    func slowServerDelaysNobody() throws {
        let notifier = HeldNotifier()
        let deliverer = ThreadedDeliverer(notifier: notifier, console: ConsoleNotifier(write: { _ in }),
                                          logger: Logger(label: "test"), workers: 2, maxWorkers: 16)
        let outcomes = Shared(0)
        // 5 re-sends after a restart, then a second's reminders: more than
        // the threads started at first, all under way together.
        for number in 1...10 {
            deliverer.deliver(Self.job(number)) { _, _ in outcomes.withLock { $0 += 1 } }
        }
        let allReceived = eventually(within: .seconds(5)) { notifier.receivedCount == 10 }
        notifier.release()
        #expect(allReceived, "only \(notifier.receivedCount) of 10 deliveries reached the server")
        #expect(deliverer.threadCount == 10)
        #expect(eventually { outcomes.get() == 10 })
    }

    @Test("Beyond maxWorkers deliveries under way, the rest wait their turn and are all shown")
    func boundedThreads() throws {
        let notifier = HeldNotifier()
        let deliverer = ThreadedDeliverer(notifier: notifier, console: ConsoleNotifier(write: { _ in }),
                                          logger: Logger(label: "test"), workers: 1, maxWorkers: 3)
        let outcomes = Shared(0)
        for number in 1...6 {
            deliverer.deliver(Self.job(number)) { _, _ in outcomes.withLock { $0 += 1 } }
        }
        #expect(eventually { notifier.receivedCount == 3 })
        Thread.sleep(forTimeInterval: 0.1)
        #expect(notifier.receivedCount == 3)
        #expect(deliverer.threadCount == 3)
        notifier.release()
        #expect(eventually { outcomes.get() == 6 })
        #expect(notifier.receivedCount == 6)
    }
}
