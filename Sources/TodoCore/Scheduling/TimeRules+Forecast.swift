import FoundationEssentials

/// What fires next, by the rules the daemon fires by: quiet hours
/// (`fireTime(of:priority:)`), the daily reminder of overdue tasks
/// (`dailyOverdueReminder(for:on:)`) and the digest (`batch(_:firingAt:)`).
///
/// `forecast` is the one answer to "what fires next" (worked out in
/// `comingFirings`), and everything that says so asks it: `next` lists its
/// firings, `list`, `show` and the JSON call a task's first one its next
/// reminder (`nextFiring(for:after:dailyInstants:)`, the same asked of one
/// task), `status` reports the first, and the daemon arms its timer for the
/// first (`DeliveryPlanner.wake`). Each gathers the inputs it has at hand
/// (the store's from SQLite: `TaskStore.forecast`) and asks here, so none of
/// them can disagree with the daemon about what fires when.
extension TimeRules {
    /// How many reminders past those wanted are read to order the first ones
    /// by when they fire: quiet hours can let a later high-priority reminder
    /// through before earlier ones they hold. Also how many of a series'
    /// coming occurrences are looked at for reminders.
    public static let forecastLookahead = 50

    /// The instant from which reminders that are still to be shown must be
    /// looked for: the start of the quiet hours `now` is in (reminders held
    /// since then fire when they end), else `now`.
    public func forecastStart(at now: Date) -> Date {
        policy.quietHours?.stretch(containing: now, clock: clock)?.lowerBound ?? now
    }

    /// The reminder times whose daily reminders of overdue tasks are still to
    /// be shown after `now`: the next one, and the last one if quiet hours
    /// still hold it. Empty when `overdue-in-digest` is off.
    public func forecastDailyInstants(after now: Date) -> [Date] {
        forecastDailyInstants(after: now, days: 1)
    }

    /// As `forecastDailyInstants(after:)`, with `days` reminder times from
    /// the next one on: an overdue task is reminded every morning until done.
    public func forecastDailyInstants(after now: Date, days: Int) -> [Date] {
        guard policy.overdueInDigest else { return [] }
        let latest = latestDailyReminderInstant(atOrBefore: now)
        let held = fireTime(at: latest, priority: .low).at > now
        let next = clock.day(of: nextDailyReminderInstant(after: now))
        return (held ? [latest] : []) + (0..<max(1, days)).map { dailyReminderInstant(on: next.adding(days: $0)) }
    }

    /// The next `limit` firings after `now`, in the order the daemon shows
    /// them: by the instant each fires (held ones at the end of the quiet
    /// hours), and at one instant most urgent first, marked when they come
    /// in a digest.
    ///
    /// An overdue task's daily reminder is listed once, at the first
    /// reminder time it falls on after `now`, marked daily: the daemon
    /// reminds of it every morning until it is done, and the list stays one
    /// of different reminders. Those later mornings still count for whether
    /// the reminders firing with them come in a digest.
    ///
    /// - Parameters:
    ///   - upcoming: the tasks' own reminders (snoozes included) that may
    ///     fire after `now`, with their tasks: those from `forecastStart(at:)`
    ///     on, earliest first (the daemon gives the first one quiet hours
    ///     hold that it has not shown, and the next ones after `now`).
    ///   - overdueCandidates: open, reminder-on tasks that may be overdue at
    ///     one of `mornings`; the others are left out.
    ///   - laterOccurrences: the reminders of repeating tasks' occurrences
    ///     after their open one, each with its task as it will be then.
    ///   - mornings: the reminder times, ascending, at which daily reminders
    ///     of overdue tasks are looked for; by default
    ///     `forecastDailyInstants(after: now, days: limit)`.
    public func forecast(
        upcoming: [TaskReminder], overdueCandidates: [TodoTask], laterOccurrences: [TaskReminder] = [],
        mornings: [Date]? = nil, after now: Date, limit: Int
    ) -> [Firing] {
        let mornings = mornings ?? forecastDailyInstants(after: now, days: limit)
        var firings: [Firing] = []
        comingFirings(upcoming: upcoming, overdueCandidates: overdueCandidates, laterOccurrences: laterOccurrences,
                      mornings: mornings, after: now, limit: limit) { item, inDigest in
            firings.append(firing(item, inDigest: inDigest, upcoming: upcoming, overdueCandidates: overdueCandidates,
                                  laterOccurrences: laterOccurrences, mornings: mornings))
        }
        return firings
    }

