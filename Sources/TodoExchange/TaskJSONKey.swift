/// The keys of a task object in todo-remind's JSON: what `export` and
/// `list --json` write (the CLI's `TaskJSON`) and what `import` reads back
/// (`ImportedTasks`), named once for both. The keys only the writer has
/// (`state`, `nextReminder`, `occurrences`…) say what was true when it
/// wrote; `import` works them out again instead.
public enum TaskJSONKey: CaseIterable, Sendable {
    case id, title, notes, category, tags, list, parent, priority, due, dueInstant, start, waiting, state, group
    case completed, completedAt, createdAt, reminder, remindDefaults, alarms, nextReminder, reminders, occurrences
    case completions
    /// `"repeat"`: its `rule`, `from`, `zone`, `start` and `startReading`.
    case `repeat`, rule, from, zone, startReading
    /// A due's one key: `{"day": …}` or `{"time": …}`.
    case day, time
    /// An alarm's one key: `{"offset": …}`, `{"fromStart": …}` or `{"at": …}`;
    /// `at` is also a reminder's, a completion's and a firing's instant.
    case offset, fromStart, at
    /// A reminder's kind.
    case kind

    /// The key as written, a static string the writer copies without
    /// allocating (an export writes 25 keys a task).
    public var name: StaticString {
        switch self {
        case .id: "id"
        case .title: "title"
        case .notes: "notes"
        case .category: "category"
        case .tags: "tags"
        case .list: "list"
        case .parent: "parent"
        case .priority: "priority"
        case .due: "due"
        case .dueInstant: "dueInstant"
        case .start: "start"
        case .waiting: "waiting"
        case .state: "state"
        case .group: "group"
        case .completed: "completed"
        case .completedAt: "completedAt"
        case .createdAt: "createdAt"
        case .reminder: "reminder"
        case .remindDefaults: "remindDefaults"
        case .alarms: "alarms"
        case .nextReminder: "nextReminder"
        case .reminders: "reminders"
        case .occurrences: "occurrences"
        case .completions: "completions"
        case .repeat: "repeat"
        case .rule: "rule"
        case .from: "from"
        case .zone: "zone"
        case .startReading: "startReading"
        case .day: "day"
        case .time: "time"
        case .offset: "offset"
        case .fromStart: "fromStart"
        case .at: "at"
        case .kind: "kind"
        }
    }

    /// The key as a `String`, for reading.
    public var text: String { name.description }
}
