import Foundation
import TodoCore
import TodoRecurrence

/// The stable JSON form of tasks and reminders (documented in README.md).
struct TaskJSON {
    let scheduler: Scheduler
    let now: Date
    /// The last completions of repeating tasks, latest first, by task id.
    var completions: [Int64: [Completion]] = [:]
    /// The names of the lists by folder path (`TodoTask.list`).
    var listNames: [String: String] = [:]
    /// `Scheduler.forecastDailyInstants(after: now)`, once for every task.
    private let dailyInstants: [Date]

    init(scheduler: Scheduler, now: Date) {
        self.scheduler = scheduler
        self.now = now
        self.dailyInstants = scheduler.forecastDailyInstants(after: now)
    }

    /// An array of task objects, one per line, for `list --json` and `export`.
    func array(_ tasks: [TodoTask]) -> String {
        var writer = JSONWriter()
        writer.raw("[")
        for (index, task) in tasks.enumerated() {
            writer.raw(index == 0 ? "\n" : ",\n")
            object(task, into: &writer)
        }
        writer.raw(tasks.isEmpty ? "]" : "\n]")
        return writer.text
    }

    /// One task object, for `show --json`.
    func single(_ task: TodoTask) -> String {
        var writer = JSONWriter()
        object(task, into: &writer)
        return writer.text
    }

    func object(_ task: TodoTask, into writer: inout JSONWriter) {
        let clock = scheduler.clock
        let reminders = scheduler.reminders(for: task)
        writer.raw("{\"id\":")
        writer.int(task.id)
        writer.raw(",")
        writer.field("title", string: task.title)
        writer.field("notes", string: task.notes)
        writer.field("category", string: task.category)
        writer.field("list", string: task.list.map { listNames[$0] ?? $0 })
        writer.field("priority", string: task.priority.rawValue)
        writer.key("due")
        Self.write(task.due, clock: clock, into: &writer)
        writer.raw(",")
        writer.field("dueInstant", string: task.due.map { DateText.iso8601(scheduler.dueInstant(of: $0), clock: clock) })
        let standing = scheduler.standing(of: task, at: now)
        writer.field("state", string: standing.state.rawValue)
        writer.field("group", string: standing.group.rawValue)
        writer.key("completed")
        writer.bool(task.isCompleted)
        writer.raw(",")
        writer.field("completedAt", string: task.completedAt.map { DateText.iso8601($0, clock: clock) })
        writer.field("createdAt", string: DateText.iso8601(task.createdAt, clock: clock))
        writer.key("reminder")
        writer.bool(task.reminderOn)
        writer.raw(",")
        writer.key("remindDefaults")
        writer.bool(task.remindDefaults)
        writer.raw(",")
        // Alarms beside the defaults: {"offset": seconds from the due's
        // anchor} (each occurrence's own) or {"at": an instant}.
        writer.key("alarms")
        writer.raw("[")
        for (index, alarm) in task.alarms.enumerated() {
            if index > 0 { writer.raw(",") }
            switch alarm {
            case .relative(let seconds): writer.raw("{\"offset\":\(seconds)}")
            case .absolute(let instant): writer.raw("{\"at\":\"\(DateText.iso8601(instant, clock: clock))\"}")
            }
        }
        writer.raw("],")
        // When the daemon will next show it: held ones at the end of the
        // quiet hours, an overdue task's daily reminder included.
        let next = scheduler.nextFiring(for: task, after: now, dailyInstants: dailyInstants)
        writer.field("nextReminder", string: next.map { DateText.iso8601($0.fire.at, clock: clock) })
        writer.key("reminders")
        writer.raw("[")
        for (index, reminder) in reminders.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.raw("{\"at\":\"\(DateText.iso8601(reminder.at, clock: clock))\",\"kind\":\"\(reminder.kind.rawValue)\"}")
        }
        writer.raw("],")
        writeRepeat(of: task, into: &writer)
        writer.raw("}")
    }

    /// `"repeat"`, `"occurrences"` (the next 10 dues from the open one) and
    /// `"completions"` (the last ones, latest first), closing no brace.
    private func writeRepeat(of task: TodoTask, into writer: inout JSONWriter) {
        let clock = scheduler.clock
        writer.key("repeat")
        if let repeating = task.repeating {
            writer.raw("{")
            writer.field("rule", string: repeating.rule)
            writer.field("from", string: repeating.from.rawValue)
            writer.field("zone", string: repeating.zone)
            // The series' first due: COUNT counts from it.
            writer.key("start")
            Self.write(repeating.start, clock: clock, into: &writer)
            writer.raw("}")
        } else {
            writer.raw("null")
        }
        writer.raw(",")
        writer.key("occurrences")
        writer.raw("[")
        let dues = task.isCompleted ? [] : task.repeating.map { repeating in
            task.due.map { repeating.dues(from: $0, count: 10) } ?? []
        } ?? []
        for (index, due) in dues.enumerated() {
            if index > 0 { writer.raw(",") }
            Self.write(due, clock: clock, into: &writer)
        }
        writer.raw("],")
        writer.key("completions")
        writer.raw("[")
        for (index, completion) in (completions[task.id] ?? []).enumerated() {
            if index > 0 { writer.raw(",") }
            writer.raw("{")
            writer.key("due")
            Self.write(completion.due, clock: clock, into: &writer)
            writer.raw(",")
            writer.field("at", string: DateText.iso8601(completion.at, clock: clock), last: true)
            writer.raw("}")
        }
        writer.raw("]")
    }

    /// A due as JSON: `{"day": …}`, `{"time": …}` or null.
    static func write(_ due: Due?, clock: WallClock, into writer: inout JSONWriter) {
        switch due {
        case nil:
            writer.raw("null")
        case .day(let day)?:
            writer.raw("{\"day\":\"\(day)\"}")
        case .time(let instant)?:
            writer.raw("{\"time\":\"\(DateText.iso8601(instant, clock: clock))\"}")
        }
    }

    /// The `next --json` array: `{"at", "kind", "taskId", "title", "held",
    /// "digest"}` per firing; `at` is when it fires, `kind` is "overdue" for
    /// the daily reminder of an overdue task.
    func firings(_ firings: [Firing]) -> String {
        var writer = JSONWriter()
        writer.raw("[")
        for (index, firing) in firings.enumerated() {
            writer.raw(index == 0 ? "\n" : ",\n")
            writer.raw("{")
            writer.field("at", string: DateText.iso8601(firing.fire.at, clock: scheduler.clock))
            writer.field("kind", string: firing.isDailyOverdue ? "overdue" : firing.reminder.kind.rawValue)
            writer.key("taskId")
            writer.int(firing.task.id)
            writer.raw(",")
            writer.field("title", string: firing.task.title)
            writer.raw("\"held\":\(firing.fire.isHeld),\"digest\":\(firing.inDigest),\"laterOccurrence\":\(firing.isLaterOccurrence)")
            writer.raw("}")
        }
        writer.raw(firings.isEmpty ? "]" : "\n]")
        return writer.text
    }
}