    /// The task's next firing after `now`, as the daemon will show it: the
    /// first of `forecast` asked with this one task (its own reminders, it
    /// as a candidate for the daily reminder, no coming occurrences); nil
    /// when none is to come. It is never in a digest: whether it comes in one
    /// depends on the other tasks, which `forecast` over all of them says.
    ///
    /// - Parameter dailyInstants: `forecastDailyInstants(after: now)`, worked
    ///   out once by a caller that asks this of many tasks.
    public func nextFiring(for task: TodoTask, after now: Date, dailyInstants: [Date]? = nil) -> Firing? {
        guard task.hasReminders else { return nil }
        let mornings = dailyInstants ?? forecastDailyInstants(after: now)
        // `list` asks this of every task: its inputs are passed without
        // building lists where they are one reminder or none.
        let candidate = CollectionOfOne(task)
        func first<Own: RandomAccessCollection<TaskReminder>>(_ own: Own) -> Firing? where Own.Index == Int {
            var first: Firing?
            comingFirings(upcoming: own, overdueCandidates: candidate, laterOccurrences: EmptyCollection(),
                          mornings: mornings, after: now, limit: 1) { item, inDigest in
                first = firing(item, inDigest: inDigest, upcoming: own, overdueCandidates: candidate,
                               laterOccurrences: EmptyCollection(), mornings: mornings)
            }
            return first
        }
        if policy.quietHours != nil {
            let start = forecastStart(at: now)
            return first(reminders(for: task).filter { $0.at >= start }.map { TaskReminder($0, of: task) })
        }
        // Nothing is held: the first own reminder after now is the only one that can come first.
        guard let next = nextReminder(for: task, after: now) else { return first(EmptyCollection()) }
        return first(CollectionOfOne(TaskReminder(next, of: task)))
    }

    /// A reminder `comingFirings` lists, with its task.
    private func firing<Own, Overdue, Later>(
        _ item: Pending, inDigest: Bool, upcoming: Own, overdueCandidates: Overdue, laterOccurrences: Later, mornings: [Date]
    ) -> Firing where Own: RandomAccessCollection<TaskReminder>, Own.Index == Int,
                      Overdue: RandomAccessCollection<TodoTask>, Overdue.Index == Int,
                      Later: RandomAccessCollection<TaskReminder>, Later.Index == Int {
        let (daily, later) = switch item.source {
        case .own: (false, false)
        case .laterOccurrence: (false, true)
        case .daily: (true, false)
        }
        return Firing(entry: entry(item, upcoming: upcoming, overdueCandidates: overdueCandidates,
                                   laterOccurrences: laterOccurrences, mornings: mornings),
                      fire: item.fire, isDailyOverdue: daily, inDigest: inDigest, isLaterOccurrence: later)
    }

    /// The reminder `item` stands for, with its task.
    private func entry<Own, Overdue, Later>(
        _ item: Pending, upcoming: Own, overdueCandidates: Overdue, laterOccurrences: Later, mornings: [Date]
    ) -> TaskReminder where Own: RandomAccessCollection<TaskReminder>, Own.Index == Int,
                            Overdue: RandomAccessCollection<TodoTask>, Overdue.Index == Int,
                            Later: RandomAccessCollection<TaskReminder>, Later.Index == Int {
        switch item.source {
        case .own: upcoming[item.index]
        case .laterOccurrence: laterOccurrences[item.index]
        case .daily(let day, let morning):
            TaskReminder(dailyReminder(ofTask: item.taskID, on: day, at: mornings[morning]), of: overdueCandidates[item.index])
        }
    }

