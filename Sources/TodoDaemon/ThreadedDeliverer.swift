import Dispatch
import Foundation
import Logging
import TodoNotify

/// Shows notifications on a serial queue of its own, so the daemon's loop
/// never waits on a notification server, and reports each outcome back.
///
/// When the server cannot be reached, the reminder is written to the console
/// as well (once per reminder), so it is seen while the daemon keeps trying.
final class ThreadedDeliverer: Deliverer, @unchecked Sendable {
    // @unchecked: `queue` serialises every use of `notifier` and `console`;
    // the rest is immutable.
    private let queue = DispatchQueue(label: "todo-remind.delivery")
    private let notifier: any Notifier
    private let console: ConsoleNotifier
    private let logger: Logger
    private let report: @Sendable (DeliveryOutcome) -> Void
    /// Whether the switch to the console has been announced since the server
    /// was last reached: said once, not once per reminder.
    private var onConsole = false

    init(notifier: any Notifier, console: ConsoleNotifier, logger: Logger, report: @escaping @Sendable (DeliveryOutcome) -> Void) {
        self.notifier = notifier
        self.console = console
        self.logger = logger
        self.report = report
    }

    func deliver(_ job: DeliveryJob) {
        queue.async { [self] in
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
            report(DeliveryOutcome(job: job, result: result))
        }
    }
}
