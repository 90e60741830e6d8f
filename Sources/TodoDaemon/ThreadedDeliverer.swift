import Foundation
import Logging
import TodoNotify

/// Shows notifications on a thread of its own, one at a time, so the daemon's
/// loop never waits on a notification server, and reports each outcome back
/// to whoever asked for it: the engine of the store open then, which may no
/// longer be the one open when the outcome comes.
///
/// A plain thread and a condition, not a Dispatch queue: the first Dispatch
/// worker thread starts libdispatch's pool monitor, a timer that wakes the
/// process every second for as long as it lives, and the daemon must sleep
/// while nothing is due.
///
/// When the server cannot be reached, the reminder is written to the console
/// as well (once per reminder), so it is seen while the daemon keeps trying.
final class ThreadedDeliverer: @unchecked Sendable {
    /// Where a job's outcome goes.
    typealias Report = @Sendable (DeliveryOutcome) -> Void

    // @unchecked: `pending` is guarded by `condition`; `onConsole`, the
    // notifier and the console are used by the delivery thread alone.
    private let condition = NSCondition()
    private var pending: [(job: DeliveryJob, report: Report)] = []
    private let notifier: any Notifier
    private let console: ConsoleNotifier
    private let logger: Logger
    /// Whether the switch to the console has been announced since the server
    /// was last reached: said once, not once per reminder.
    private var onConsole = false

    init(notifier: any Notifier, console: ConsoleNotifier, logger: Logger) {
        self.notifier = notifier
        self.console = console
        self.logger = logger
        let thread = Thread { [self] in
            while true {
                let (job, report) = nextJob()
                report(show(job))
            }
        }
        thread.name = "todo-delivery"
        thread.start()
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
            if onConsole {
                onConsole = false
                logger.notice("The notification server answers again; reminders show on the desktop.")
            }
        } catch {
            result = .failure(error)
            if !onConsole {
                onConsole = true
                logger.warning("No notification server can be reached (\(error.localizedDescription)); reminders are written here until one can, and shown on the desktop when it can.")
            }
            if job.attempt == 1 {
                _ = try? console.show(job.notification)
            }
        }
        return DeliveryOutcome(job: job, result: result)
    }
}