    /// The coming firings, in order, handed to `body` (each with whether it
    /// comes in a digest) until `limit`: the one place they are worked out,
    /// for `forecast` and `nextFiring` alike, whatever collections the
    /// inputs come in.
    ///
    /// Inlined into each caller, so that it is compiled for the collections
    /// each passes: `list` asks it of every task, with one reminder or none,
    /// where lists made for each would cost more than the answer.
    @inline(__always)
    private func comingFirings<Own, Overdue, Later>(
        upcoming: Own, overdueCandidates: Overdue, laterOccurrences: Later, mornings: [Date], after now: Date, limit: Int,
        _ body: (Pending, Bool) -> Void
    ) where Own: RandomAccessCollection<TaskReminder>, Own.Index == Int,
            Overdue: RandomAccessCollection<TodoTask>, Overdue.Index == Int,
            Later: RandomAccessCollection<TaskReminder>, Later.Index == Int {
        guard limit > 0 else { return }
        func own<Entries: RandomAccessCollection<TaskReminder>>(_ index: Int, in entries: Entries, _ source: Pending.Source)
            -> Pending? where Entries.Index == Int {
            let fire = fireTime(of: entries[index].reminder, priority: entries[index].task.priority)
            // Passed and not held: the daemon has shown it already.
            return fire.at > now ? Pending(source: source, index: index, taskID: entries[index].task.id, fire: fire) : nil
        }
        func daily(_ index: Int) -> Pending? {
            guard let first = firstDailyOverdueReminder(for: overdueCandidates[index], among: mornings, after: now) else { return nil }
            return Pending(source: .daily(day: first.day, morning: first.morning), index: index,
                           taskID: overdueCandidates[index].id, fire: first.fire)
        }

        if upcoming.count < 2, laterOccurrences.isEmpty, overdueCandidates.count < 2 {
            // One task's own reminder and daily reminder at most (what `list`
            // asks of every task), answered without lists: each alone at its
            // instant, or one task's together, which come in the order of
            // their own instants (`sortedByUrgency` of one task).
            let own = upcoming.isEmpty ? nil : own(0, in: upcoming, .own)
            let daily = overdueCandidates.isEmpty ? nil : daily(0)
            if let own, let daily {
                if own.taskID == daily.taskID {
                    // The daily reminder's own instant is its reminder time.
                    guard case .daily(_, let morning) = daily.source else { return }
                    let ownFirst = (own.fire.at, upcoming[0].reminder.at) <= (daily.fire.at, mornings[morning])
                    body(ownFirst ? own : daily, comesAsDigest(taskCount: 1))
                    if limit > 1 { body(ownFirst ? daily : own, comesAsDigest(taskCount: 1)) }
                    return
                }
                // Two tasks: as any number, below.
            } else {
                if let only = own ?? daily { body(only, comesAsDigest(taskCount: 1)) }
                return
            }
        }

        var pending: [Pending] = []
        for index in upcoming.indices { if let item = own(index, in: upcoming, .own) { pending.append(item) } }
        for index in laterOccurrences.indices { if let item = own(index, in: laterOccurrences, .laterOccurrence) { pending.append(item) } }
        for index in overdueCandidates.indices { if let item = daily(index) { pending.append(item) } }
        let order = pending.indices.sorted { a, b in
            pending[a].fire.at != pending[b].fire.at ? pending[a].fire.at < pending[b].fire.at : a < b
        }
        var recurring = RecurringDailies(overdueCandidates: Array(overdueCandidates), mornings: mornings, pending: pending)
        var count = 0
        var start = order.startIndex
        while start < order.endIndex {
            let instant = pending[order[start]].fire.at
            var end = start + 1
            while end < order.endIndex, pending[order[end]].fire.at == instant { end += 1 }
            let group = order[start..<end].map { pending[$0] }
            start = end
            // The same batching the daemon does (`batch(_:firingAt:)`): more
            // tasks than the threshold make one digest, most urgent first
            // either way.
            let tasks = Set(group.map(\.taskID))
            var taskCount = tasks.count
            if !comesAsDigest(taskCount: taskCount), policy.digestEnabled {
                taskCount += recurring.tasks(firingAt: instant, besides: tasks, upTo: policy.digestThreshold + 1 - taskCount, timeRules: self)
            }
            let inDigest = comesAsDigest(taskCount: taskCount)
            let sorted = sortedByUrgency(group, at: instant) { item in
                entry(item, upcoming: upcoming, overdueCandidates: overdueCandidates, laterOccurrences: laterOccurrences,
                      mornings: mornings)
            }
            for item in sorted {
                body(item, inDigest)
                count += 1
                if count == limit { return }
            }
        }
    }

