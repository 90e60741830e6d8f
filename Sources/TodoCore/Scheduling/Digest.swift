import Foundation

/// One notification standing for many reminders that fire at one instant:
/// "5 tasks today · 2 overdue", then a line per task, most urgent first.
///
/// Made by `Scheduler.batch(_:firingAt:)`. Everything here is plain text: the
/// notifier escapes each line for markup, and the summary needs no escaping.
public struct Digest: Hashable, Sendable {
    /// One task in the digest.
    public struct Item: Hashable, Sendable {
        public let task: TodoTask
        /// Whether the task was overdue when the digest fired: due before it.
        public let isOverdue: Bool
        /// Whether the digest fired at the task's due time: due now, not
        /// overdue (four tasks due at 15:40, reminded at 15:40).
        public let isDueNow: Bool
        /// "Pay rent · due today at 17:00", "File taxes · was due yesterday",
        /// "Call Ann · due now".
        public let line: String

        public init(task: TodoTask, isOverdue: Bool, isDueNow: Bool = false, line: String) {
            self.task = task
            self.isOverdue = isOverdue && !isDueNow
            self.isDueNow = isDueNow
            self.line = line
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

    /// "5 tasks today · 2 overdue", "1 task today", "3 overdue tasks",
    /// "4 tasks due now".
    public var summary: String { Self.summary(today: todayCount, overdue: overdueCount, dueNow: dueNowCount) }

    /// Each item's line, in order.
    public var lines: [String] { items.map(\.line) }

    /// At most `limit` lines for a bubble's body: when there are more items,
    /// the last line counts the rest ("and 4 more").
    public func bodyLines(limit: Int = Digest.bodyLineLimit) -> [String] {
        let limit = max(limit, 1)
        guard items.count > limit else { return lines }
        return lines.prefix(limit - 1) + ["and \(items.count - (limit - 1)) more"]
    }

    /// How many lines a bubble shows before counting the rest.
    public static let bodyLineLimit = 12

    /// The summary for the counts: "5 tasks today · 2 overdue", "1 task today",
    /// "1 overdue task", "3 overdue tasks", "4 tasks due now",
    /// "2 tasks due now · 1 overdue". The first count names the tasks; the
    /// others follow it.
    public static func summary(today: Int, overdue: Int, dueNow: Int = 0) -> String {
        func tasks(_ count: Int) -> String { count == 1 ? "task" : "tasks" }
        var parts: [String] = []
        if dueNow > 0 { parts.append("\(dueNow) \(tasks(dueNow)) due now") }
        if today > 0 { parts.append(parts.isEmpty ? "\(today) \(tasks(today)) today" : "\(today) today") }
        if overdue > 0 { parts.append(parts.isEmpty ? "\(overdue) overdue \(tasks(overdue))" : "\(overdue) overdue") }
        return parts.isEmpty ? "0 tasks today" : parts.joined(separator: " · ")
    }
}
