import FoundationEssentials

/// One notification standing for many tasks' reminders that fire at one
/// instant: its tasks, most urgent first, and how many are overdue, due now
/// or due later today. Made by `TimeRules.batch(_:firingAt:)`; its words
/// ("5 tasks today · 2 overdue", a line per task) are the composer's, as
/// every bubble's are (TodoNotify's `ReminderComposer`).
public struct Digest: Hashable, Sendable {
    /// One task in the digest.
    public struct Item: Hashable, Sendable {
        public let task: TodoTask
        /// Whether the task was overdue when the digest fired: due before it.
        public let isOverdue: Bool
        /// Whether the digest fired at the task's due time: due now, not
        /// overdue (four tasks due at 15:40, reminded at 15:40).
        public let isDueNow: Bool

        public init(task: TodoTask, isOverdue: Bool, isDueNow: Bool = false) {
            self.task = task
            self.isOverdue = isOverdue && !isDueNow
            self.isDueNow = isDueNow
        }
    }

    /// The instant it fires.
    public let at: Date
    /// One per task, most urgent first: overdue before the rest, then
    /// priority high to low, then due instant (tasks with none last), then id.
    public let items: [Item]
    /// Every reminder the digest stands for, for the ledger: a task can have
    /// more than one at an instant.
    public let reminders: [Reminder]

    public init(at: Date, items: [Item], reminders: [Reminder]) {
        self.at = at
        self.items = items
        self.reminders = reminders
    }

    /// How many tasks were overdue when it fired.
    public var overdueCount: Int { items.count(where: \.isOverdue) }

    /// How many tasks fell due as it fired.
    public var dueNowCount: Int { items.count(where: \.isDueNow) }

    /// How many tasks were not yet due: those reminded for today.
    public var todayCount: Int { items.count - overdueCount - dueNowCount }
}
