import FoundationEssentials
import TodoCore
import TodoRecurrence

/// Puts tasks into words for the terminal: one-line summaries, `show`'s
/// block, and `list`'s table rows.
public struct TaskDescriber {
    public let timeRules: TimeRules
    public let now: Date
    public let style: Style
    public let text: DateText
    /// The reminder times whose daily reminders of overdue tasks are still
    /// to come, worked out once for every task described.
    private let dailyInstants: [Date]
    private let memo = WordsMemo()
    /// The names of the lists by folder path (`TodoTask.list`); empty
    /// without `[[calendar]]` folders, when no list is shown.
    public var listNames: [String: String] = [:]

    public init(timeRules: TimeRules, now: Date, style: Style) {
        self.timeRules = timeRules
        self.now = now
        self.style = style
        self.text = DateText(clock: timeRules.clock, now: now)
        self.dailyInstants = timeRules.forecastDailyInstants(after: now)
    }

    /// "every 2 weeks" for a repeating task, remembered per rule; nil for a one-off one.
    public func repeatWords(_ task: TodoTask) -> String? {
        guard let repeating = task.repeating else { return nil }
        if let words = memo.repeats[repeating.rule] { return words }
        let words = repeating.inWords.safeForTerminal
        memo.repeats[repeating.rule] = words
        return words
    }

    /// The task's next firing as the daemon will show it.
    public func nextFiring(_ task: TodoTask) -> Firing? {
        timeRules.nextFiring(for: task, after: now, dailyInstants: dailyInstants)
    }

    /// What a firing is: "morning", "at due time", "daily overdue", with
    /// ", held" when quiet hours hold it and ", in digest" when it comes in one.
    public func label(_ firing: Firing) -> String {
        var words = firing.isDailyOverdue ? "daily overdue" : firing.reminder.kind.label
        if firing.fire.isHeld { words += ", held" }
        if firing.inDigest { words += ", in digest" }
        if firing.isLaterOccurrence { words += ", next occurrence" }
        return words
    }

    /// "Dentist · Dr. Weber (10:00–11:00, Personal)": an event's alarm in `next`.
    public func eventName(_ event: EventInstance, calendars: [String: String]) -> String {
        let occurrence = event.occurrence
        var text = (occurrence.details.summary ?? "(no title)").safeForTerminal
        if let location = occurrence.details.location { text += " · " + location.safeForTerminal }
        let when = occurrence.isAllDay ? "all day" : EventWords(clock: timeRules.clock, now: now).span(occurrence)
        let calendar = calendars[event.folder] ?? event.folder.lastPathComponent
        return text + " (" + when + ", " + calendar.safeForTerminal + ")"
    }

    /// "12 Buy milk"
    public func name(_ task: TodoTask) -> String {
        "\(task.id) \(task.title.safeForTerminal)"
    }

    /// "1 Pay rent: due Tue 1 Dec 17:00 (in 10 days) · reminder on · next Tue 1 Dec 09:00 (morning)"
    public func summary(_ task: TodoTask) -> String {
        "\(name(task)): \(dueWords(task)) · \(reminderWords(task))"
    }

    /// "due Tue 1 Dec 17:00 (in 10 days)", "due tomorrow" or "no due date".
    public func dueWords(_ task: TodoTask) -> String {
        guard let due = task.due else { return "no due date" }
        return "due " + dueText(due, separator: " (", closing: ")")
    }

    /// "reminder on · next Tue 1 Dec 09:00 (morning)", "reminder off", and the
    /// reasons an switched-on reminder has nothing to fire.
    public func reminderWords(_ task: TodoTask) -> String {
        if !task.reminderOn { return "reminder off" }
        let next = nextFiring(task)
        if task.due == nil && next == nil { return "reminder on (nothing to remind of without a due date)" }
        if task.isCompleted { return "reminder on (the task is done)" }
        guard let next else {
            return "reminder on (none left to fire)"
        }
        return "reminder on · next \(text.instant(next.fire.at)) (\(label(next)))"
    }

