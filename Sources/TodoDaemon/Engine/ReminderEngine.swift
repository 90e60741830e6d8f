import FoundationEssentials
import Logging
import TodoConfig
import TodoCore
import TodoNotify
import TodoStore
import TodoSync

/// The daemon's logic: what fires when, what the ledger records, and when to
/// wake next. It owns no file descriptor and reads no clock of its own.
///
/// Everything it depends on is given: the store, a `now` function, the timer
/// it arms, the deliverer that shows notifications off its thread. The run
/// loop (`ReminderDaemon`) turns timer expiry, store changes, clock and time
/// zone changes and delivery outcomes into calls of its methods, one at a
/// time on one thread; tests call the same methods with a clock they set.
///
/// The plan itself is pure and lives in the core (`DeliveryPlanner`): this
/// engine reads its inputs from the store, asks it, and carries out the
/// answer (the ledger, the deliverer, the timer).
///
/// A reminder is one type whoever owns it, a task or a calendar event, and
/// takes one path from the plan to the bubble and the ledger: docs/ARCHITECTURE.md
/// §4 walks it, naming the eight types that carry it.
///
/// When it fires next, and what `next`, `list` and `status` say of it, is
/// `TimeRules.forecast` (`DeliveryPlanner.wake` arms the timer for its first).
final class ReminderEngine {
    private let store: TaskStore
    /// Every write of the ledger and bookkeeping goes through here, so a
    /// store that cannot be written never stops the daemon.
    private let ledger: LedgerWriter
    private let now: () -> Date
    private let timer: any WakeTimer
    private let deliverer: any Deliverer
    private let logger: Logger
    private let iconPath: String?
    private var timeRules: TimeRules
    /// The snooze choices each bubble offers.
    private var snoozeChoices: [String]
    /// Failed deliveries waiting for their next attempt, one per
    /// notification: tasks' reminders and events' alarms alike.
    private var retries: [PendingRetry] = []
    /// Reminders handed to the deliverer, not yet answered.
    private var inFlight: Set<Reminder.ID> = []
    /// The bubbles shown, closed when their reminders are handled elsewhere.
    private var openBubbles = OpenBubbles()
    /// Of the tasks' reminders and of the events' alarms whose instant has
    /// passed but that quiet hours hold, the first to fire, as the last plan
    /// found.
    private var nextHeld: TaskReminder?
    private var nextHeldEvent: ReminderOf<EventInstance>?
    /// The instant the last complete plan of this run looked up to, under
    /// the current clock, zone and settings; nil before the first and after
    /// any of them changes.
    private var plannedThrough: Date?
    /// The instant the timer is armed for, if any.
    private(set) var armedAt: Date?
    /// The next reminder to come (a task's or an event's), which the timer
    /// is armed for unless a retry falls earlier.
    private(set) var armedReminder: Reminder?
    /// The lists' folders as last read (nil without any): where events'
    /// alarms come from, and where a Dismiss or a Snooze of one is written.
    private let eventLists: () -> ConfiguredLists?
    /// Opens the window on a task whose bubble was clicked (`Options.openTask`).
    private let openTask: (Int64) -> Void

    init(
        store: TaskStore,
        settings: Settings,
        timeZone: Zone,
        iconPath: String?,
        now: @escaping () -> Date,
        timer: any WakeTimer,
        deliverer: any Deliverer,
        logger: Logger,
        eventLists: @escaping () -> ConfiguredLists? = { nil },
        openTask: @escaping (Int64) -> Void = { _ in }
    ) {
        self.eventLists = eventLists
        self.openTask = openTask
        self.store = store
        self.ledger = LedgerWriter(store: store, logger: logger)
        self.timeRules = TimeRules(clock: WallClock(timeZone: timeZone), policy: settings.policy)
        self.snoozeChoices = settings.snoozeChoices
        self.iconPath = iconPath
        self.now = now
        self.timer = timer
        self.deliverer = deliverer
        self.logger = logger
    }

