import FoundationEssentials
import TodoCore
import TodoListing
import TodoRecurrence
import TodoStore
import TodoSync

/// The add and edit form: Title, Due, Category, Priority, List, Repeat,
/// Remind, Tags, Start and Parent, each a line of text read as `add` and `edit` read their options,
/// with a mistake shown under its field as the sentence the command line
/// prints for it. Nothing is saved until every field reads.
public struct TaskForm: Hashable, Sendable {
    public enum Field: Int, CaseIterable, Hashable, Sendable {
        // The fields of tags, subtasks, a start and the notes come last, so
        // that the fields before keep their places.
        case title, due, category, priority, list, `repeat`, remind, tags, start, parent, notes

        public var label: String {
            switch self {
            case .title: "Title"
            case .due: "Due"
            case .category: "Category"
            case .priority: "Priority"
            case .list: "List"
            case .repeat: "Repeat"
            case .remind: "Remind"
            case .tags: "Tags"
            case .start: "Start"
            case .parent: "Parent"
            case .notes: "Notes"
            }
        }

        /// What the field takes, shown beside it while it is empty.
        public var hint: String {
            switch self {
            case .title: "what to do"
            case .due: "tomorrow, fri 17:00, +2h, 2026-12-01"
            case .category: "General, Work, Home…"
            case .priority: "low, medium or high"
            case .list: "the list's name"
            case .repeat: "daily, weekly, every 2 weeks, an RRULE"
            case .remind: "-15m, -1d, 2026-12-01 08:30"
            case .tags: "more tags after the category: home, weekend"
            case .start: "when it can begin, as Due"
            case .parent: "the task it is a subtask of: an id or a title"
            case .notes: "anything more; \\n for a new line"
            }
        }
    }

    /// The task being edited; nil while adding one.
    public let taskID: Int64?
    public private(set) var values: [Field: TextLine]
    /// The values as the form opened with them: an edit changes only the
    /// fields that differ.
    public let initial: [Field: String]
    public var focus: Field = .title
    /// The mistake in each field, as a sentence.
    public private(set) var errors: [Field: String] = [:]

    /// An empty form for a new task, with the defaults `add` gives.
    public init(adding context: FormContext) {
        taskID = nil
        var initial: [Field: String] = [:]
        for field in Field.allCases { initial[field] = "" }
        initial[.category] = TodoTask.defaultCategory
        initial[.priority] = Priority.medium.rawValue
        initial[.list] = (try? context.lists.listForNewTask(named: nil))?.map(\.name) ?? ""
        self.initial = initial
        values = initial.mapValues(TextLine.init)
    }

    /// The form filled with `task` as it is.
    public init(editing task: TodoTask, context: FormContext) {
        taskID = task.id
        let clock = context.timeRules.clock
        let initial: [Field: String] = [
            .title: task.title,
            .due: task.due.map { Self.text(of: $0, clock: clock) } ?? "",
            .category: task.category,
            .priority: task.priority.rawValue,
            .list: task.list.map { path in context.lists.list(atPath: path)?.name ?? path } ?? "",
            .repeat: task.repeating?.rule ?? "",
            .remind: task.alarms.map { Self.text(of: $0, clock: clock) }.joined(separator: ","),
            .tags: task.tags.dropFirst().joined(separator: ", "),
            .start: task.start.map { Self.text(of: $0, clock: clock) } ?? "",
            .parent: task.parentID.map(String.init) ?? "",
            .notes: task.notes.map(Self.oneLine) ?? "",
        ]
        self.initial = initial
        values = initial.mapValues(TextLine.init)
    }

    public func value(_ field: Field) -> TextLine { values[field] ?? TextLine() }

    /// Sets a field's whole text, as the window's entries give it; its
    /// mistake goes until the form is read again.
    public mutating func set(_ field: Field, to text: String) {
        values[field] = TextLine(text)
        errors[field] = nil
    }

