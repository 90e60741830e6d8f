import Foundation
import Logging
import TodoCore
import TodoNotify
import TodoStore

/// The daemon's logic: what fires when, what the ledger records, and when to
/// wake next. It owns no file descriptor and reads no clock of its own.
///
/// Everything it depends on is given: the store, a `now` function, the timer
/// it arms, the deliverer that shows notifications off its thread. The run
/// loop (`ReminderDaemon`) turns timer expiry, store changes, clock and time
/// zone changes and delivery outcomes into calls of its methods, one at a
/// time on one thread; tests call the same methods with a clock they set.
public final class ReminderEngine {
    private let store: TaskStore
    private let now: () -> Date
    private let timer: any WakeTimer
    private let deliverer: any Deliverer
    private let logger: Logger
    private let iconPath: String?
    private var scheduler: Scheduler
    /// The snooze choices each bubble offers.
    private var snoozeChoices: [String]
    /// Failed deliveries waiting for their next attempt.
    private var retries: [ReminderKey: Retry] = [:]
    /// Deliveries handed to the deliverer, not yet answered.
    private var inFlight: Set<ReminderKey> = []
    /// The instant the timer is armed for, if any.
    public private(set) var armedAt: Date?
    /// The next reminder to come, which the timer is armed for unless a retry
    /// falls earlier.
    public private(set) var armedReminder: Reminder?

    struct Retry {
        var attempts: Int
        var nextAt: Date
    }

    /// Daemon-state key: the instant up to which reminders were looked at.
    static let watermarkKey = "planned-through"
    /// Daemon-state key: the reminder the timer is armed for, for `status`.
    static let armedKey = "armed"

    public init(
        store: TaskStore,
        settings: DaemonSettings,
        timeZone: TimeZone,
        iconPath: String?,
        now: @escaping () -> Date,
        timer: any WakeTimer,
        deliverer: any Deliverer,
        logger: Logger
    ) {
        self.store = store
        self.scheduler = Scheduler(clock: WallClock(timeZone: timeZone), policy: settings.policy)
        self.snoozeChoices = settings.snoozeChoices
        self.iconPath = iconPath
        self.now = now
        self.timer = timer
        self.deliverer = deliverer
        self.logger = logger
    }

    // MARK: - Events

    /// Picks up deliveries a previous run left unfinished, then plans.
    public func start() throws {
        let instant = now()
        let windowStart = instant.addingTimeInterval(-catchUpWindow)
        var expired: [DeliveryRecord] = []
        for var record in try store.unfinishedDeliveries() {
            if record.reminder.at >= windowStart {
                // Stopped mid-delivery or between retries: try again now.
                retries[ReminderKey(record.reminder)] = Retry(attempts: record.attempts, nextAt: instant)
            } else {
                record.status = .skipped
                record.detail = "not shown before the catch-up window closed"
                expired.append(record)
            }
        }
        try store.record(expired)
        try plan()
    }

    /// The timer went off: fire what is due and re-arm.
    public func timerFired() throws { try plan() }

    /// Another process changed the store: tasks may have been added, moved,
    /// completed or switched off.
    public func storeChanged() throws { try plan() }

    /// The wall clock was set: instants armed under the old clock are wrong.
    public func clockChanged() throws {
        logger.info("The clock was set; planning again.")
        try plan()
    }

    /// The machine's time zone changed: day dues and reminder times move.
    public func timeZoneChanged(to timeZone: TimeZone) throws {
        guard timeZone != scheduler.clock.timeZone else { return }
        logger.info("The time zone is now \(timeZone.identifier); planning again.")
        scheduler = Scheduler(clock: WallClock(timeZone: timeZone), policy: scheduler.policy)
        try plan()
    }

    /// The settings were re-read (SIGHUP).
    public func settingsChanged(to settings: DaemonSettings) throws {
        scheduler = Scheduler(clock: scheduler.clock, policy: settings.policy)
        snoozeChoices = settings.snoozeChoices
        try plan()
    }

    /// The reminder policy alone changed.
    public func policyChanged(to policy: ReminderPolicy) throws {
        try settingsChanged(to: DaemonSettings(policy: policy, snoozeChoices: snoozeChoices))
    }

