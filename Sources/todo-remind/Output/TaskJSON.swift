import FoundationEssentials
import TodoCore
import TodoExchange
import TodoRecurrence

/// The stable JSON form of tasks and reminders (documented in README.md).
struct TaskJSON {
    let timeRules: TimeRules
    let now: Date
    /// The last completions of repeating tasks, latest first, by task id.
    var completions: [Int64: [Completion]] = [:]
    /// The names of the lists by folder path (`TodoTask.list`).
    var listNames: [String: String] = [:]
    /// `TimeRules.forecastDailyInstants(after: now)`, once for every task.
    private let dailyInstants: [Date]

    init(timeRules: TimeRules, now: Date) {
        self.timeRules = timeRules
        self.now = now
        self.dailyInstants = timeRules.forecastDailyInstants(after: now)
    }

    /// Writes the tasks `forEach` hands over as an array of task objects,
    /// one per line, each as it comes (`list --json`, `export`): the
    /// document is never held whole.
    func writeArray(into output: OutputBuffer, _ forEach: ((TodoTask) throws -> Void) throws -> Void) rethrows {
        let writer = JSONWriter(output: output)
        var count = 0
        try forEach { task in
            writer.raw(count == 0 ? "[\n" : ",\n")
            object(task, into: writer)
            count += 1
        }
        writer.raw(count == 0 ? "[]" : "\n]")
        output.newline()
    }

    /// One task object, on a line (`show --json`).
    func writeSingle(_ task: TodoTask, into output: OutputBuffer) {
        object(task, into: JSONWriter(output: output))
        output.newline()
    }

