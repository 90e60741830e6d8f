import FoundationEssentials

/// Everything the daemon does at one moment, decided without I/O: what to
/// show and what to record. The engine reads the inputs from the store and
/// carries out the answer.
extension DeliveryPlanner {
    /// - Parameters:
    ///   - now, watermark, daily, recorded, inFlight: as for `decide`.
    ///   - reminders: the own reminders of every remindable task with one in
    ///     `lookbackStart...now` (`TimeRules.reminders(of:)`), worked out
    ///     once for `candidates` and the plan.
    ///   - events: events' alarm instants in `lookbackStart...now`, as the
    ///     index holds them: by the same rules as tasks' reminders, but each
    ///     a bubble of its own, never in a digest (an event's bubble is its
    ///     when and where and its Snooze, which a digest's line would lose).
    ///   - dueRetries: retries whose time has come, none of them in flight.
    ///   - retryTasks, retryEvents: what those retries' reminders are of, as
    ///     it is now; one missing was deleted, or (an event's alarm instant
    ///     the index no longer holds) acknowledged, cancelled or moved.
    public func plan(
        now: Date, watermark: Date?, reminders: [TaskReminder], daily: [TaskReminder], events: [ReminderOf<EventInstance>] = [],
        recorded: Set<Reminder.ID>, inFlight: Set<Reminder.ID>, dueRetries: [PendingRetry], retryTasks: [Int64: TodoTask],
        retryEvents: [Reminder.ID: ReminderOf<EventInstance>] = [:]
    ) -> DeliveryPlan {
        let taskDecisions = decide(now: now, watermark: watermark, entries: reminders, daily: daily, recorded: recorded, inFlight: inFlight)
        let eventDecisions = decide(now: now, watermark: watermark, entries: events, recorded: recorded, inFlight: inFlight)
        var plan = DeliveryPlan(skippedCount: taskDecisions.skip.count + eventDecisions.skip.count,
                                nextHeld: taskDecisions.nextHeld, nextHeldEvent: eventDecisions.nextHeld)
        plan.records = (taskDecisions.skip + eventDecisions.skip).map {
            DeliveryRecord(reminder: $0, status: .skipped, firedAt: now, detail: "older than the catch-up window")
        }
        send(taskDecisions.fire.map { ($0.entry, $0.fire, 1) }, eventDecisions.fire.map { ($0.entry, $0.fire, 1) }, at: now, into: &plan)
        var tasksAgain: [(entry: TaskReminder, fire: FireTime, attempt: Int)] = []
        var eventsAgain: [(entry: ReminderOf<EventInstance>, fire: FireTime, attempt: Int)] = []
        for retry in dueRetries.sorted(by: { $0.firesAt < $1.firesAt }) {
            for recorded in retry.reminders {
                switch recorded.owner {
                case .task(let taskID):
                    let entry = retryTasks[taskID].flatMap { task in current(recorded, of: task).map { TaskReminder($0, of: task) } }
                    recheck(retry, recorded, entry, changed: "the task changed before it could be shown", at: now,
                            again: &tasksAgain, into: &plan)
                case .event:
                    recheck(retry, recorded, retryEvents[recorded.id], changed: "the event changed before it could be shown", at: now,
                            again: &eventsAgain, into: &plan)
                }
            }
        }
        send(tasksAgain, eventsAgain, at: now, into: &plan)
        return plan
    }

    /// Whether a reminder that fires at `firesAt` may still be shown at
    /// `instant`: the one catch-up rule, for first attempts, retries and
    /// deliveries a previous run left unfinished.
    public func isWithinCatchUp(firesAt: Date, at instant: Date) -> Bool {
        firesAt >= instant.addingTimeInterval(-catchUpWindow)
    }

    /// The one rule for a delivery a previous run left on the ledger
    /// unfinished (`sending`: stopped mid-delivery, perhaps shown; `failed`:
    /// between retries), a task's reminder or an event's alarm falling at
    /// `at`: tried again at once, once, as the attempt after those recorded
    /// (under the same stack tag, which replaces a bubble the server did
    /// show), while the latest fire time quiet hours could give it is within
    /// the catch-up window (its priority is not at hand; the retry works its
    /// fire time out again). Returns that fire time, or nil when the window
    /// has closed and it is given up.
    public func resumedFiring(of at: Date, at instant: Date) -> Date? {
        let firesAt = timeRules.fireTime(at: at, priority: .low).at
        return isWithinCatchUp(firesAt: firesAt, at: instant) ? firesAt : nil
    }

    /// What becomes of a retry whose time has come, a task's or an event's:
    /// shown again as the next attempt while what it is for still stands as
    /// it was (`firesAt`: its fire time now; nil when its task or event
    /// changed so that it no longer fires) and its fire time is within the
    /// catch-up window; else dropped, on record as skipped with why.
    enum RetryVerdict: Equatable {
        case again(attempt: Int)
        case dropped(String)
    }