    /// An action was chosen on a bubble: Mark done completes the task and
    /// Snooze stores a snooze, each in one transaction, as the CLI's `done`
    /// and `snooze` would; then everything is planned again.
    public func actionInvoked(_ invocation: ActionInvocation) throws {
        let instant = now()
        switch invocation.request {
        case .markDone:
            _ = try store.modify(ids: [invocation.taskID], now: instant) { task in
                if task.completedAt == nil { task.completedAt = instant }
            }
            logger.info("Marked task \(invocation.taskID) done from its notification.")
        case .snooze(let choice):
            do {
                let until = try WhenParser(now: instant, clock: scheduler.clock)
                    .snoozeInstant(from: choice, dayTime: scheduler.policy.reminderTime)
                _ = try store.snooze(id: invocation.taskID, until: until, now: instant)
                logger.info("Snoozed task \(invocation.taskID) until \(DateText.iso8601(until, clock: scheduler.clock)) from its notification.")
            } catch let error as SnoozeTimeError {
                logger.error("Could not snooze task \(invocation.taskID) for “\(choice)”: \(error.localizedDescription)")
            }
        case .dismiss, nil:
            logger.debug("Notification of task \(invocation.taskID) dismissed (\(invocation.key)).")
            return
        }
        try plan()
    }

    /// A delivery ended: record it, or schedule another attempt.
    public func deliveryFinished(_ outcome: DeliveryOutcome) throws {
        let key = outcome.job.key
        inFlight.remove(key)
        let instant = now()
        let reminder = Reminder(taskID: key.taskID, kind: key.kind, at: key.at)
        switch outcome.result {
        case .success(let serverID):
            retries[key] = nil
            logger.debug("Delivered the \(key.kind.label) reminder of task \(key.taskID) (notification \(serverID)).")
            try store.record([DeliveryRecord(reminder: reminder, status: .delivered, firedAt: instant,
                                             attempts: outcome.job.attempt, detail: "notification \(serverID)")])
        case .failure(let error):
            let delay = RetrySchedule.delay(afterAttempts: outcome.job.attempt)
            let nextAt = instant.addingTimeInterval(delay)
            let detail = error.errorDescription ?? "\(error)"
            if nextAt > key.at.addingTimeInterval(catchUpWindow) {
                retries[key] = nil
                logger.warning("Giving up on the \(key.kind.label) reminder of task \(key.taskID): \(detail)")
                try store.record([DeliveryRecord(reminder: reminder, status: .skipped, firedAt: instant,
                                                 attempts: outcome.job.attempt, detail: detail)])
            } else {
                retries[key] = Retry(attempts: outcome.job.attempt, nextAt: nextAt)
                logger.warning("Could not show the \(key.kind.label) reminder of task \(key.taskID): \(detail) Trying again in \(Int(delay)) s.")
                try store.record([DeliveryRecord(reminder: reminder, status: .failed, firedAt: instant,
                                                 attempts: outcome.job.attempt, detail: detail)])
            }
            try arm(after: instant)
        }
    }

    // MARK: - Planning

    /// How old a reminder may be and still be shown (see `DeliveryPlanner`).
    private var catchUpWindow: TimeInterval {
        DeliveryPlanner(scheduler: scheduler).catchUpWindow
    }

    /// Fires every reminder that is due, records skips, retries what is due
    /// for another attempt, and arms the timer for the next instant.
    func plan() throws {
        let instant = now()
        let planner = DeliveryPlanner(scheduler: scheduler)
        let watermark = try store.daemonValue(Self.watermarkKey).flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
        let lookback = planner.lookbackStart(now: instant, watermark: watermark)
        let tasks = try store.remindableTasks(withRemindersFrom: lookback, through: instant)
        let recorded = Set(try store.deliveries(from: lookback, through: instant).map { ReminderKey($0.reminder) })
        let decisions = planner.decide(now: instant, watermark: watermark, tasks: tasks, recorded: recorded)

        var records = decisions.skip.map {
            DeliveryRecord(reminder: $0, status: .skipped, firedAt: instant, detail: "older than the catch-up window")
        }
        var jobs: [DeliveryJob] = []
        for (reminder, task) in decisions.fire where !inFlight.contains(ReminderKey(reminder)) {
            let job = makeJob(reminder, task, attempt: 1, at: instant)
            records.append(DeliveryRecord(reminder: reminder, status: .sending, firedAt: instant, attempts: 1))
            jobs.append(job)
        }
        let (retryJobs, retryRecords) = try dueRetries(at: instant)
        records += retryRecords
        jobs += retryJobs

        // The ledger first: a reminder is on record before it is shown, so a
        // restart cannot fire it a second time, however long the server hangs.
        try store.record(records)
        if !decisions.skip.isEmpty {
            logger.info("Skipped \(decisions.skip.count) reminders older than the catch-up window.")
        }
        for job in jobs {
            inFlight.insert(job.key)
            logFiring(job, at: instant)
            deliverer.deliver(job)
        }
        // Moved only when something was recorded: writing it on every plan
        // would wake this daemon's own store watcher, which would plan again.
        // A stale watermark costs a longer look back after a restart, no more:
        // the ledger is what keeps a reminder from firing twice.
        if !records.isEmpty || watermark == nil {
            try saveWatermark(instant)
        }
        try arm(after: instant)
    }