    /// The table's reminder column: the next instant ("today 15:00 (snoozed)"
    /// when it is the snooze's), "off", "-" when none is left; blank for a
    /// task with neither a due date nor a snooze to come.
    public func reminderCell(_ task: TodoTask) -> String {
        guard task.due != nil || task.isSnoozed(after: now) else { return "" }
        if !task.reminderOn { return "off" }
        guard let next = nextFiring(task) else { return "-" }
        let words = instantWords(next.fire.at)
        if next.fire.isHeld { return words + " (held)" }
        if next.isDailyOverdue { return words + " (overdue)" }
        return next.reminder.kind == .snoozed ? words + " (snoozed)" : words
    }

    /// What parts a due cell's absolute words from its relative ones.
    public static let relativeSeparator = " · "

    /// The table's due column: "Tue 1 Dec · in 3 days", "tomorrow" or "".
    public func dueCell(_ task: TodoTask) -> String {
        guard let due = task.due else { return "" }
        if let words = memo.dueCells[due] { return words }
        let words = dueText(due, separator: Self.relativeSeparator, closing: "")
        memo.dueCells[due] = words
        return words
    }

    /// A waiting task's start as `list` marks it: "Tue 5 Jan", "Tue 5 Jan 09:30".
    public func startCell(_ start: Due) -> String {
        switch start {
        case .day(let day): dayWords(day)
        case .time(let instant): dayWords(text.clock.day(of: instant)) + " " + text.clock.timeOfDay(of: instant).description
        }
    }

    /// `text.instant(instant)`, remembered.
    private func instantWords(_ instant: Date) -> String {
        if let words = memo.instants[instant] { return words }
        let words = text.instant(instant)
        memo.instants[instant] = words
        return words
    }

    /// The absolute words, then the relative ones when they add something
    /// ("tomorrow" needs no "(tomorrow)").
    private func dueText(_ due: Due, separator: String, closing: String) -> String {
        let absolute = switch due {
        case .day(let day): dayWords(day)
        case .time(let instant): dayWords(text.clock.day(of: instant)) + " " + text.clock.timeOfDay(of: instant).description
        }
        let relative = text.relative(due)
        guard absolute != relative else { return absolute }
        var words = absolute
        words.reserveCapacity(absolute.utf8.count + separator.utf8.count + relative.utf8.count + closing.utf8.count)
        words += separator
        words += relative
        words += closing
        return words
    }

    /// `text.day(day)`, remembered: a long list has tasks on a few hundred days.
    private func dayWords(_ day: LocalDay) -> String {
        if let words = memo.days[day] { return words }
        let words = text.day(day)
        memo.days[day] = words
        return words
    }

    /// A mark for the state: ! overdue, ~ due soon, · upcoming, ✓ done, blank for someday.
    public func mark(_ state: DueState) -> String {
        switch state {
        case .overdue: "!"
        case .dueSoon: "~"
        case .upcoming: "·"
        case .completed: "✓"
        case .noDueDate: " "
        }
    }

    /// The escapes around a line that colour it by the state it shows.
    public func paintCodes(_ state: DueState) -> (open: String, close: String) {
        switch state {
        case .overdue: style.red()
        case .dueSoon: style.orange()
        case .completed: style.dim()
        case .upcoming, .noDueDate: ("", "")
        }
    }

    /// `list`'s category cell: the category, after the task's list when
    /// lists are configured ("work · Health"; "local" for the store's own).
    public func listAndCategory(_ task: TodoTask) -> String {
        guard !listNames.isEmpty else { return task.category.safeForTerminal }
        let list = task.list.map { listNames[$0] ?? $0 } ?? "local"
        return (list + " · " + task.category).safeForTerminal
    }

