import FoundationEssentials

/// Collects the next reminders across many tasks without looking at them all.
///
/// Feed it open, reminder-on tasks in ascending `Due.sortKey`, starting at
/// `lowestSortKey` (an index range scan in the store), and stop as soon as
/// `wantsTask(withSortKey:)` says no: every due-date reminder of a task lies
/// within a bounded lead time before its due instant, so once the keys pass
/// the last kept reminder by that bound, no later task can come earlier.
///
/// Snoozes are not bound to the due date (a task with none can be snoozed),
/// so they come separately: offer the snoozes after `now` in order of their
/// instants with `offerSnooze(of:)`, the first `limit` of them at most (each
/// task has one snooze at most, so no later one can make the cut).
public struct ReminderQueue: Sendable {
    public let timeRules: TimeRules
    public let now: Date
    public let limit: Int
    /// Reminders seen so far that may be among the first `limit`, in no order.
    private var candidates: [Reminder] = []
    /// The `limit`-th earliest reminder as of the last pruning: nothing later
    /// can make the cut. Nil until `limit` candidates have been seen.
    private var cutoff: Reminder?

    public init(timeRules: TimeRules, after now: Date, limit: Int) {
        self.timeRules = timeRules
        self.now = now
        self.limit = max(0, limit)
    }

    /// The smallest sort key a task with a reminder after `now` can have.
    public var lowestSortKey: Double {
        now.timeIntervalSince1970 - Due.sortKeyZoneSlack
    }

    /// Whether a task with this sort key (or a later one) could still add a
    /// reminder among the first `limit`.
    public func wantsTask(withSortKey key: Double) -> Bool {
        guard limit > 0 else { return false }
        guard let cutoff else { return true }
        let earliestPossible = key - Due.sortKeyZoneSlack - TimeRules.maximumLeadTime
        return earliestPossible <= cutoff.at.timeIntervalSince1970
    }

    /// Considers the task's due-date reminders after `now`, keeping the
    /// earliest `limit`; its snooze is left to `offerSnooze(of:)`, so a task
    /// offered both ways counts each reminder once.
    public mutating func offer(_ task: TodoTask) {
        guard task.hasDefaultReminders, let due = task.due else { return }
        offerDue(due, start: task.start, ofTask: task.id)
    }

    /// Considers the due-date reminders of an open, reminder-on task, given
    /// only its id, due date and start: what the store reads from the
    /// queue's index without decoding whole tasks. None before the start
    /// fires (`TimeRules.isBeforeStart`).
    public mutating func offerDue(_ due: Due, start: Due? = nil, ofTask taskID: Int64) {
        for reminder in timeRules.dueReminders(ofTask: taskID, due: due) where reminder.at > now && !timeRules.isBeforeStart(reminder.at, start: start) {
            insert(reminder)
        }
    }

    /// Considers the task's snooze, if it falls after `now`.
    public mutating func offerSnooze(of task: TodoTask) {
        guard let reminder = timeRules.snoozeReminder(for: task), reminder.at > now else { return }
        insert(reminder)
    }

    /// Considers the task's alarms that fall after `now`.
    public mutating func offerAlarms(of task: TodoTask) {
        for reminder in timeRules.alarmReminders(for: task) where reminder.at > now {
            insert(reminder)
        }
    }

    /// Feeds every task of a sequence already sorted by sort key, stopping early.
    public mutating func offer(sortedTasks tasks: some Sequence<TodoTask>) {
        for task in tasks {
            guard let due = task.due else { continue }
            guard wantsTask(withSortKey: due.sortKey) else { break }
            offer(task)
        }
    }

    /// The first `limit` reminders found, earliest first.
    public var reminders: [Reminder] {
        Array(candidates.sorted(by: Self.precedes).prefix(limit))
    }

    private mutating func insert(_ reminder: Reminder) {
        if let cutoff, !Self.precedes(reminder, cutoff) { return }
        candidates.append(reminder)
        // Pruning in batches keeps the whole scan O(n log limit) for any limit.
        if candidates.count >= max(2 * limit, 64) { prune() }
    }

    private mutating func prune() {
        candidates.sort(by: Self.precedes)
        if candidates.count >= limit {
            candidates.removeLast(candidates.count - limit)
            cutoff = candidates.last
        }
    }

    /// Earlier first; at the same instant, by owner (tasks first, by id) then kind, so the order is stable.
    static func precedes(_ a: Reminder, _ b: Reminder) -> Bool {
        TimeRules.precedes(a, b)
    }
}
