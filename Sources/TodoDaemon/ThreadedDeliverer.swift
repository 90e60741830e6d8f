import Foundation
import Logging
import TodoNotify

/// Shows notifications on threads of its own, several at once, so the
/// daemon's loop never waits on a notification server and no delivery waits
/// behind another, and reports each outcome back to whoever asked for it:
/// the engine of the store open then, which may no longer be the one open
/// when the outcome comes.
///
/// A slow server (seconds per call) or a hung one (libnotify waits 25 s) holds
/// only the thread of the call it is slow on: each delivery has its own
/// deadline, the notifier's, counted from its own start. `workers` threads
/// are started at once and wait on one condition; as many deliveries as
/// there are threads are under way together, and only more than that queue.
///
/// Plain threads and a condition, not a Dispatch queue: the first Dispatch
/// worker thread starts libdispatch's pool monitor, a timer that wakes the
/// process every second for as long as it lives, and the daemon must sleep
/// while nothing is due. Threads waiting on a condition make no wake-ups.
///
/// When the server cannot be reached, the reminder is written to the console
/// as well (once per reminder), so it is seen while the daemon keeps trying.
final class ThreadedDeliverer: @unchecked Sendable {
    /// Where a job's outcome goes.
    typealias Report = @Sendable (DeliveryOutcome) -> Void

    // @unchecked: `pending` and `onConsole` are guarded by `condition`; the
    // notifier is Sendable, and the console writes a line at a time.
    private let condition = NSCondition()
    private var pending: [(job: DeliveryJob, report: Report)] = []
    private let notifier: any Notifier
    private let console: ConsoleNotifier
    private let logger: Logger
    /// Whether the switch to the console has been announced since the server
    /// was last reached: said once, not once per reminder.
    private var onConsole = false

    /// How many deliveries may be under way at once: more than the
    /// reminders that fall together in practice (a digest gathers more than
    /// three), few enough that their stacks cost little.
    static let workers = 8

    init(notifier: any Notifier, console: ConsoleNotifier, logger: Logger, workers: Int = ThreadedDeliverer.workers) {
        self.notifier = notifier
        self.console = console
        self.logger = logger
        for index in 0..<max(1, workers) {
            let thread = Thread { [self] in
                while true {
                    let (job, report) = nextJob()
                    report(show(job))
                }
            }
            thread.name = "todo-delivery-\(index)"
            thread.start()
        }
    }

    /// Queues `job`; `report` is called with its outcome on the delivery thread.
    func deliver(_ job: DeliveryJob, report: @escaping Report) {
        condition.lock()
        pending.append((job, report))
        condition.signal()
        condition.unlock()
    }

    /// Waits (without waking) until a job is queued, and takes it.
    private func nextJob() -> (job: DeliveryJob, report: Report) {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty { condition.wait() }
        return pending.removeFirst()
    }

    private func show(_ job: DeliveryJob) -> DeliveryOutcome {
        let result: Result<UInt32, NotifyError>
        do throws(NotifyError) {
            result = .success(try notifier.show(job.notification))
            if switchConsole(to: false) {
                logger.notice("The notification server answers again; reminders show on the desktop.")
            }
        } catch {
            result = .failure(error)
            if switchConsole(to: true) {
                logger.warning("No notification server can be reached (\(error.localizedDescription)); reminders are written here until one can, and shown on the desktop when it can.")
            }
            if job.attempt == 1 {
                _ = try? console.show(job.notification)
            }
        }
        return DeliveryOutcome(job: job, result: result)
    }

    /// Sets whether reminders go to the console; true when that changed.
    private func switchConsole(to value: Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard onConsole != value else { return false }
        onConsole = value
        return true
    }
}