    /// What a relative alarm of a task due on a day comes to, said when it
    /// is set: "alarm Tue 8 Dec 00:00 (1 day before the due): a day's alarm
    /// counts from its midnight, as Thunderbird counts it". None for a
    /// timed due, whose alarms count from its time as anyone expects.
    public func dayAlarmNotes(_ task: TodoTask) -> [String] {
        guard case .day? = task.due else { return [] }
        return task.alarms.compactMap { alarm in
            guard case .relative = alarm, let at = timeRules.instant(of: alarm, for: task) else { return nil }
            return "alarm \(text.instant(at)) (\(alarmWords(alarm))): a day's alarm counts from its midnight, as Thunderbird counts it"
        }
    }

    /// An alarm as `show` says it: "15 minutes before the due", "at the
    /// due", "1 day after the due", or its moment.
    public func alarmWords(_ alarm: TaskAlarm) -> String {
        switch alarm {
        case .absolute(let instant):
            return text.instant(instant)
        case .relativeToStart(let seconds):
            return seconds == 0 ? "at the start" : Self.lengthWords(seconds) + (seconds < 0 ? " before the start" : " after the start")
        case .relative(let seconds) where seconds == 0:
            return "at the due"
        case .relative(let seconds):
            return Self.lengthWords(seconds) + (seconds < 0 ? " before the due" : " after the due")
        }
    }

    /// "1 day 2 hours", "15 minutes": a length of an alarm, its sign left out.
    private static func lengthWords(_ seconds: Int) -> String {
        var rest = abs(seconds) / 60
        var parts: [String] = []
        for (size, unit) in [(10_080, "week"), (1440, "day"), (60, "hour"), (1, "minute")] where rest >= size {
            parts.append("\(rest / size) \(unit)\(rest / size == 1 ? "" : "s")")
            rest %= size
        }
        return parts.joined(separator: " ")
    }

    /// The tasks `show` names beside one: its parent and its subtasks.
    public struct Family {
        /// The parent it is shown under, if any.
        public var parent: TodoTask?
        /// Why it is shown at the top level though it has a parent.
        public var problem: SubtaskTree.Problem?
        /// Its subtasks, at any depth, theirs after each (depth first).
        public var subtasks: [(task: TodoTask, depth: Int)] = []

        public init(parent: TodoTask? = nil, problem: SubtaskTree.Problem? = nil, subtasks: [(task: TodoTask, depth: Int)] = []) {
            self.parent = parent
            self.problem = problem
            self.subtasks = subtasks
        }

        /// The task's parent and subtasks as `tree` shows them (`list`'s
        /// places), the tasks read by `tasks` (by id): what `show` and the
        /// interactive view's detail name beside a task.
        public init(of task: TodoTask, tree: SubtaskTree, tasks: ([Int64]) throws -> [Int64: TodoTask]) rethrows {
            problem = tree.problem(of: task.id)
            let descendants = tree.descendants(of: task.id)
            let parentID = tree.shownParent(of: task.id)
            guard parentID != nil || !descendants.isEmpty else { return }
            let found = try tasks(descendants + (parentID.map { [$0] } ?? []))
            parent = parentID.flatMap { found[$0] }
            let depth = tree.depth(of: task.id)
            subtasks = descendants.compactMap { id in found[id].map { ($0, tree.depth(of: id) - depth) } }
        }
    }

    /// "1 open subtask", "3 subtasks": what `done` and `delete` of a parent
    /// say they would complete or delete with it.
    public static func count(_ subtasks: [TodoTask]) -> String {
        let open = subtasks.allSatisfy { !$0.isCompleted } ? "open " : ""
        return "\(subtasks.count) \(open)subtask\(subtasks.count == 1 ? "" : "s")"
    }

