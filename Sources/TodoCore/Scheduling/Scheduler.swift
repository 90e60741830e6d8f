import Foundation

/// Works out due instants, states, groups and reminders (DESIGN.md §2).
///
/// Pure: it is given a `Calendar` (for its time zone) and a policy at creation,
/// and `now` on every question; it never reads the clock or the environment.
public struct Scheduler: Sendable {
    public let clock: WallClock
    public let policy: ReminderPolicy

    public init(calendar: Calendar, policy: ReminderPolicy = .standard) {
        self.clock = WallClock(calendar: calendar)
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
        if task.isCompleted { return .completed }
        guard let due = task.due else { return .noDueDate }
        let instant = dueInstant(of: due)
        if now >= instant { return .overdue }
        if instant.timeIntervalSince(now) <= policy.dueSoonWindow { return .dueSoon }
        return .upcoming
    }

    /// The `list` section the task belongs in at `now`.
    public func group(of task: TodoTask, at now: Date) -> TaskGroup {
        if task.isCompleted { return .completed }
        guard let due = task.due else { return .someday }
        let instant = dueInstant(of: due)
        if now >= instant { return .overdue }
        let today = clock.day(of: now)
        switch due {
        case .day(let day):
            return day == today ? .today : .upcoming
        case .time(let time):
            return clock.day(of: time) == today ? .today : .upcoming
        }
    }

    /// Every reminder of the task, earliest first; none when its reminder is
    /// off, it is completed, or it has no due date.
    public func reminders(for task: TodoTask) -> [Reminder] {
        guard task.reminderOn, !task.isCompleted, let due = task.due else { return [] }
        let morning = Reminder(taskID: task.id, kind: .morning, at: morningInstant(for: due))
        guard case .time(let instant) = due, policy.remindAtDueTime else { return [morning] }
        return [morning, Reminder(taskID: task.id, kind: .atDueTime, at: instant)]
    }

    /// The earliest reminder strictly after `now`, if any.
    public func nextReminder(for task: TodoTask, after now: Date) -> Reminder? {
        reminders(for: task).first { $0.at > now }
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

    /// How far before its due instant a task's earliest reminder can fall: a
    /// morning reminder on the day before, plus a DST hour.
    public static let maximumLeadTime: TimeInterval = 50 * 3600
}

extension Scheduler {
    /// The sort keys (`Due.sortKey`) a task can have if any of its reminders
    /// falls in `first...last`: what the store reads from its index to find
    /// every reminder of a window without loading every task.
    public static func sortKeys(forRemindersFrom first: Date, through last: Date) -> ClosedRange<Double> {
        let low = first.timeIntervalSince1970 - Due.sortKeyZoneSlack
        let high = last.timeIntervalSince1970 + maximumLeadTime + Due.sortKeyZoneSlack
        return low...max(low, high)
    }
}
