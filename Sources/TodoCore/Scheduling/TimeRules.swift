import FoundationEssentials

/// Works out due instants, states, groups and reminders (docs/ARCHITECTURE.md §2).
///
/// Pure: it is given a time zone and a policy at creation,
/// and `now` on every question; it never reads the clock or the environment.
public struct TimeRules: Sendable {
    public let clock: WallClock
    public let policy: ReminderPolicy

    public init(zone: Zone, policy: ReminderPolicy = .standard) {
        self.clock = WallClock(timeZone: zone)
        self.policy = policy
    }

    public init(clock: WallClock, policy: ReminderPolicy = .standard) {
        self.clock = clock
        self.policy = policy
    }

    /// The instant a due date is reached: the start of the next local day for a
    /// day due, the instant itself for a timed due.
    public func dueInstant(of due: Due) -> Date {
        switch due {
        case .day(let day):
            return clock.startOfDay(day.adding(days: 1))
        case .time(let instant):
            return instant
        }
    }

    /// The task's state at `now`.
    public func state(of task: TodoTask, at now: Date) -> DueState {
        standing(of: task, at: now).state
    }

    /// The `list` section the task belongs in at `now`.
    public func group(of task: TodoTask, at now: Date) -> TaskGroup {
        standing(of: task, at: now).group
    }

    /// The task's state, its `list` section and its due instant at `now`,
    /// worked out together: each follows from the due instant, and `list`
    /// asks all three of every task.
    public func standing(of task: TodoTask, at now: Date) -> TaskStanding {
        standing(due: task.due, isCompleted: task.isCompleted, at: now)
    }

    /// The standing of a task with this due that is or is not completed:
    /// all a standing follows from, for a reader that keeps no whole task
    /// (the interactive view's index of every task).
    public func standing(due: Due?, isCompleted: Bool, at now: Date) -> TaskStanding {
        let instant = due.map(dueInstant(of:))
        if isCompleted { return TaskStanding(state: .completed, group: .completed, dueInstant: instant) }
        guard let due, let instant else {
            return TaskStanding(state: .noDueDate, group: .someday, dueInstant: nil)
        }
        if now >= instant { return TaskStanding(state: .overdue, group: .overdue, dueInstant: instant) }
        let state: DueState = instant.timeIntervalSince(now) <= policy.dueSoonWindow ? .dueSoon : .upcoming
        let dueDay = switch due {
        case .day(let day): day
        case .time(let time): clock.day(of: time)
        }
        let group: TaskGroup = dueDay == clock.day(of: now) ? .today : .upcoming
        return TaskStanding(state: state, group: group, dueInstant: instant)
    }

    /// Every reminder of the task, earliest first (at one instant, in the
    /// order of `ReminderKind.allCases`): those of its due date and its
    /// snooze. None when its reminder is off or it is completed.
    ///
    /// A reminder falling at or before the task's acknowledgement (handled
    /// here or on another device) is left out.
    public func reminders(for task: TodoTask) -> [Reminder] {
        var reminders = dueReminders(for: task)
        for extra in alarmReminders(for: task) + (snoozeReminder(for: task).map { [$0] } ?? []) {
            let index = reminders.firstIndex { !Self.precedes($0, extra) } ?? reminders.endIndex
            reminders.insert(extra, at: index)
        }
        return reminders
    }

    /// Every reminder of these tasks (`reminders(for:)`), each with its task.
    public func reminders(of tasks: some Sequence<TodoTask>) -> [TaskReminder] {
        tasks.flatMap { task in reminders(for: task).map { TaskReminder($0, of: task) } }
    }

    /// The reminders of the task's alarms (`TodoTask.alarms`), earliest
    /// first: a relative one needs a due; none when the task's reminder is
    /// off or it is completed. They can fall anywhere, far from the due, so
    /// the store finds them by their own instants.
    public func alarmReminders(for task: TodoTask) -> [Reminder] {
        guard task.hasReminders, !task.alarms.isEmpty else { return [] }
        let reminders = task.alarms.compactMap { alarm -> Reminder? in
            guard let at = instant(of: alarm, for: task) else { return nil }
            switch alarm {
            case .absolute:
                return Reminder(taskID: task.id, kind: .alarm, occurrence: .at(at), at: at)
            case .relative(let seconds):
                guard let due = task.due, !isBeforeStart(at, of: task) else { return nil }
                return Reminder(taskID: task.id, kind: .alarm, occurrence: .alarm(seconds: seconds, of: .due(due)), at: at)
            case .relativeToStart(let seconds):
                // Named by its distance to the due's anchor where there is a
                // due, as a file's alarm related to the start was before the
                // start was a task's own: the same reminder for the ledger.
                guard let due = task.due else {
                    guard let start = task.start else { return nil }
                    return Reminder(taskID: task.id, kind: .alarm, occurrence: .alarm(seconds: seconds, of: .due(start)), at: at)
                }
                let offset = Int(at.timeIntervalSince(alarmAnchor(of: due)).rounded())
                return Reminder(taskID: task.id, kind: .alarm, occurrence: .alarm(seconds: offset, of: .due(due)), at: at)
            }
        }
        // One bubble per instant: an alarm falling with one of the task's
        // default reminders (tasks.org's 09:00 beside todo-remind's), or with
        // another alarm, is that reminder already.
        var taken = Set(dueReminders(for: task).map(\.at))
        return reminders.sorted(by: Self.precedes).filter { taken.insert($0.at).inserted && Self.isUnhandled($0, of: task) }
    }