    // MARK: - Events

    /// Records that it started (so `status` can tell this store has a
    /// daemon planning from it), picks up deliveries a previous run left
    /// unfinished, then plans.
    func start() throws {
        let instant = now()
        ledger.recordStarted(at: instant)
        let planner = DeliveryPlanner(timeRules: timeRules)
        var expired: [DeliveryRecord] = []
        for var record in try store.ledger.unfinished() {
            if let firesAt = planner.resumedFiring(of: record.reminder.at, at: instant) {
                // A reminder at a time, a task's or an event's: the retry
                // batches those firing together.
                retries.append(PendingRetry(reminders: [record.reminder], attempts: record.attempts,
                                            nextAt: instant, firesAt: firesAt))
            } else {
                record.status = .skipped
                record.detail = "not shown before the catch-up window closed"
                expired.append(record)
            }
        }
        ledger.record(expired)
        try plan()
    }

    /// The timer went off: fire what is due and re-arm.
    func timerFired() throws { try plan() }

    /// Another process changed the store: tasks may have been added, moved,
    /// completed or switched off, here or (read in from their files) on
    /// another device; a bubble of one handled so is closed.
    func storeChanged() throws {
        try plan()
        try closeHandledBubbles()
    }

    /// The wall clock was set: instants armed under the old clock are wrong.
    func clockChanged() throws {
        logger.info("The clock was set; planning again.", metadata: LogTopic.clockSet.metadata())
        plannedThrough = nil
        try plan()
    }

    /// The machine's time zone changed: day dues and reminder times move.
    func timeZoneChanged(to timeZone: Zone) throws {
        guard timeZone != timeRules.clock.timeZone else { return }
        logger.info("The time zone is now \(timeZone.identifier); planning again.",
                    metadata: LogTopic.timeZone.metadata(["zone": .string(timeZone.identifier)]))
        timeRules = TimeRules(clock: WallClock(timeZone: timeZone), policy: timeRules.policy)
        plannedThrough = nil
        try plan()
    }

    /// The settings were re-read (SIGHUP).
    func settingsChanged(to settings: Settings) throws {
        timeRules = TimeRules(clock: timeRules.clock, policy: settings.policy)
        snoozeChoices = settings.snoozeChoices
        plannedThrough = nil
        try plan()
    }

    /// The reminder policy alone changed.
    func policyChanged(to policy: ReminderPolicy) throws {
        try settingsChanged(to: Settings(policy: policy, snoozeChoices: snoozeChoices))
    }

    /// An action was chosen on a bubble: Mark done completes the task and
    /// Snooze stores a snooze, each in one transaction, as the CLI's `done`
    /// and `snooze` would; then everything is planned again. On a digest
    /// (Mark all done, Snooze all, Dismiss) each of the digest's tasks is
    /// acted on in turn, so one that refuses leaves the others done. On an
    /// event's bubble, Snooze and Dismiss are written into the event's file
    /// for every device, or kept here (`EventActions`).
    func actionInvoked(_ invocation: ActionInvocation) throws {
        let instant = now()
        let owners: [Reminder.Owner] = switch invocation.owner {
        case .task(let taskID): [.task(taskID)]
        case .event(let eventID): [.event(eventID)]
        case .digest: openBubbles.digestTasks.map(Reminder.Owner.task)
        case .test: []
        }
        let isEvent = if case .event = invocation.owner { true } else { false }
        guard let request = invocation.request, !(request == .markDone && isEvent) else {
            logger.debug("Notification of \(invocation.owner) closed (\(invocation.key)).",
                         metadata: Self.actionMetadata(invocation.owner, key: invocation.key, outcome: "ignored"))
            return
        }
        for owner in owners {
            switch owner {
            case .task(let taskID):
                openBubbles.actedOn(owner)
                try act(on: taskID, request, key: invocation.key, at: instant)
            case .event(let eventID):
                guard try act(onEvent: eventID, request, key: invocation.key, at: instant) else { return }
                openBubbles.actedOn(owner)
            }
        }
        try plan()
    }

