import FoundationEssentials
import Logging
import TodoCore
import TodoLinux
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
/// are started at once and wait on one condition; when a job comes and no
/// thread is free, another is started (up to `maxWorkers`), so a delivery
/// never waits behind slow ones. A fixed pool did: with a server taking 5 s
/// per call, the re-sends a restart makes and a second's reminders took all
/// 8 threads, and the next reminder reached the bus 4 s late (the kill soak,
/// bench/kill_soak.py). Threads started stay, waiting; only beyond
/// `maxWorkers` deliveries under way at once (a hung server and more than
/// one reminder a second for 25 s) do jobs queue.
///
/// Plain threads and a condition, not a Dispatch queue: the first Dispatch
/// worker thread starts libdispatch's pool monitor, a timer that wakes the
/// process every second for as long as it lives, and the daemon must sleep
/// while nothing is due. Threads waiting on a condition make no wake-ups.
///
/// When the server cannot be reached, the reminder is written to the console
/// as well (once per reminder), so it is seen while the daemon keeps trying.
final class ThreadedDeliverer: Deliverer, @unchecked Sendable {
    /// Where a job's outcome goes: the server's notification id, or why it failed.
    typealias Report = @Sendable (DeliveryJob, Result<UInt32, NotifyError>) -> Void

    // @unchecked: `pending` and `onConsole` are guarded by `condition`;
    // `report` is used only on the thread that hands jobs over; the
    // notifier is Sendable, and the console writes a line at a time.
    private let condition = Condition()
    private var pending: [(job: DeliveryJob, report: Report)] = []
    /// Threads started, and those showing a job; guarded by `condition`. A
    /// thread started but not yet waiting counts as free: it takes a job next.
    private var started = 0
    private var busy = 0
    private let maxWorkers: Int
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
    /// How many deliveries may be under way at once when the server is slow:
    /// a thread each, mostly waiting on the server.
    static let maxWorkers = 64

    init(notifier: any Notifier, console: ConsoleNotifier, logger: Logger, workers: Int = ThreadedDeliverer.workers,
         maxWorkers: Int = ThreadedDeliverer.maxWorkers) {
        self.notifier = notifier
        self.console = console
        self.logger = logger
        let workers = max(1, workers)
        self.maxWorkers = max(workers, maxWorkers)
        condition.lock()
        started = workers
        condition.unlock()
        for index in 0..<workers { startWorker(index) }
    }

    private func startWorker(_ index: Int) {
        SystemThread.start(name: "todo-delivery-\(index)") { [self] in
            while true {
                let (job, report) = nextJob()
                report(job, show(job))
                condition.lock()
                busy -= 1
                condition.unlock()
            }
        }
    }

    /// Where the outcomes of the jobs `deliver(_:)` hands over go from now
    /// on: the daemon points it at the engine of each store it opens, before
    /// that engine hands over its first job.
    var report: Report = { _, _ in }

    /// Queues `job` for the engine (`Deliverer`): its outcome goes to
    /// `report` as it is now.
    func deliver(_ job: DeliveryJob) {
        deliver(job, report: report)
    }

    /// Queues `job`, and starts another thread when none is free to take it;
    /// `report` is called with its outcome on the delivery thread.
    func deliver(_ job: DeliveryJob, report: @escaping Report) {
        condition.lock()
        pending.append((job, report))
        // Free threads take the queued jobs one each; a job beyond them
        // would wait for a slow delivery to end.
        let grow = pending.count > started - busy && started < maxWorkers
        let index = started
        if grow { started += 1 }
        condition.signal()
        condition.unlock()
        if grow { startWorker(index) }
    }

    /// Closes the task's or the event's bubble, if open. The notifier only
    /// sends the request (no answer awaited), so a slow server does not hold
    /// the loop.
    func close(_ owner: Reminder.Owner) {
        notifier.close(owner)
    }

    /// Waits (without waking) until a job is queued, and takes it.
    private func nextJob() -> (job: DeliveryJob, report: Report) {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty { condition.wait() }
        busy += 1
        return pending.removeFirst()
    }

    /// The threads started so far (for tests).
    var threadCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return started
    }

    private func show(_ job: DeliveryJob) -> Result<UInt32, NotifyError> {
        let result: Result<UInt32, NotifyError>
        do throws(NotifyError) {
            result = .success(try notifier.show(job.notification))
            if switchConsole(to: false) {
                logger.notice("The notification server answers again; reminders show on the desktop.", metadata: LogTopic.serverBack.metadata())
            }
        } catch {
            result = .failure(error)
            if switchConsole(to: true) {
                logger.warning("No notification server can be reached (\(error.readableDescription)); reminders are written here until one can, and shown on the desktop when it can.",
                               metadata: LogTopic.serverLost.metadata(["error": .string(error.readableDescription)]))
            }
            if job.attempt == 1 {
                _ = try? console.show(job.notification)
            }
        }
        return result
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