    /// The reminders that come again with each occurrence of a repeating
    /// task, for the occurrence it is due at now: its due reminders and its
    /// relative alarms, earliest first. An absolute alarm fires once, for
    /// whichever occurrence is open then, so it is not among them.
    public func occurrenceReminders(for task: TodoTask) -> [Reminder] {
        let alarms = alarmReminders(for: task).filter { reminder in
            guard case .alarm = reminder.occurrence else { return false }
            return true
        }
        return (dueReminders(for: task) + alarms).sorted(by: Self.precedes)
    }

    /// When `alarm` falls for the task's open occurrence: nil for an alarm
    /// relative to a due or a start the task does not have.
    public func instant(of alarm: TaskAlarm, for task: TodoTask) -> Date? {
        instant(of: alarm, due: task.due, start: task.start)
    }

    /// When `alarm` falls for the occurrence due `due` that starts `start`:
    /// nil for an alarm relative to a due, or to a start, that is not there
    /// (one relative to the start counts from the due without a start).
    public func instant(of alarm: TaskAlarm, due: Due?, start: Due? = nil) -> Date? {
        switch alarm {
        case .absolute(let instant): instant
        case .relative(let seconds): due.map { alarmAnchor(of: $0).addingTimeInterval(TimeInterval(seconds)) }
        case .relativeToStart(let seconds): (start ?? due).map { alarmAnchor(of: $0).addingTimeInterval(TimeInterval(seconds)) }
        }
    }

    /// The first instant of a start: a timed start's instant, or the start
    /// of its day.
    public func startInstant(of start: Due) -> Date {
        alarmAnchor(of: start)
    }

    /// Whether `instant` comes before the task can begin: its reminders
    /// falling then do not fire, but for those an alarm asks for on purpose
    /// (one relative to the start, one at a moment, a snooze).
    public func isBeforeStart(_ instant: Date, of task: TodoTask) -> Bool {
        isBeforeStart(instant, start: task.start)
    }

    /// Whether `instant` comes before a task starting `start` can begin.
    public func isBeforeStart(_ instant: Date, start: Due?) -> Bool {
        guard let start else { return false }
        return instant < startInstant(of: start)
    }

    /// Whether the open task is waiting to start at `now`: its start is still
    /// ahead (and its due has not come, which no start holds back). `list`
    /// leaves such a task out unless asked (`--all`, `--waiting`).
    public func isWaiting(_ task: TodoTask, at now: Date) -> Bool {
        isWaiting(start: task.start, due: task.due, isCompleted: task.isCompleted, at: now)
    }

    /// `isWaiting` of a task with this start and due that is or is not
    /// completed, for a reader that keeps no whole task (the interactive
    /// view's index of every task).
    public func isWaiting(start: Due?, due: Due?, isCompleted: Bool, at now: Date) -> Bool {
        guard !isCompleted, let start, now < startInstant(of: start) else { return false }
        return due.map { now < dueInstant(of: $0) } ?? true
    }

    /// What a relative alarm counts from: a timed due's instant, or the
    /// start of a due day (as Thunderbird reads `TRIGGER;RELATED=END` on a date).
    public func alarmAnchor(of due: Due) -> Date {
        switch due {
        case .day(let day): clock.startOfDay(day)
        case .time(let instant): instant
        }
    }

    /// Whether the reminder falls after the task's acknowledgement, if any:
    /// one at or before it was handled already, maybe on another device.
    public static func isUnhandled(_ reminder: Reminder, of task: TodoTask) -> Bool {
        task.acknowledgedAt.map { reminder.at > $0 } ?? true
    }

    /// The task's reminders as `show`, `--json` and the view list them: those
    /// that were ever due (`wasDue`). One added at 15:04 has no 09:00 of
    /// that morning, not even a passed one.
    public func listedReminders(for task: TodoTask) -> [Reminder] {
        reminders(for: task).filter { Self.wasDue($0, of: task) }
    }

    /// Whether the reminder was ever due to fire: one that fell at or before
    /// the moment its task's due was set was not (`TodoTask.dueSetAt`), so
    /// it is neither missed nor shown as passed.
    public static func wasDue(_ reminder: Reminder, of task: TodoTask) -> Bool {
        reminder.at > task.dueSetAt
    }