    /// What a log line about an action carries: whose bubble, which action,
    /// and what came of it.
    static func actionMetadata(_ owner: BubbleOwner, key: String, outcome: String,
                               _ more: Logger.Metadata = [:]) -> Logger.Metadata {
        let ownerKey: Logger.Metadata = switch owner {
        case .task(let taskID): ["task": .stringConvertible(taskID)]
        case .event(let eventID): ["event_id": .stringConvertible(eventID)]
        case .digest, .test: ["task": .stringConvertible(0)]
        }
        return LogTopic.action.metadata(ownerKey.merging(["action": .string(key)]) { $1 }.merging(more) { $1 }
            .merging(["outcome": .string(outcome)]) { $1 })
    }

    /// One task's part of an action chosen on a bubble (`actionInvoked`).
    private func act(on taskID: Int64, _ request: ActionRequest, key: String, at instant: Date) throws {
        func outcome(_ outcome: String, _ more: Logger.Metadata = [:]) -> Logger.Metadata {
            Self.actionMetadata(.task(taskID), key: key, outcome: outcome, more)
        }
        switch request {
        case .markDone:
            do {
                _ = try store.markDone(ids: [taskID], at: instant, in: timeRules.clock.timeZone)
                logger.info("Marked task \(taskID) done from its notification.", metadata: outcome("marked-done"))
            } catch let refusal as CompletionRefusal {
                logger.error("Could not mark task \(taskID) done: \(refusal.readableDescription)",
                             metadata: outcome("refused", ["error": .string(refusal.readableDescription)]))
            }
        case .snooze(let choice):
            do {
                let until = try snoozeInstant(choice, at: instant)
                _ = try store.snooze(id: taskID, until: until, now: instant)
                let untilText = DateText.iso8601(until, clock: timeRules.clock)
                logger.info("Snoozed task \(taskID) until \(untilText) from its notification.",
                            metadata: outcome("snoozed", ["until": .string(untilText)]))
            } catch let error as SnoozeTimeError {
                logger.error("Could not snooze task \(taskID) for “\(choice)”: \(error.readableDescription)",
                             metadata: outcome("refused", ["error": .string(error.readableDescription)]))
            }
        case .dismiss:
            // Dismissed by the user: handled, here and (through the task's
            // file) on every other device.
            try store.acknowledge(ids: [taskID], at: instant)
            logger.info("Task \(taskID)'s reminder dismissed from its notification.", metadata: outcome("dismissed"))
            // The bubble was clicked to see the task: the window opens on it.
            openTask(taskID)
        }
    }

    /// An event's part of an action chosen on its bubble: Snooze or Dismiss
    /// (clicking it), written into the event's file for every device, or
    /// kept here (`EventActions`). False when the alarm it was for is no
    /// longer known, and nothing was done.
    private func act(onEvent eventID: Int64, _ request: ActionRequest, key: String, at instant: Date) throws -> Bool {
        func outcome(_ outcome: String, _ more: Logger.Metadata = [:]) -> Logger.Metadata {
            Self.actionMetadata(.event(eventID), key: key, outcome: outcome, more)
        }
        guard let reminder = openBubbles.shownEvent(eventID), let lists = eventLists() else {
            logger.warning("Event \(eventID)'s notification was acted on, but its alarm is no longer known.", metadata: outcome("unknown"))
            return false
        }
        let actions = EventActions(sync: FolderSync(store: store, lists: lists, timeRules: timeRules, now: instant))
        func said(_ result: EventActions.Outcome) -> Logger.Metadata {
            switch result {
            case .written: ["kept": "file"]
            case .keptHere(let reason): ["kept": "here", "reason": .string(reason ?? "events-write = false")]
            case .gone: ["kept": "nowhere"]
            }
        }
        switch request {
        case .snooze(let choice):
            do {
                let until = try snoozeInstant(choice, at: instant)
                let result = try actions.snooze(reminder, until: until, at: instant)
                let untilText = DateText.iso8601(until, clock: timeRules.clock)
                logger.info("Snoozed event \(eventID) until \(untilText) from its notification.",
                            metadata: outcome("snoozed", said(result).merging(["until": .string(untilText)]) { $1 }))
            } catch let error as SnoozeTimeError {
                logger.error("Could not snooze event \(eventID) for “\(choice)”: \(error.readableDescription)",
                             metadata: outcome("refused", ["error": .string(error.readableDescription)]))
            }
        case .dismiss:
            let result = try actions.dismiss(reminder, at: instant)
            logger.info("Event \(eventID)'s alarm dismissed from its notification.", metadata: outcome("dismissed", said(result)))
        case .markDone:
            break
        }
        return true
    }