    func retryVerdict(_ retry: PendingRetry, firesAt: Date?, changed: String, at instant: Date) -> RetryVerdict {
        guard let firesAt else { return .dropped(changed) }
        guard isWithinCatchUp(firesAt: firesAt, at: instant) else { return .dropped("not shown before the catch-up window closed") }
        return .again(attempt: retry.attempts + 1)
    }

    /// When to try again a notification whose `attempt` failed at `instant`,
    /// or nil when that would be outside the catch-up window of its
    /// reminders (firing at `firesAt`) and it is given up.
    public func nextAttempt(after attempt: Int, firesAt: Date, failedAt instant: Date) -> Date? {
        let nextAt = instant.addingTimeInterval(RetrySchedule.notifications.delay(afterAttempts: attempt))
        return isWithinCatchUp(firesAt: firesAt, at: nextAt) ? nextAt : nil
    }

    /// One reminder of a retry re-checked against what it is of as it is
    /// now (`entry`: nil when its task was completed, deleted, switched off
    /// or moved meanwhile, or its event's alarm is no longer indexed): shown
    /// again, or not, nor when the catch-up window has left it behind since
    /// (the machine slept through the retry's time, or the window was
    /// shortened). What is shown again goes to be batched anew: a digest
    /// whose tasks were mostly done meanwhile becomes a bubble each.
    private func recheck<Subject>(
        _ retry: PendingRetry, _ recorded: Reminder, _ entry: ReminderOf<Subject>?, changed: String, at instant: Date,
        again: inout [(entry: ReminderOf<Subject>, fire: FireTime, attempt: Int)], into plan: inout DeliveryPlan
    ) {
        let fire = entry.map { timeRules.fireTime(of: $0) }
        switch retryVerdict(retry, firesAt: fire?.at, changed: changed, at: instant) {
        case .again(let attempt):
            if let entry, let fire { again.append((entry, fire, attempt)) }
        case .dropped(let detail):
            plan.records.append(DeliveryRecord(reminder: entry?.reminder ?? recorded, status: .skipped, firedAt: instant,
                                               attempts: retry.attempts, detail: detail))
        }
    }

    /// The one batching path, for first attempts and then retries: the
    /// reminders firing at one instant (their own, or the end of the quiet
    /// hours that held them) are shown together, tasks' a bubble each or one
    /// digest (`TimeRules.batch`), events' a bubble each; each on record as
    /// `sending`. A group's attempt is the highest of its reminders'.
    private func send(
        _ tasks: [(entry: TaskReminder, fire: FireTime, attempt: Int)],
        _ events: [(entry: ReminderOf<EventInstance>, fire: FireTime, attempt: Int)],
        at instant: Date, into plan: inout DeliveryPlan
    ) {
        var batches: [(batch: ReminderBatch, firesAt: Date, attempt: Int)] = []
        for group in Self.grouped(tasks, by: \.fire.at) {
            let firesAt = group[0].fire.at
            batches.append((timeRules.batch(group.map(\.entry), firingAt: firesAt), firesAt, group.map(\.attempt).max() ?? 1))
            plan.held.formUnion(group.filter(\.fire.isHeld).map(\.entry.reminder.id))
        }
        let orderedEvents = events.sorted { a, b in
            if a.fire.at != b.fire.at { return a.fire.at < b.fire.at }
            return TimeRules.precedes(a.entry.reminder, b.entry.reminder)
        }
        for event in orderedEvents {
            batches.append((.event(event.entry), event.fire.at, event.attempt))
            if event.fire.isHeld { plan.held.insert(event.entry.reminder.id) }
        }
        for (batch, _, attempt) in batches {
            plan.records += batch.reminders.map { DeliveryRecord(reminder: $0, status: .sending, firedAt: instant, attempts: attempt) }
        }
        plan.batches += batches
    }

    /// The task's reminder with the identity of `reminder`, as it falls now
    /// (its instant may have moved with the zone): one of its own, or the
    /// daily reminder of it being overdue; nil when it has none such any more.
    private func current(_ reminder: Reminder, of task: TodoTask) -> Reminder? {
        if let own = timeRules.reminders(for: task).first(where: { $0.id == reminder.id }) { return own }
        guard case .day(let day) = reminder.occurrence, reminder.kind == .morning,
              let daily = timeRules.dailyOverdueReminder(for: task, on: day), daily.id == reminder.id
        else { return nil }
        return daily
    }

    /// The elements in groups of equal `key`, in ascending order of it, each
    /// group in the order given.
    private static func grouped<Element>(_ elements: [Element], by key: (Element) -> Date) -> [[Element]] {
        var groups: [Date: [Element]] = [:]
        for element in elements { groups[key(element), default: []].append(element) }
        return groups.keys.sorted().compactMap { groups[$0] }
    }
}