    func object(_ task: TodoTask, into writer: JSONWriter) {
        let clock = timeRules.clock
        let reminders = timeRules.listedReminders(for: task)
        writer.raw("{")
        writer.key(.id)
        writer.int(task.id)
        writer.raw(",")
        writer.field(.title, string: task.title)
        writer.field(.notes, string: task.notes)
        writer.field(.category, string: task.category)
        // Every tag, the category first; [] for a task in the default category.
        writer.key(.tags)
        writer.raw("[")
        for (index, tag) in task.tags.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(tag)
        }
        writer.raw("],")
        writer.field(.list, string: task.list.map { listNames[$0] ?? $0 })
        // The id of the task it is a subtask of, as stored (even where it is
        // shown at the top level: missing, in another list); null for none.
        writer.key(.parent)
        if let parent = task.parentID { writer.int(parent) } else { writer.raw("null") }
        writer.raw(",")
        writer.field(.priority, string: task.priority.rawValue)
        writer.key(.due)
        Self.write(task.due, clock: clock, into: writer)
        writer.raw(",")
        writer.field(.dueInstant, instant: task.due.map(timeRules.dueInstant(of:)), clock: clock)
        writer.key(.start)
        Self.write(task.start, clock: clock, into: writer)
        writer.raw(",")
        writer.field(.waiting, bool: timeRules.isWaiting(task, at: now))
        let standing = timeRules.standing(of: task, at: now)
        writer.field(.state, string: standing.state.rawValue)
        writer.field(.group, string: standing.group.rawValue)
        writer.field(.completed, bool: task.isCompleted)
        writer.field(.completedAt, instant: task.completedAt, clock: clock)
        writer.field(.createdAt, instant: task.createdAt, clock: clock)
        writer.field(.reminder, bool: task.reminderOn)
        writer.field(.remindDefaults, bool: task.remindDefaults)
        // Alarms beside the defaults: {"offset": seconds from the due's
        // anchor} (each occurrence's own), {"fromStart": seconds from the
        // start's} or {"at": an instant}.
        writer.key(.alarms)
        writer.raw("[")
        for (index, alarm) in task.alarms.enumerated() {
            if index > 0 { writer.raw(",") }
            switch alarm {
            case .relative(let seconds):
                writer.raw("{")
                writer.key(.offset)
                writer.int(seconds)
            case .relativeToStart(let seconds):
                writer.raw("{")
                writer.key(.fromStart)
                writer.int(seconds)
            case .absolute(let instant):
                writer.raw("{")
                writer.key(.at)
                writer.instant(instant, clock: clock)
            }
            writer.raw("}")
        }
        writer.raw("],")
        // When the daemon will next show it: held ones at the end of the
        // quiet hours, an overdue task's daily reminder included.
        let next = timeRules.nextFiring(for: task, after: now, dailyInstants: dailyInstants)
        writer.field(.nextReminder, instant: next?.fire.at, clock: clock)
        writer.key(.reminders)
        writer.raw("[")
        for (index, reminder) in reminders.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.raw("{")
                writer.key(.at)
            writer.instant(reminder.at, clock: clock)
            writer.raw(",")
            writer.field(.kind, string: reminder.kind.rawValue, last: true)
            writer.raw("}")
        }
        writer.raw("],")
        writeRepeat(of: task, into: writer)
        writer.raw("}")
    }

    /// `"repeat"`, `"occurrences"` (the next 10 dues from the open one) and
    /// `"completions"` (the last ones, latest first), closing no brace.
    private func writeRepeat(of task: TodoTask, into writer: JSONWriter) {
        let clock = timeRules.clock
        writer.key(.repeat)
        if let repeating = task.repeating {
            writer.raw("{")
            writer.field(.rule, string: repeating.rule)
            writer.field(.from, string: repeating.from.rawValue)
            writer.field(.zone, string: repeating.zone)
            // The series' first due: COUNT counts from it.
            writer.key(.start)
            Self.write(repeating.start, clock: clock, into: writer)
            // The reading a start in a DST gap was typed as, which the series
            // repeats at (TaskRepeat.startWall); null for every other start.
            writer.raw(",")
            writer.field(.startReading, string: repeating.startWall?.description, last: true)
            writer.raw("}")
        } else {
            writer.raw("null")
        }
        writer.raw(",")
        writer.key(.occurrences)
        writer.raw("[")
        let dues = task.isCompleted ? [] : task.repeating.map { repeating in
            task.due.map { repeating.dues(from: $0, count: 10) } ?? []
        } ?? []
        for (index, due) in dues.enumerated() {
            if index > 0 { writer.raw(",") }
            Self.write(due, clock: clock, into: writer)
        }
        writer.raw("],")
        writer.key(.completions)
        writer.raw("[")
        for (index, completion) in (completions[task.id] ?? []).enumerated() {
            if index > 0 { writer.raw(",") }
            writer.raw("{")
            writer.key(.due)
            Self.write(completion.due, clock: clock, into: writer)
            writer.raw(",")
            writer.field(.at, instant: completion.at, clock: clock, last: true)
            writer.raw("}")
        }
        writer.raw("]")
    }

    /// A due as JSON: `{"day": …}`, `{"time": …}` or null.
    static func write(_ due: Due?, clock: WallClock, into writer: JSONWriter) {
        switch due {
        case nil:
            writer.raw("null")
        case .day(let day)?:
            writer.raw("{")
            writer.key(.day)
            writer.day(day)
            writer.raw("}")
        case .time(let instant)?:
            writer.raw("{")
            writer.key(.time)
            writer.instant(instant, clock: clock)
            writer.raw("}")
        }
    }

    /// The `next --json` array: `{"at", "kind", "taskId", "title", "held",
    /// "digest"}` per firing; `at` is when it fires, `kind` is "overdue" for
    /// the daily reminder of an overdue task.
    func writeFirings(_ firings: [Firing], into output: OutputBuffer) {
        writeFirings(firings.map(ComingFiring.task), calendars: [:], into: output)
    }

    /// `next --json`: a task's reminder as before; an event's alarm with
    /// `"kind": "event"`, its event's id, summary, start and end.
    func writeFirings(_ coming: [ComingFiring], calendars: [String: String], into output: OutputBuffer) {
        let writer = JSONWriter(output: output)
        writer.raw("[")
        for (index, item) in coming.enumerated() {
            writer.raw(index == 0 ? "\n" : ",\n")
            writer.raw("{")
            guard case .task(let firing) = item else {
                if case .event(let firing) = item { writeEvent(firing, calendars: calendars, into: writer) }
                writer.raw("}")
                continue
            }
            writer.field("at", instant: firing.fire.at, clock: timeRules.clock)
            writer.field("kind", string: firing.isDailyOverdue ? "overdue" : firing.reminder.kind.rawValue)
            writer.field("taskId", int: firing.task.id)
            writer.field("title", string: firing.task.title)
            writer.field("held", bool: firing.fire.isHeld)
            writer.field("digest", bool: firing.inDigest)
            writer.field("laterOccurrence", bool: firing.isLaterOccurrence, last: true)
            writer.raw("}")
        }
        writer.raw(coming.isEmpty ? "]" : "\n]")
        output.newline()
    }

    private func writeEvent(_ firing: EventFiring, calendars: [String: String], into writer: JSONWriter) {
        let (reminder, event) = (firing.entry.reminder, firing.entry.subject)
        let occurrence = event.occurrence
        writer.field("at", instant: firing.fire.at, clock: timeRules.clock)
        writer.field("kind", string: "event")
        if case .event(let eventID) = reminder.owner { writer.field("eventId", int: eventID) }
        writer.field("title", string: occurrence.details.summary)
        writer.field("location", string: occurrence.details.location)
        writer.field("calendar", string: calendars[event.folder] ?? event.folder.lastPathComponent)
        writer.span(of: occurrence, clock: timeRules.clock)
        writer.field("allDay", bool: occurrence.isAllDay)
        writer.field("snooze", bool: reminder.kind == .snoozed)
        writer.field("held", bool: firing.fire.isHeld)
        writer.field("digest", bool: false, last: true)
    }
}