    /// The first of `mornings` at which the task has a daily reminder of
    /// being overdue that still fires after `now` (its index), that
    /// reminder's day, and when it fires; nil for none.
    private func firstDailyOverdueReminder(for task: TodoTask, among mornings: [Date], after now: Date)
        -> (morning: Int, day: LocalDay, fire: FireTime)? {
        guard policy.overdueInDigest, task.hasDefaultReminders, let due = task.due, let last = mornings.last,
              // A task not due by the last morning has none: its due instant
              // lies within the slack of its sort key, which is cheaper to
              // tell than the instant (`list` asks this of every task).
              due.sortKey - Due.sortKeyZoneSlack <= last.timeIntervalSince1970
        else { return nil }
        // No morning before the task falls due, or before its snooze ends,
        // has one: the search starts after them.
        var earliest = dueInstant(of: due)
        if let until = task.snoozedUntil, until > earliest { earliest = until }
        var index = Self.firstIndex(in: mornings, atOrAfter: earliest)
        while index < mornings.endIndex {
            let (at, day) = (mornings[index], clock.day(of: mornings[index]))
            if dailyOverdueReminder(for: task, on: day, at: at) != nil {
                let fire = fireTime(at: at, priority: task.priority)
                if fire.at > now { return (index, day, fire) }
            }
            index += 1
        }
        return nil
    }

    /// The index of the first of `instants` (ascending) at or after `instant`.
    static func firstIndex(in instants: [Date], atOrAfter instant: Date) -> Int {
        var (low, high) = (instants.startIndex, instants.endIndex)
        while low < high {
            let middle = (low + high) / 2
            if instants[middle] < instant { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// A reminder `forecast` may list: where it came from (its index in the
/// input it came from), its task and when it fires.
private struct Pending {
    enum Source {
        case own, laterOccurrence
        /// An overdue task's daily reminder, on this day, at the reminder
        /// time of this index of the mornings.
        case daily(day: LocalDay, morning: Int)
    }

    let source: Source
    let index: Int
    let taskID: Int64
    let fire: FireTime
}

/// The daily reminders of overdue tasks that `forecast` listed once, on the
/// mornings after: the daemon reminds of them again, so they count for the
/// digest of whatever fires with them.
private struct RecurringDailies {
    let overdueCandidates: [TodoTask]
    let mornings: [Date]
    /// The tasks listed with a daily reminder (their index in
    /// `overdueCandidates`), and the index in `mornings` of it.
    let listed: [(task: Int, morning: Int)]
    /// When each morning's daily reminder fires, by priority (quiet hours can
    /// hold one and let another through), worked out when first needed.
    private var fires: [Priority: [Date]] = [:]

    init(overdueCandidates: [TodoTask], mornings: [Date], pending: [Pending]) {
        self.overdueCandidates = overdueCandidates
        self.mornings = mornings
        self.listed = pending.compactMap { item in
            guard case .daily(_, let morning) = item.source else { return nil }
            return (item.index, morning)
        }
    }

    /// How many tasks not in `present` have a daily reminder firing at
    /// `instant` on a morning after the one they are listed at, counted up to
    /// `limit`: the group needs no more to be a digest.
    mutating func tasks(firingAt instant: Date, besides present: Set<Int64>, upTo limit: Int, timeRules: TimeRules) -> Int {
        guard limit > 0, !listed.isEmpty else { return 0 }
        var count = 0
        var found: [Priority: Int?] = [:]
        for (index, first) in listed where !present.contains(overdueCandidates[index].id) {
            let task = overdueCandidates[index]
            let morning: Int?
            if let known = found[task.priority] {
                morning = known
            } else {
                morning = self.morning(firingAt: instant, priority: task.priority, timeRules: timeRules)
                found[task.priority] = .some(morning)
            }
            guard let morning, morning > first else { continue }
            let at = mornings[morning]
            guard timeRules.dailyOverdueReminder(for: task, on: timeRules.clock.day(of: at), at: at) != nil else { continue }
            count += 1
            if count == limit { break }
        }
        return count
    }

    /// The index of the morning whose daily reminder of a task of `priority`
    /// fires at `instant`, if one does.
    private mutating func morning(firingAt instant: Date, priority: Priority, timeRules: TimeRules) -> Int? {
        let fires = self.fires[priority] ?? mornings.map { timeRules.fireTime(at: $0, priority: priority).at }
        self.fires[priority] = fires
        // Non-decreasing: holding moves an instant to the end of its stretch, never past a later one's.
        let index = TimeRules.firstIndex(in: fires, atOrAfter: instant)
        return index < fires.endIndex && fires[index] == instant ? index : nil
    }
}
