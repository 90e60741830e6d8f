import FoundationEssentials
import TodoCore

/// A digest's words: its summary and a line per task, plain text (the
/// notification escapes each line for markup; the summary needs none).
extension ReminderComposer {
    /// "5 tasks today · 2 overdue", "1 task today", "3 overdue tasks",
    /// "4 tasks due now".
    public func digestSummary(_ digest: Digest) -> String {
        Self.digestSummary(today: digest.todayCount, overdue: digest.overdueCount, dueNow: digest.dueNowCount)
    }

    /// The summary for the counts: "5 tasks today · 2 overdue", "1 task today",
    /// "1 overdue task", "3 overdue tasks", "4 tasks due now",
    /// "2 tasks due now · 1 overdue". The first count names the tasks; the
    /// others follow it.
    public static func digestSummary(today: Int, overdue: Int, dueNow: Int = 0) -> String {
        func tasks(_ count: Int) -> String { count == 1 ? "task" : "tasks" }
        var parts: [String] = []
        if dueNow > 0 { parts.append("\(dueNow) \(tasks(dueNow)) due now") }
        if today > 0 { parts.append(parts.isEmpty ? "\(today) \(tasks(today)) today" : "\(today) today") }
        if overdue > 0 { parts.append(parts.isEmpty ? "\(overdue) overdue \(tasks(overdue))" : "\(overdue) overdue") }
        return parts.isEmpty ? "0 tasks today" : parts.joined(separator: " · ")
    }

    /// Each task's line, in the digest's order.
    public func digestLines(_ digest: Digest) -> [String] {
        digest.items.map { digestLine($0, at: digest.at) }
    }

    /// At most `limit` lines for a bubble's body: when there are more tasks,
    /// the last line counts the rest ("and 4 more").
    public func digestBodyLines(_ digest: Digest, limit: Int = Self.digestBodyLineLimit) -> [String] {
        let limit = max(limit, 1)
        let lines = digestLines(digest)
        guard lines.count > limit else { return lines }
        return lines.prefix(limit - 1) + ["and \(lines.count - (limit - 1)) more"]
    }

    /// How many lines a digest's bubble shows before counting the rest.
    public static let digestBodyLineLimit = 12

    /// A task's line, plain text: "Pay rent · due today at 17:00", "Call Ann
    /// · due tomorrow", "File taxes · was due yesterday at 17:00", "Pay rent ·
    /// due now" (the digest fires at its due time), as seen at `instant`.
    func digestLine(_ item: Digest.Item, at instant: Date) -> String {
        let task = item.task
        guard let due = task.due else { return task.title }
        if item.isDueNow { return "\(task.title) · due now" }
        let clock = timeRules.clock
        let text = DateText(clock: clock, now: instant)
        let when = switch due {
        case .day(let day): text.day(day)
        case .time(let time): "\(text.day(clock.day(of: time))) at \(clock.timeOfDay(of: time))"
        }
        return "\(task.title) · \(item.isOverdue ? "was due" : "due") \(when)"
    }
}