    /// Types into the focused field, or moves between fields.
    public mutating func apply(_ intention: Intention) {
        switch intention {
        case .nextField: focus = Field(rawValue: (focus.rawValue + 1) % Field.allCases.count) ?? .title
        case .previousField: focus = Field(rawValue: (focus.rawValue + Field.allCases.count - 1) % Field.allCases.count) ?? .title
        default:
            var line = value(focus)
            if line.apply(intention) {
                values[focus] = line
                errors[focus] = nil
            }
        }
    }

    /// The fields whose text differs from what the form opened with.
    public var changedFields: [Field] {
        Field.allCases.filter { value($0).text != initial[$0] }
    }

    // MARK: - Reading

    /// A new task, once every field reads.
    public mutating func draft(in context: FormContext) -> TaskDraft? {
        errors = [:]
        let parser = context.parser
        let title = read(.title) { try TaskFields.title($0) }
        let dueText = value(.due).text.trimmingSpaces()
        let due = read(.due) { _ in try dueText.isEmpty ? nil : parser.due(from: dueText) }
        let typed = dueText.isEmpty ? nil : try? parser.typedReading(of: dueText)
        let category = read(.category) { try TaskFields.category($0) }
        let tags = read(.tags, Self.tags)
        let start = read(.start) { text in
            let text = text.trimmingSpaces()
            return try text.isEmpty ? nil : parser.due(from: text)
        }
        let priority = read(.priority, Self.priority)
        let parent = read(.parent) { text in try Self.parent(text, in: context) }
        let notes = read(.notes) { text in try TaskFields.notes(Self.lines(text)) }
        let initialList = initial[.list]
        let list = read(.list) { text -> String? in
            // A subtask is in its parent's list, as `add --parent` puts it,
            // unless another list is named.
            if let parent = parent ?? nil, text == initialList { return parent.list }
            let named = try context.lists.listForNewTask(named: text.trimmingSpaces().isEmpty ? nil : text)?.path
            if let parent = parent ?? nil, parent.list != named { throw ParentListError(parent: parent, context: context) }
            return named
        }
        let alarms = read(.remind) { text in
            try text.trimmingSpaces().isEmpty ? [] : parser.alarms(from: text)
        }
        let dueRead = errors[.due] == nil
        let repeating = read(.repeat) { text -> TaskRepeat? in
            let rule = text.trimmingSpaces()
            // A due that does not read is said under Due; the rule waits for it.
            guard !rule.isEmpty, dueRead else { return nil }
            return try TaskRepeat(parsing: rule, from: .due, due: due ?? nil, typed: typed, zone: context.zone)
        }
        guard errors.isEmpty, let title, let due, let category, let tags, let start, let priority, let list, let alarms, let repeating,
              let notes
        else { return nil }
        guard var draft = try? TaskDraft(title: title, category: category, tags: tags, priority: priority, due: due,
                                         reminderOn: context.defaultReminder) else { return nil }
        draft.start = start
        draft.notes = notes
        draft.parentID = (parent ?? nil)?.id
        // A subtask is in its parent's category unless another is typed, as `add --parent` puts it.
        if let parent = parent ?? nil, value(.category).text == initial[.category], value(.tags).text.isEmpty {
            draft.category = parent.category
        }
        // As `add --start`: a due before the start is said, naming both.
        do {
            try draft.checkStart(clock: context.timeRules.clock)
        } catch {
            errors[.start] = Self.sentence(error)
            return nil
        }
        draft.repeating = repeating
        draft.alarms = alarms
        draft.list = list
        return draft
    }