    /// The instant a snooze choice ("1h", "tomorrow") names, from `instant`.
    private func snoozeInstant(_ choice: String, at instant: Date) throws -> Date {
        try WhenParser(now: instant, clock: timeRules.clock).snoozeInstant(from: choice, dayTime: timeRules.policy.reminderTime)
    }

    /// A delivery ended, with the server's notification id or why it failed:
    /// record its reminders, or schedule another attempt (a failed record is
    /// not one that was shown) while the catch-up window allows.
    func deliveryFinished(_ job: DeliveryJob, result: Result<UInt32, NotifyError>) throws {
        let reminders = job.reminders
        inFlight.subtract(reminders.map(\.id))
        let instant = now()
        let what = switch (job.reminder.owner, reminders.count) {
        case (.event(let eventID), _): "the alarm of event \(eventID)"
        case (.task(let taskID), 1): "the \(job.reminder.kind.label) reminder of task \(taskID)"
        case (.task, _): "the digest of \(reminders.count) reminders"
        }
        func records(_ status: DeliveryStatus, _ detail: String) -> [DeliveryRecord] {
            reminders.map {
                DeliveryRecord(reminder: $0, status: status, firedAt: instant, attempts: job.attempt, detail: detail)
            }
        }
        // Called only for a line the log level lets through (`metadata` is an autoclosure).
        func ended(_ outcome: String, _ more: Logger.Metadata) -> Logger.Metadata {
            let about = job.logMetadata(clock: timeRules.clock)
            return LogTopic.delivery.metadata(about.merging(more) { $1 }.merging(["outcome": .string(outcome)]) { $1 })
        }
        switch result {
        case .success(let serverID):
            logger.debug("Delivered \(what) (notification \(serverID)).",
                         metadata: ended("delivered", ["notification": .stringConvertible(serverID)]))
            ledger.record(records(.delivered, "notification \(serverID)"))
            if job.notification.owner == .digest {
                openBubbles.shownDigest(of: reminders.compactMap(\.taskID))
            } else if reminders.count == 1 {
                openBubbles.shown(job.reminder, event: job.event)
            }
        case .failure(let error):
            let detail = error.errorDescription ?? "\(error)"
            if let nextAt = DeliveryPlanner(timeRules: timeRules).nextAttempt(after: job.attempt, firesAt: job.firesAt,
                                                                               failedAt: instant) {
                let delay = nextAt.timeIntervalSince(instant)
                retries.append(PendingRetry(reminders: reminders, attempts: job.attempt, nextAt: nextAt, firesAt: job.firesAt))
                logger.warning("Could not show \(what): \(detail) Trying again in \(Int(delay)) s.",
                               metadata: ended("retrying", ["error": .string(detail), "retry_in_s": .stringConvertible(Int(delay))]))
                ledger.record(records(.failed, detail))
            } else {
                logger.warning("Giving up on \(what): \(detail)", metadata: ended("given-up", ["error": .string(detail)]))
                ledger.record(records(.skipped, detail))
            }
        }
        // Armed again after a failure, for the retry; after a success only
        // when the store would not take its record, for the next try to write it.
        if case .success = result, !ledger.hasKept { return }
        try arm(after: instant)
    }