    /// Several lines about one task, for `show`.
    public func block(_ task: TodoTask, family: Family = Family()) -> [String] {
        let state = timeRules.state(of: task, at: now)
        var lines = [style.bold("Task \(name(task))")]
        func row(_ label: String, _ value: String) {
            lines.append("  " + label.padded(toLength: 15) + value)
        }
        row("state", words(state) + (timeRules.isWaiting(task, at: now) ? ", waiting to start" : ""))
        row("due", task.due.map { dueText($0, separator: " (", closing: ")") } ?? "none")
        if let start = task.start { row("start", dueText(start, separator: " (", closing: ")")) }
        if let list = task.list { row("list", (listNames[list] ?? list).safeForTerminal) }
        row("category", task.category.safeForTerminal)
        if task.tags.count > 1 { row("tags", task.tags.joined(separator: ", ").safeForTerminal) }
        row("priority", task.priority.rawValue)
        if let parent = family.parent {
            row("parent", name(parent))
        } else if let parentID = task.parentID {
            let why = switch family.problem {
            case .otherList?: "in another list"
            case .cycle?: "a subtask of its own subtask"
            case .missing?, nil: "missing"
            }
            row("parent", "\(parentID) (\(why): shown at the top level)")
        }
        if !family.subtasks.isEmpty {
            let direct = family.subtasks.filter { $0.depth == 1 }
            row("subtasks", "\(direct.filter { $0.task.isCompleted }.count) of \(direct.count) done")
            for (subtask, depth) in family.subtasks {
                lines.append(String(repeating: " ", count: 15 + 2 * depth) + (subtask.isCompleted ? "✓ " : "  ") + name(subtask))
            }
        }
        if let repeating = task.repeating, let words = repeatWords(task) {
            let zone = repeating.zone.map { ", at \($0) time" } ?? ""
            row("repeats", "\(words) (from \(repeating.from == .due ? "the due" : "completion")\(zone))")
            let coming = repeating.dues(from: task.due ?? repeating.start, count: 4).dropFirst()
            if !coming.isEmpty, !task.isCompleted {
                row("then", coming.map { text.due($0) }.joined(separator: ", "))
            }
        }
        if let notes = task.notes {
            // Each line of the notes on a line of its own, under the first;
            // what else is a control stays escaped.
            let noteLines = notes.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
            row("notes", String(noteLines[0]).safeForTerminal)
            for line in noteLines.dropFirst() {
                lines.append(String(repeating: " ", count: 17) + String(line).safeForTerminal)
            }
        }
        row("reminder", task.reminderOn ? "on" : "off")
        if !task.alarms.isEmpty || !task.remindDefaults {
            var set = task.alarms.map(alarmWords)
            if !task.remindDefaults { set.append("no defaults") }
            row("alarms", set.joined(separator: ", "))
        }
        let reminders = timeRules.listedReminders(for: task)
        for reminder in reminders {
            let fire = timeRules.fireTime(of: reminder, priority: task.priority)
            if fire.isHeld, fire.at > now {
                // What the daemon will do: show it when the quiet hours end.
                row("  \(reminder.kind.label)", "\(text.instant(reminder.at)), held until \(text.instant(fire.at)) (\(text.relative(fire.at)))")
            } else {
                let passed = fire.at <= now ? ", passed" : ""
                row("  \(reminder.kind.label)", "\(text.instant(fire.at)) (\(text.relative(fire.at))\(passed))")
            }
        }
        if let next = nextFiring(task), next.isDailyOverdue {
            let held = next.fire.isHeld ? ", held" : ""
            row("  overdue", "\(text.instant(next.fire.at)) (\(text.relative(next.fire.at))\(held)), every day until done")
        }
        row("created", text.instant(task.createdAt))
        if let completedAt = task.completedAt { row("completed", text.instant(completedAt)) }
        return lines
    }

    public func words(_ state: DueState) -> String {
        switch state {
        case .completed: "done"
        case .noDueDate: "no due date"
        case .overdue: "overdue"
        case .dueSoon: "due soon"
        case .upcoming: "upcoming"
        }
    }
}
