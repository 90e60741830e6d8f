import Foundation

/// Everything the daemon does at one moment, decided without I/O: what to
/// show and what to record. The engine reads the inputs from the store and
/// carries out the answer.
extension DeliveryPlanner {
    /// - Parameters:
    ///   - now, watermark, tasks, daily, recorded: as for `decide`.
    ///   - inFlight: reminders handed to the notifier and not answered yet,
    ///     which are not fired again.
    ///   - dueRetries: retries whose time has come, none of them in flight.
    ///   - retryTasks: the tasks of those retries as they are now, by id; a
    ///     task missing was deleted.
    public func plan(
        now: Date, watermark: Date?, tasks: [TodoTask], daily: [TaskReminder], recorded: Set<Reminder.ID>,
        inFlight: Set<Reminder.ID>, dueRetries: [PendingRetry], retryTasks: [Int64: TodoTask]
    ) -> DeliveryPlan {
        let decisions = decide(now: now, watermark: watermark, tasks: tasks, daily: daily, recorded: recorded)
        var plan = DeliveryPlan(skippedCount: decisions.skip.count, nextHeld: decisions.nextHeld)
        plan.records = decisions.skip.map {
            DeliveryRecord(reminder: $0, status: .skipped, firedAt: now, detail: "older than the catch-up window")
        }
        let fresh = decisions.fire.filter { !inFlight.contains($0.reminder.id) }.map { (entry: $0, attempt: 1) }
        send(fresh, at: now, into: &plan)
        let (again, dropped) = recheck(dueRetries, tasks: retryTasks, at: now)
        plan.records += dropped
        send(again, at: now, into: &plan)
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
        let firesAt = scheduler.fireTime(at: at, priority: .low).at
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

    /// The retries re-checked against the tasks as they are now: a reminder
    /// whose task was completed, deleted, switched off or moved meanwhile is
    /// not shown, nor one the catch-up window has left behind since (the
    /// machine slept through the retry's time, or the window was shortened).
    /// What remains goes to be batched again: a digest whose tasks were
    /// mostly done meanwhile becomes a bubble each.
    private func recheck(_ retries: [PendingRetry], tasks: [Int64: TodoTask], at instant: Date)
        -> (again: [(entry: TaskReminder, attempt: Int)], dropped: [DeliveryRecord]) {
        var again: [(entry: TaskReminder, attempt: Int)] = []
        var dropped: [DeliveryRecord] = []
        for retry in retries.sorted(by: { $0.firesAt < $1.firesAt }) {
            for recorded in retry.reminders {
                let entry = tasks[recorded.taskID].flatMap { task in current(recorded, of: task).map { TaskReminder($0, of: task) } }
                switch retryVerdict(retry, firesAt: entry.map { fireTime(of: $0).at }, changed: "the task changed before it could be shown",
                                    at: instant) {
                case .again(let attempt):
                    if let entry { again.append((entry, attempt)) }
                case .dropped(let detail):
                    dropped.append(DeliveryRecord(reminder: recorded, status: .skipped, firedAt: instant,
                                                  attempts: retry.attempts, detail: detail))
                }
            }
        }
        return (again, dropped)
    }

    /// The one batching path, for first attempts and retries alike: the
    /// reminders firing at one instant (their own, or the end of the quiet
    /// hours that held them) are shown together, a bubble each or one digest
    /// (`Scheduler.batch`), each on record as `sending`; a group's attempt is
    /// the highest of its reminders'.
    private func send(_ entries: [(entry: TaskReminder, attempt: Int)], at instant: Date, into plan: inout DeliveryPlan) {
        let timed = entries.map { (entry: $0.entry, attempt: $0.attempt, fire: fireTime(of: $0.entry)) }
        for group in Self.grouped(timed, by: \.fire.at) {
            let firesAt = group[0].fire.at
            let attempt = group.map(\.attempt).max() ?? 1
            let batch = scheduler.batch(group.map(\.entry), firingAt: firesAt)
            plan.held.formUnion(group.filter(\.fire.isHeld).map(\.entry.reminder.id))
            plan.batches.append((batch, firesAt, attempt))
            plan.records += batch.reminders.map {
                DeliveryRecord(reminder: $0, status: .sending, firedAt: instant, attempts: attempt)
            }
        }
    }

    /// The task's reminder with the identity of `reminder`, as it falls now
    /// (its instant may have moved with the zone): one of its own, or the
    /// daily reminder of it being overdue; nil when it has none such any more.
    private func current(_ reminder: Reminder, of task: TodoTask) -> Reminder? {
        if let own = scheduler.reminders(for: task).first(where: { $0.id == reminder.id }) { return own }
        guard case .day(let day) = reminder.occurrence, reminder.kind == .morning,
              let daily = scheduler.dailyOverdueReminder(for: task, on: day), daily.id == reminder.id
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