    /// Records how far this run has looked; called on a clean stop too.
    public func saveWatermark(_ instant: Date? = nil) throws {
        try store.setDaemonValue(String((instant ?? now()).timeIntervalSince1970), for: Self.watermarkKey)
    }

    /// The retries whose time has come, re-checked against the task as it is
    /// now: a task completed, deleted, switched off or moved meanwhile is not
    /// shown. Nor is a reminder the catch-up window has left behind since (the
    /// machine slept through the retry's time, or the window was shortened).
    private func dueRetries(at instant: Date) throws -> ([DeliveryJob], [DeliveryRecord]) {
        let due = retries.filter { $0.value.nextAt <= instant && !inFlight.contains($0.key) }
        guard !due.isEmpty else { return ([], []) }
        let tasks = try store.tasks(ids: due.map(\.key.taskID))
        let windowStart = instant.addingTimeInterval(-catchUpWindow)
        var jobs: [DeliveryJob] = []
        var records: [DeliveryRecord] = []
        for (key, retry) in due.sorted(by: { $0.key.at < $1.key.at }) {
            let reminder = Reminder(taskID: key.taskID, kind: key.kind, at: key.at)
            guard key.at >= windowStart else {
                retries[key] = nil
                records.append(DeliveryRecord(reminder: reminder, status: .skipped, firedAt: instant,
                                              attempts: retry.attempts, detail: "not shown before the catch-up window closed"))
                continue
            }
            guard let task = tasks[key.taskID], scheduler.reminders(for: task).contains(reminder) else {
                retries[key] = nil
                records.append(DeliveryRecord(reminder: reminder, status: .skipped, firedAt: instant,
                                              attempts: retry.attempts, detail: "the task changed before it could be shown"))
                continue
            }
            retries[key] = nil
            jobs.append(makeJob(reminder, task, attempt: retry.attempts + 1, at: instant))
            records.append(DeliveryRecord(reminder: reminder, status: .sending, firedAt: instant, attempts: retry.attempts + 1))
        }
        return (jobs, records)
    }

    private func makeJob(_ reminder: Reminder, _ task: TodoTask, attempt: Int, at instant: Date) -> DeliveryJob {
        let composer = ReminderComposer(
            scheduler: scheduler,
            iconPath: iconPath,
            actions: NotificationAction.reminderActions(snoozeChoices: snoozeChoices)
        )
        return DeliveryJob(
            key: ReminderKey(reminder),
            notification: composer.notification(for: task, reminder: reminder, firedAt: instant),
            attempt: attempt
        )
    }

    /// Arms the timer for the earliest of the next reminder and the next retry.
    private func arm(after instant: Date) throws {
        let next = try store.nextReminders(scheduler: scheduler, after: instant, limit: 1).first
        let nextRetry = retries.values.map(\.nextAt).min()
        let wake = [next?.at, nextRetry].compactMap { $0 }.min()
        if wake != armedAt {
            let clockWasSet = try timer.arm(at: wake)
            armedAt = wake
            if clockWasSet {
                // The kernel tells of a clock change here rather than through
                // the timer's read; `now` above may predate it.
                try clockChanged()
                return
            }
        }
        if next != armedReminder {
            armedReminder = next
            let description = next.map { "\($0.at.timeIntervalSince1970) \($0.kind.rawValue) \($0.taskID)" }
            try store.setDaemonValue(description, for: Self.armedKey)
            if let next {
                logger.debug("Next reminder: task \(next.taskID), \(next.kind.label), at \(DateText.iso8601(next.at, clock: scheduler.clock)).")
            }
        }
    }

    /// The reminder a running daemon has armed its timer for, as it last
    /// wrote it to the store: for `todo-remind status`.
    public static func armedReminder(in store: TaskStore) throws -> Reminder? {
        guard let text = try store.daemonValue(armedKey) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count == 3, let seconds = Double(fields[0]), let kind = ReminderKind(rawValue: String(fields[1])),
              let taskID = Int64(fields[2])
        else { return nil }
        return Reminder(taskID: taskID, kind: kind, at: Date(timeIntervalSince1970: seconds))
    }

    private func logFiring(_ job: DeliveryJob, at instant: Date) {
        let lateness = instant.timeIntervalSince(job.key.at)
        let late = String(format: "%.1f ms", lateness * 1000)
        let retry = job.attempt > 1 ? ", attempt \(job.attempt)" : ""
        logger.info("Reminder: \(job.notification.summary.debugDescription) (task \(job.key.taskID), \(job.key.kind.label) at \(DateText.iso8601(job.key.at, clock: scheduler.clock)), \(late) late\(retry))")
    }
}