    /// The change to make to the task being edited, once every changed
    /// field reads: only the fields changed are applied, as `edit` applies
    /// only the options given.
    public mutating func change(in context: FormContext) -> ((inout TodoTask) throws -> Void)? {
        errors = [:]
        let changed = Set(changedFields)
        let parser = context.parser
        func text(_ field: Field) -> String? {
            changed.contains(field) ? value(field).text : nil
        }
        let title = text(.title).flatMap { text in read(.title) { _ in try TaskFields.title(text) } }
        let dueText = text(.due)?.trimmingSpaces()
        let due = dueText.flatMap { text in read(.due) { _ in try text.isEmpty ? Due?.none : parser.due(from: text) } }
        let typed = dueText.flatMap { text in text.isEmpty ? nil : try? parser.typedReading(of: text) }
        let category = text(.category).flatMap { text in read(.category) { _ in try TaskFields.category(text) } }
        let tags = text(.tags).flatMap { text in read(.tags) { _ in try Self.tags(text) } }
        let start = text(.start).flatMap { text in
            read(.start) { _ -> Due? in
                let text = text.trimmingSpaces()
                return try text.isEmpty ? Due?.none : parser.due(from: text)
            }
        }
        let priority = text(.priority).flatMap { _ in read(.priority, Self.priority) }
        let list = text(.list).flatMap { text in
            read(.list) { _ -> String? in
                let name = text.trimmingSpaces()
                return name.isEmpty ? nil : try context.lists.list(named: name).path
            }
        }
        let alarms = text(.remind).flatMap { text in
            read(.remind) { _ in try text.trimmingSpaces().isEmpty ? [] : parser.alarms(from: text) }
        }
        let parent = text(.parent).flatMap { text in read(.parent) { _ in try Self.parent(text, in: context) } }
        let notes = text(.notes).flatMap { text in read(.notes) { _ in try TaskFields.notes(Self.lines(text)) } }
        if let parent = parent ?? nil, let id = taskID {
            // Not itself, not one of its own subtasks (`ParentRule`).
            read(.parent) { _ in
                let child = try context.store?.task(id: id)
                if let child { try ParentRule.check(child: child, parent: parent, ancestors: try context.store?.ancestors(of: parent.id) ?? []) }
            }
            // It goes into its parent's list, as `edit --parent` moves it, unless another is named.
            if let named = list ?? nil, named != parent.list {
                errors[.list] = ParentListError(parent: parent, context: context).errorDescription
            }
        }
        if let list, parent == nil, let id = taskID {
            // A subtask keeping its parent does not go to another list alone, as `edit --list` refuses.
            read(.list) { _ in
                guard let child = try context.store?.task(id: id), let parentID = child.parentID else { return }
                try ParentRule.checkMove(of: child, to: list, keeping: try context.store?.task(id: parentID))
            }
        }
        let rule = text(.repeat)?.trimmingSpaces()
        guard errors.isEmpty else { return nil }
        let edit = RepeatEdit(rule: rule.flatMap { $0.isEmpty ? nil : $0 }, ends: rule?.isEmpty == true,
                              dueChanged: dueText != nil, typedDue: typed)
        // The repeat reads against the new due: tried on the task as it
        // will be, so that a mistake is shown under the field before saving.
        return { task in
            if let title { task.title = title }
            if let due { task.due = due }
            if let category { task.category = category }
            // The tags after the category, as the field lists them.
            if let tags { task.tags = TaskTags.adding(tags, to: Array(task.tags.prefix(1))) }
            if let start { task.start = start }
            if let priority { task.priority = priority }
            if let list { task.list = list }
            if let parent {
                task.parentID = parent?.id
                if let parent { task.list = parent.list }
            }
            if let alarms { task.alarms = alarms }
            if let notes { task.notes = notes }
            _ = try task.apply(edit, zone: context.zone)
            try task.checkStart(clock: context.timeRules.clock)
        }
    }

    /// Reads the repeat of `task` changed by `change` ahead of saving, and
    /// puts a mistake under the field that made it.
    public mutating func check(_ change: (inout TodoTask) throws -> Void, on task: TodoTask) -> Bool {
        var trial = task
        do {
            try change(&trial)
            return true
        } catch let error as StartError {
            errors[.start] = Self.sentence(error)
            return false
        } catch {
            errors[.repeat] = Self.sentence(error)
            return false
        }
    }

    /// Reads a field's text with `reading`; a mistake is kept under the field.
    private mutating func read<Value>(_ field: Field, _ reading: (String) throws -> Value) -> Value? {
        do {
            return try reading(value(field).text)
        } catch {
            errors[field] = Self.sentence(error)
            return nil
        }
    }