    /// Closes the bubbles whose reminders were handled since they were
    /// shown: tasks' by their tasks as they are now, events' by the index of
    /// alarms that still fire (an alarm acknowledged, or its occurrence
    /// cancelled or moved, in the event's file is no longer there).
    private func closeHandledBubbles() throws {
        let handled = try openBubbles.handled(
            task: { try store.task(id: $0) },
            event: { try store.event(id: $0).flatMap { $0.series } },
            stillFires: { try store.eventReminder($0) != nil }
        )
        for (owner, reason) in handled {
            deliverer.close(owner)
            switch owner {
            case .task(let taskID):
                logger.info("Closed the notification of task \(taskID): its reminder was handled (\(reason.rawValue)).",
                            metadata: LogTopic.closed.metadata(["task": .stringConvertible(taskID), "reason": .string(reason.rawValue)]))
            case .event(let eventID):
                logger.info("Closed the notification of event \(eventID): its alarm was handled (\(reason.rawValue)).",
                            metadata: LogTopic.closed.metadata(["event_id": .stringConvertible(eventID), "reason": .string(reason.rawValue)]))
            }
        }
    }

    // MARK: - Planning

    /// Reads what the plan needs from the store (tasks' reminders and, with
    /// list folders, events' alarms), has `DeliveryPlanner.plan` decide what
    /// fires, what is skipped and what is tried again, carries that out, and
    /// arms the timer for the next instant.
    func plan() throws {
        let instant = now()
        let planner = DeliveryPlanner(timeRules: timeRules)
        let watermark = try store.daemonState().plannedThrough
        let lookback = planner.lookbackStart(now: instant, watermark: watermark)
        let reminders = timeRules.reminders(of: try store.remindableTasks(withRemindersFrom: lookback, through: instant))
        let daily = try dailyOverdueReminders(atOrBefore: instant, from: lookback)
        let events = try eventReminders(from: lookback, through: instant)
        // Kept in memory counts as recorded: the store may not take writes.
        let recorded = try store.ledger.recorded(planner.candidates(now: instant, entries: reminders, daily: daily)
            + planner.candidates(now: instant, entries: events))
            .union(ledger.keptIDs)
        let due = takeDueRetries(at: instant)
        let retried = due.flatMap(\.reminders)
        let retryTasks = retried.contains { $0.taskID != nil } ? try store.tasks(ids: retried.compactMap(\.taskID)) : [:]
        var retryEvents: [Reminder.ID: ReminderOf<EventInstance>] = [:]
        if hasEventLists {
            // Without folders no event fires; a retry left over is given up
            // (as the plan gives up one whose event is gone).
            for reminder in retried where reminder.owner.eventID != nil {
                retryEvents[reminder.id] = try store.eventReminder(reminder.id)
            }
        }
        let decided = planner.plan(now: instant, watermark: watermark, reminders: reminders, daily: daily, events: events,
                                   recorded: recorded, inFlight: inFlight, dueRetries: due, retryTasks: retryTasks,
                                   retryEvents: retryEvents)
        let records = decided.records

        // The ledger first: a reminder is on record before it is shown, so a
        // restart cannot fire it a second time, however long the server hangs.
        // When the store cannot take it, the record is kept in memory and the
        // reminder shown all the same: not showing it would lose it for sure.
        ledger.record(records)
        if decided.skippedCount > 0 {
            logger.info("Skipped \(decided.skippedCount) reminders older than the catch-up window.",
                        metadata: LogTopic.skip.metadata(["count": .stringConvertible(decided.skippedCount)]))
        }
        let composer = ReminderComposer(
            timeRules: timeRules,
            iconPath: iconPath,
            actions: NotificationAction.reminderActions(snoozeChoices: snoozeChoices)
        )
        var shown = 0
        for (batch, firesAt, attempt) in decided.batches {
            for job in jobs(of: batch, held: decided.held, attempt: attempt, firesAt: firesAt, at: instant, composer: composer) {
                shown += 1
                inFlight.formUnion(job.reminders.map(\.id))
                logFiring(job, at: instant)
                deliverer.deliver(job)
            }
        }
        // Moved only when something was recorded: writing it on every plan
        // would wake this daemon's own store watcher after every plan (which
        // then finds no other process's commit, and does not plan again).
        // A stale watermark costs a longer look back after a restart, no more:
        // the ledger is what keeps a reminder from firing twice.
        if !records.isEmpty || watermark == nil {
            saveWatermark(instant)
        } else {
            ledger.flush()
        }
        nextHeld = decided.nextHeld
        nextHeldEvent = decided.nextHeldEvent
        plannedThrough = instant
        logger.debug("Planned: \(shown) to show, \(records.count) to record.",
                     metadata: LogTopic.planned.metadata([
                         "shown": .stringConvertible(shown), "recorded": .stringConvertible(records.count),
                     ]))
        try arm(after: instant)
    }