    /// The instant up to which the task's reminders count as handled, as its
    /// file tells other clients (`X-MOZ-LASTACK`): its acknowledgement, or
    /// the moment its due was set where a reminder of it fell before then,
    /// whichever is later. Such a reminder was never due to fire
    /// (`TodoTask.dueSetAt`); written as not handled, a phone or Thunderbird
    /// would show it as missed the moment the file syncs.
    public func handledThrough(_ task: TodoTask) -> Date? {
        // Whatever the acknowledgement says: the answer must not change
        // once the file's is read back.
        var unacknowledged = task
        unacknowledged.acknowledgedAt = nil
        let passed = reminders(for: unacknowledged).contains { !Self.wasDue($0, of: task) }
        guard passed else { return task.acknowledgedAt }
        return max(task.acknowledgedAt ?? task.dueSetAt, task.dueSetAt)
    }

    /// The reminders that follow from the due date, earliest first: none when
    /// the task's reminder is off, it is completed, or it has no due date;
    /// none before it starts.
    ///
    /// Each lies within `maximumLeadTime` before the due instant, which is
    /// what lets the store find them from an index of due dates.
    public func dueReminders(for task: TodoTask) -> [Reminder] {
        guard task.hasDefaultReminders, let due = task.due else { return [] }
        return dueReminders(ofTask: task.id, due: due).filter { Self.isUnhandled($0, of: task) && !isBeforeStart($0.at, of: task) }
    }

    /// The reminders of an open, reminder-on task with this due date,
    /// earliest first: all `dueReminders(for:)` needs to know of the task.
    public func dueReminders(ofTask taskID: Int64, due: Due) -> [Reminder] {
        let morning = Reminder(taskID: taskID, kind: .morning, occurrence: .due(due), at: morningInstant(for: due))
        guard case .time(let instant) = due, policy.remindAtDueTime else { return [morning] }
        return [morning, Reminder(taskID: taskID, kind: .atDueTime, occurrence: .due(due), at: instant)]
    }

    /// The reminder the task's snooze asks for, due date or not; nil when it
    /// has none, its reminder is off, or it is completed.
    ///
    /// A snooze can fall anywhere, far from the due instant, so the store
    /// finds snoozes from an index of their own (see `ReminderQueue`).
    public func snoozeReminder(for task: TodoTask) -> Reminder? {
        guard task.hasReminders, let until = task.snoozedUntil else { return nil }
        let reminder = Reminder(taskID: task.id, kind: .snoozed, occurrence: .at(until), at: until)
        return Self.isUnhandled(reminder, of: task) ? reminder : nil
    }

    /// The earliest reminder strictly after `now`, if any: the first of
    /// `reminders(for:)` after `now`, found without building that array, since
    /// `list` asks this of every task.
    public func nextReminder(for task: TodoTask, after now: Date) -> Reminder? {
        guard task.hasReminders else { return nil }
        var next: Reminder?
        func consider(_ reminder: Reminder) {
            guard reminder.at > now, Self.isUnhandled(reminder, of: task) else { return }
            if let earliest = next, !Self.precedes(reminder, earliest) { return }
            next = reminder
        }
        if task.hasDefaultReminders, let due = task.due {
            for reminder in dueReminders(ofTask: task.id, due: due) where !isBeforeStart(reminder.at, of: task) { consider(reminder) }
        }
        for reminder in alarmReminders(for: task) { consider(reminder) }
        if let snooze = snoozeReminder(for: task) { consider(snooze) }
        return next
    }

    /// The morning reminder: the reminder time on the due day, or on the day
    /// before for a timed task due at or before that time of its day.
    func morningInstant(for due: Due) -> Date {
        switch due {
        case .day(let day):
            return clock.instant(on: day, at: policy.reminderTime)
        case .time(let instant):
            let day = clock.day(of: instant)
            let sameDay = clock.instant(on: day, at: policy.reminderTime)
            // Compared as instants, not wall readings: a reminder time in a DST gap
            // moves later than it reads, and must still come before the due instant.
            if instant <= sameDay {
                return clock.instant(on: day.adding(days: -1), at: policy.reminderTime)
            }
            return sameDay
        }
    }

    /// How far before its due instant a task's earliest due-date reminder can
    /// fall: a morning reminder on the day before, plus a DST hour.
    public static let maximumLeadTime: TimeInterval = 50 * 3600

    /// Earlier first; at the same instant, by owner (a task's before an
    /// event's, each by id), then in the order of `ReminderKind.allCases`:
    /// one stable order for every list of reminders.
    public static func precedes(_ a: Reminder, _ b: Reminder) -> Bool {
        if a.at != b.at { return a.at < b.at }
        if a.owner != b.owner { return a.owner < b.owner }
        return a.kind.rank < b.kind.rank
    }
}

extension TimeRules {
    /// The sort keys (`Due.sortKey`) a task can have if any of its due-date
    /// reminders falls in `first...last`: what the store reads from its index
    /// to find every such reminder of a window without loading every task.
    /// Snoozes are found by their own instants.
    public static func sortKeys(forRemindersFrom first: Date, through last: Date) -> ClosedRange<Double> {
        let low = first.timeIntervalSince1970 - Due.sortKeyZoneSlack
        let high = last.timeIntervalSince1970 + maximumLeadTime + Due.sortKeyZoneSlack
        return low...max(low, high)
    }
}