    /// The sentence the command line prints for `error` after "Error: ".
    public static func sentence(_ error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? error.readableDescription
    }

    /// Tags as several `--tag` take them, separated by commas; none for an
    /// empty field.
    private static func tags(_ text: String) throws -> [String] {
        guard !text.trimmingSpaces().isEmpty else { return [] }
        return try TaskTags.normalized(text.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
    }

    /// The task the Parent field names, as `--parent` finds it (an id, or
    /// words of a title); nil for an empty field, which is no parent.
    private static func parent(_ text: String, in context: FormContext) throws -> TodoTask? {
        guard !text.trimmingSpaces().isEmpty else { return nil }
        guard let store = context.store else { throw ResolveError.empty }
        return try TaskResolver(store: store).resolve(text, scope: .all)
    }

    /// A priority as `--priority` takes it.
    private static func priority(_ text: String) throws(PriorityError) -> Priority {
        let word = text.trimmingSpaces().lowercased()
        guard let priority = Priority(rawValue: word) else { throw PriorityError(text: text) }
        return priority
    }

    // MARK: - Values as text

    /// Notes on the field's one line: each line break as `\n`, and a
    /// backslash before an `n` doubled, so that `lines` reads it back.
    public static func oneLine(_ notes: String) -> String {
        notes.replacing("\\n", with: "\\\\n").replacing("\r\n", with: "\\n")
            .replacing("\n", with: "\\n")
    }

    /// The notes a field's line says: `\n` a line break, `\\n` a
    /// backslash and an `n`.
    public static func lines(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let index = rest.firstIndex(of: "\\") {
            result += rest[..<index]
            let after = rest[index...].dropFirst()
            if after.hasPrefix("\\n") {
                result += "\\n"
                rest = after.dropFirst(2)
            } else if after.hasPrefix("n") {
                result += "\n"
                rest = after.dropFirst()
            } else {
                result += "\\"
                rest = after
            }
        }
        return result + rest
    }

    /// A due as a WHEN that reads back as it: "2026-12-01", "2026-12-01 17:00".
    public static func text(of due: Due, clock: WallClock) -> String {
        switch due {
        case .day(let day): day.description
        case .time(let instant): clock.day(of: instant).description + " " + clock.timeOfDay(of: instant).description
        }
    }

    /// An alarm as `--remind` takes it: "-15m", "+1d2h", "0", "2026-12-01 08:30".
    public static func text(of alarm: TaskAlarm, clock: WallClock) -> String {
        switch alarm {
        case .absolute(let instant):
            return clock.day(of: instant).description + " " + clock.timeOfDay(of: instant).description
        case .relative(let seconds):
            return length(seconds) ?? "0"
        case .relativeToStart(let seconds):
            return length(seconds).map { $0 + "@start" } ?? "start"
        }
    }

    /// "-15m", "+1d2h": a length of an alarm as `--remind` takes it; nil for none.
    private static func length(_ seconds: Int) -> String? {
        guard seconds != 0 else { return nil }
        var rest = abs(seconds) / 60
        var text = seconds < 0 ? "-" : "+"
        for (size, unit) in [(10_080, "w"), (1440, "d"), (60, "h"), (1, "m")] where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text
    }
}

/// A priority that is none of low, medium and high.
struct PriorityError: LocalizedError {
    let text: String

    var errorDescription: String? {
        "“\(text)” is not a priority: give low, medium or high."
    }
}

/// A subtask named for a list other than its parent's: it goes in its
/// parent's list, as `add --parent` and `edit --parent` put it.
struct ParentListError: LocalizedError {
    let parent: TodoTask
    let context: FormContext

    var errorDescription: String? {
        let list = parent.list.map { path in context.lists.list(atPath: path)?.name ?? path } ?? "local"
        return "Task \(parent.id) “\(parent.title.safeForTerminal)” is in the list \(list.safeForTerminal), and a subtask is in its "
            + "parent's list, so nothing was changed: leave List as it was, or give \(list.safeForTerminal)."
    }
}