    /// Whether list folders are configured, where events' alarms come from.
    private var hasEventLists: Bool { eventLists().map { !$0.lists.isEmpty } ?? false }

    /// The events' alarm instants in `first...last`, the index carried
    /// forward first when its end is near; none without list folders.
    ///
    /// Carrying it forward writes to the store: when that fails (a full
    /// disk, a read-only file), the alarms are planned from the index as it
    /// is, so that the tasks' reminders planned beside them still fire, and
    /// the failure is said once until a refresh succeeds.
    private func eventReminders(from first: Date, through last: Date) throws -> [ReminderOf<EventInstance>] {
        guard let lists = eventLists(), !lists.lists.isEmpty else { return [] }
        let index = EventIndex(lists: lists, zone: timeRules.clock.timeZone)
        if try store.eventIndexNeedsRefresh(basis: index.basis, now: last) {
            do {
                try store.withTaskFiles(now: last) { files in _ = try index.refresh(in: files.events, now: last) }
                eventIndexFailing = false
            } catch {
                if !eventIndexFailing {
                    logger.error("The index of events' alarms cannot be carried forward (\(error.readableDescription)); their alarms are planned from it as it is.",
                                 metadata: LogTopic.eventIndexFailing.metadata(["error": .string(error.readableDescription)]))
                }
                eventIndexFailing = true
            }
        }
        return try store.eventReminders(from: first, through: last)
    }

    /// Whether the last try to carry the events' index forward failed: said once.
    private var eventIndexFailing = false

    /// The daily reminders of overdue tasks at the last reminder time at or
    /// before `instant`, if that is not before `lookback` (older ones have
    /// had their day; the catch-up window decides on the rest).
    private func dailyOverdueReminders(atOrBefore instant: Date, from lookback: Date) throws -> [TaskReminder] {
        guard timeRules.policy.overdueInDigest else { return [] }
        let latest = timeRules.latestDailyReminderInstant(atOrBefore: instant)
        guard latest >= lookback else { return [] }
        // Once a plan of this run has looked past the moment they all fire
        // (held ones at the end of the quiet hours), each has been fired or
        // skipped and is on the ledger: a store with thousands of overdue
        // tasks is then not read again on every plan until the next morning.
        let lastFiring = timeRules.fireTime(at: latest, priority: .low).at
        if let plannedThrough, plannedThrough >= lastFiring { return [] }
        let overdue = try store.openRemindableTasks(dueAtOrBefore: latest)
        return timeRules.dailyOverdueReminders(for: overdue, on: timeRules.clock.day(of: latest))
    }

