import FoundationEssentials

/// The morning digest and the daily reminder of overdue tasks, by the policy's
/// [`digest`], [`digest-threshold`] and [`overdue-in-digest`].
///
/// The rule, for the daemon: every day at the reminder time, each open task
/// with its reminder on that is overdue by then gets a reminder of its own
/// (`dailyOverdueReminders(for:on:)`), so an overdue task is not forgotten
/// after its one morning. Reminders are then grouped by the instant they fire
/// (`fireTime(of:priority:)`), and each group goes through
/// `batch(_:firingAt:)`: more tasks than the threshold make one digest,
/// fewer a bubble each. The morning is where groups grow large, but a group
/// released together at the end of quiet hours is digested the same way.
extension TimeRules {
    /// The reminder time on `day`, by docs/ARCHITECTURE.md §2's rules for gaps and repeats.
    func dailyReminderInstant(on day: LocalDay) -> Date {
        clock.instant(on: day, at: policy.reminderTime)
    }

    /// The last reminder time at or before `now`: today's if it has come, else yesterday's.
    public func latestDailyReminderInstant(atOrBefore now: Date) -> Date {
        let today = clock.day(of: now)
        let todays = dailyReminderInstant(on: today)
        return todays <= now ? todays : dailyReminderInstant(on: today.adding(days: -1))
    }

    /// The first reminder time strictly after `now`: today's if it is still to come, else tomorrow's.
    public func nextDailyReminderInstant(after now: Date) -> Date {
        let today = clock.day(of: now)
        let todays = dailyReminderInstant(on: today)
        return todays > now ? todays : dailyReminderInstant(on: today.adding(days: 1))
    }

    /// The daily reminder of an overdue task on `day`: a `.morning` reminder at
    /// that day's reminder time, or nil.
    ///
    /// There is one when `overdue-in-digest` is on and the task is open, has
    /// its reminder on and is overdue at that instant, unless one of its own
    /// reminders already falls at that very instant (a task due at 09:00 is
    /// reminded at its due time, not twice) or a snooze puts it off past that
    /// instant (the snooze's own reminder brings it back). It is a `.morning` reminder
    /// because that is what it is, the reminder time of a day; it can never be
    /// mistaken for the task's own morning reminder, which always comes before
    /// its due instant: its occurrence is the day it reminds on, which for a
    /// day task is always after its due day, and for a timed task is a day
    /// where its own reminders have the due instant.
    public func dailyOverdueReminder(for task: TodoTask, on day: LocalDay) -> Reminder? {
        dailyOverdueReminder(for: task, on: day, at: dailyReminderInstant(on: day))
    }

    /// `dailyOverdueReminder(for:on:)`, given the reminder time of `day`
    /// (`at`), worked out once by a caller that asks of many tasks.
    func dailyOverdueReminder(for task: TodoTask, on day: LocalDay, at: Date) -> Reminder? {
        // The daily reminder is one of the defaults: a task that keeps its
        // alarms alone (`--no-remind-defaults`) has none, as the store's
        // queries for the daemon and `next` have it.
        guard policy.overdueInDigest, task.hasDefaultReminders, let due = task.due
        else { return nil }
        guard dueInstant(of: due) <= at, !task.isSnoozed(after: at),
              !reminders(for: task).contains(where: { $0.at == at })
        else { return nil }
        return dailyReminder(ofTask: task.id, on: day, at: at)
    }

    /// The daily reminder of an overdue task on `day`, whose reminder time is
    /// `at`, once `dailyOverdueReminder(for:on:)` has found the task has one.
    func dailyReminder(ofTask taskID: Int64, on day: LocalDay, at: Date) -> Reminder {
        Reminder(taskID: taskID, kind: .morning, occurrence: .day(day), at: at)
    }

    /// The daily reminders of `day` for those of `tasks` that are overdue then,
    /// most urgent first. Give it every open, reminder-on task due before that
    /// day's reminder time; the others are left out.
    public func dailyOverdueReminders(for tasks: some Sequence<TodoTask>, on day: LocalDay) -> [TaskReminder] {
        let reminders = tasks.compactMap { task in
            dailyOverdueReminder(for: task, on: day).map { TaskReminder($0, of: task) }
        }
        return sortedByUrgency(reminders, at: dailyReminderInstant(on: day))
    }

    /// How reminders that fire together at `instant` are shown: one digest
    /// when the digest is on and they are for more tasks than the threshold,
    /// otherwise a bubble each. Either way most urgent first.
    ///
    /// Give it every reminder firing at `instant`: those falling there, those
    /// quiet hours held until then, and, on the morning, that day's
    /// `dailyOverdueReminders(for:on:)`.
    public func batch(_ reminders: [TaskReminder], firingAt instant: Date) -> ReminderBatch {
        let sorted = sortedByUrgency(reminders, at: instant)
        guard comesAsDigest(taskCount: Set(sorted.map(\.task.id)).count) else { return .separate(sorted) }
        var seen: Set<Int64> = []
        var items: [Digest.Item] = []
        for entry in sorted where seen.insert(entry.task.id).inserted {
            let dueNow = entry.task.due.map { $0.isTimed && dueInstant(of: $0) == instant } ?? false
            let overdue = !dueNow && state(of: entry.task, at: instant) == .overdue
            items.append(Digest.Item(task: entry.task, isOverdue: overdue, isDueNow: dueNow))
        }
        return .digest(Digest(at: instant, items: items, reminders: sorted.map(\.reminder)))
    }

    /// Whether reminders of this many tasks, firing together, come as one
    /// digest: the digest is on and they are more than the threshold.
    func comesAsDigest(taskCount: Int) -> Bool {
        policy.digestEnabled && taskCount > policy.digestThreshold
    }

    /// Most urgent first: overdue at `instant` before the rest, then priority
    /// high to low, then due instant (no due date last), then task id, then
    /// the reminder's own instant.
    func sortedByUrgency(_ reminders: [TaskReminder], at instant: Date) -> [TaskReminder] {
        sortedByUrgency(reminders, at: instant, entry: \.self)
    }

    /// `sortedByUrgency(_:at:)` of items that each stand for a reminder with
    /// its task (`entry`, asked once per item).
    func sortedByUrgency<Item>(_ items: [Item], at instant: Date, entry: (Item) -> TaskReminder) -> [Item] {
        guard items.count > 1 else { return items }
        let keyed = items.map { item in
            let entry = entry(item)
            let due = entry.task.due.map(dueInstant(of:))
            return (item: item, overdue: due.map { $0 <= instant && !entry.task.isCompleted } ?? false,
                    priority: entry.task.priority, due: due, taskID: entry.task.id, at: entry.reminder.at)
        }
        return keyed.sorted { a, b in
            if a.overdue != b.overdue { return a.overdue }
            if a.priority != b.priority { return a.priority > b.priority }
            if a.due != b.due {
                guard let left = a.due else { return false }
                guard let right = b.due else { return true }
                return left < right
            }
            if a.taskID != b.taskID { return a.taskID < b.taskID }
            return a.at < b.at
        }.map(\.item)
    }
}