    /// Records how far this run has looked; called on a clean stop too.
    func saveWatermark(_ instant: Date? = nil) {
        ledger.recordPlannedThrough(instant ?? now())
    }

    /// Takes the retries whose time has come and whose reminders are not
    /// being shown already.
    private func takeDueRetries(at instant: Date) -> [PendingRetry] {
        var due: [PendingRetry] = []
        retries.removeAll { retry in
            guard retry.nextAt <= instant, inFlight.isDisjoint(with: retry.reminders.map(\.id)) else { return false }
            due.append(retry)
            return true
        }
        return due
    }

    /// Arms the timer for the earliest of: the first of the coming firings
    /// (held ones at the end of their quiet hours, the daily reminders of
    /// the tasks overdue at the next reminder time), the next retry, and the
    /// next try to write records the store would not take
    /// (`DeliveryPlanner.wake`).
    private func arm(after instant: Date) throws {
        let (upcoming, overdue) = try comingFiringInputs(after: instant)
        // Records kept in memory are written at the next event, or at the
        // latest when the longest retry wait has passed.
        let flushBy = ledger.hasKept ? instant.addingTimeInterval(RetrySchedule.notifications.longest) : nil
        let events = (nextHeldEvent.map { [$0] } ?? []) + (try comingEvents(after: instant))
        let decided = DeliveryPlanner(timeRules: timeRules).wake(
            nextHeld: nextHeld, upcoming: upcoming, overdueCandidates: overdue, events: events, retries: retries,
            flushBy: flushBy, after: instant
        )
        let (wake, next) = (decided.at, decided.reminder)
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
            // `status` names the next of the tasks' reminders only: an
            // event's armed after another event's changes nothing there.
            if next?.taskID != nil || armedReminder?.taskID != nil { ledger.recordArmed(next?.taskID == nil ? nil : next) }
            armedReminder = next
            if let next {
                let whose = switch next.owner {
                case .task(let taskID): "task \(taskID), \(next.kind.label)"
                case .event(let eventID): "event \(eventID)"
                }
                logger.debug("Next reminder: \(whose), at \(DateText.iso8601(next.at, clock: timeRules.clock)).",
                             metadata: LogTopic.armed.metadata(next.logMetadata(clock: timeRules.clock)))
            }
        }
    }

    /// The events' alarms after `instant` that may fire first: one, or with
    /// quiet hours `TimeRules.forecastLookahead` (a later high-priority one
    /// can fire before those held).
    private func comingEvents(after instant: Date) throws -> [ReminderOf<EventInstance>] {
        guard hasEventLists else { return [] }
        let limit = timeRules.policy.quietHours == nil ? 1 : TimeRules.forecastLookahead
        return try store.eventReminders(after: instant, limit: limit)
    }

    /// What the coming firings after `instant` are worked out from, read
    /// from the store no further than the first of them needs: the own
    /// reminders that come first, with their tasks (one, or with quiet hours
    /// `TimeRules.forecastLookahead`, since a later one let through can fire
    /// before those held), and a task with a daily reminder at the next
    /// reminder time, if any.
    ///
    /// Every daily reminder falls at that one instant, so one task that has
    /// one is enough to arm for, and the store stops reading at the first.
    /// Only quiet hours, which can let high priority through while holding
    /// the rest, make one fire before another: then the first high-priority
    /// task is looked for as well. Which task is named does not matter here;
    /// when the instant comes, `plan` gathers every one.
    private func comingFiringInputs(after instant: Date) throws -> (upcoming: [TaskReminder], overdue: [TodoTask]) {
        let limit = timeRules.policy.quietHours == nil ? 1 : TimeRules.forecastLookahead
        let upcoming = try store.nextTaskReminders(timeRules: timeRules, after: instant, limit: limit)
        guard timeRules.policy.overdueInDigest else { return (upcoming, []) }
        let next = timeRules.nextDailyReminderInstant(after: instant)
        let day = timeRules.clock.day(of: next)
        let hasDaily = { (task: TodoTask) in self.timeRules.dailyOverdueReminder(for: task, on: day) != nil }
        guard let any = try store.firstOpenRemindableTask(dueAtOrBefore: next, where: hasDaily) else { return (upcoming, []) }
        guard let daily = timeRules.dailyOverdueReminder(for: any, on: day),
              timeRules.fireTime(of: daily, priority: any.priority).isHeld,
              let high = try store.firstOpenRemindableTask(dueAtOrBefore: next, priority: .high, where: hasDaily)
        else { return (upcoming, [any]) }
        return (upcoming, [any, high])
    }

    /// The notifications of a batch the plan fires: a bubble per reminder,
    /// marked held where quiet hours held it, or one digest carrying every
    /// reminder; an event's alarm, a bubble naming its calendar.
    private func jobs(of batch: ReminderBatch, held: Set<Reminder.ID>, attempt: Int, firesAt: Date,
                      at instant: Date, composer: ReminderComposer) -> [DeliveryJob] {
        switch batch {
        case .separate(let entries):
            return entries.map { entry in
                DeliveryJob(
                    reminder: entry.reminder,
                    notification: composer.notification(for: entry.task, reminder: entry.reminder, firedAt: instant,
                                                        isHeld: held.contains(entry.reminder.id)),
                    attempt: attempt,
                    firesAt: firesAt
                )
            }
        case .digest(let digest):
            guard let first = digest.reminders.first else { return [] }
            return [DeliveryJob(reminder: first, more: Array(digest.reminders.dropFirst()),
                                notification: composer.digestNotification(digest), attempt: attempt, firesAt: firesAt)]
        case .event(let entry):
            let folder = entry.subject.folder
            let calendar = eventLists()?.lists.first { $0.path == folder }?.name ?? folder.lastPathComponent
            let notification = composer.notification(for: entry, calendar: calendar, firedAt: instant,
                                                     isHeld: held.contains(entry.reminder.id))
            return [DeliveryJob(reminder: entry.reminder, event: entry.subject, notification: notification, attempt: attempt,
                                firesAt: firesAt)]
        }
    }

    private func logFiring(_ job: DeliveryJob, at instant: Date) {
        let latenessMilliseconds = instant.timeIntervalSince(job.firesAt) * 1000
        let late = String(cFormat: "%.1f ms", latenessMilliseconds)
        let retry = job.attempt > 1 ? ", attempt \(job.attempt)" : ""
        let held = job.isHeld ? ", held for quiet hours" : ""
        // Rounded to the microsecond: the text says tenths of a millisecond,
        // a program gets what the clock can tell apart.
        let metadata = LogTopic.fire.metadata(job.logMetadata(clock: timeRules.clock).merging([
            "lateness_ms": .stringConvertible((latenessMilliseconds * 1000).rounded() / 1000),
        ]) { $1 })
        if case .event(let eventID) = job.reminder.owner {
            logger.info("Event: \(job.notification.summary.debugDescription) (event \(eventID), alarm at \(DateText.iso8601(job.reminder.at, clock: timeRules.clock))\(held), \(late) late\(retry))",
                        metadata: metadata)
        } else if job.reminders.count > 1 {
            logger.info("Digest: \(job.notification.summary.debugDescription) (\(job.reminders.count) reminders of tasks \(job.reminders.compactMap(\.taskID).map(String.init).joined(separator: ", ")), \(late) late\(retry))",
                        metadata: metadata)
        } else {
            logger.info("Reminder: \(job.notification.summary.debugDescription) (task \(job.reminder.taskID ?? 0), \(job.reminder.kind.label) at \(DateText.iso8601(job.reminder.at, clock: timeRules.clock))\(held), \(late) late\(retry))",
                        metadata: metadata)
        }
    }
}
