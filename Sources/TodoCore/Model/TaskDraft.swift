import FoundationEssentials

/// The fields of a task that does not exist yet; the store gives it an id.
public struct TaskDraft: Hashable, Sendable {
    public var title: String
    public var notes: String?
    /// Every tag, the category first (`TodoTask.tags`).
    public var tags: [String]
    public var priority: Priority
    public var due: Due?
    public var reminderOn: Bool
    public var completedAt: Date?
    /// When the task was created; nil means "now", as the store sees it.
    public var createdAt: Date?
    /// How it repeats; nil for a one-off task.
    public var repeating: TaskRepeat?
    /// Occurrences completed before (an import carries its history over).
    public var completions: [Completion] = []
    /// The list it goes in (`TodoTask.list`); nil for the local list.
    public var list: String?
    /// Alarms beside the defaults (`TodoTask.alarms`).
    public var alarms: [TaskAlarm] = []
    /// Whether the two default reminders are on (`TodoTask.remindDefaults`).
    public var remindDefaults = true
    /// When it can begin (`TodoTask.start`).
    public var start: Due?
    /// The task it is a subtask of (`TodoTask.parentID`).
    public var parentID: Int64?
    /// When its reminders were last handled elsewhere (an imported file's
    /// `X-MOZ-LASTACK`, `TodoTask.acknowledgedAt`).
    public var acknowledgedAt: Date?
    /// A snooze it comes with (an imported file's, `TodoTask.snoozedUntil`).
    public var snoozedUntil: Date?

    /// The first tag, the category (`TodoTask.category`).
    public var category: String {
        get { tags.first ?? TodoTask.defaultCategory }
        set { tags = TaskTags.settingCategory(newValue, of: tags) }
    }

    /// Creates a draft, checking the title and tidying the text fields.
    ///
    /// A category given is the first tag, `tags` follow it (those it
    /// repeats left out): `--category Work --tag home` is tagged Work, home.
    /// The default category alone is no tag: a task without tags is in it.
    ///
    /// - Throws: `TaskFieldError` when the title, the category or a tag is
    ///   empty or only whitespace.
    public init(
        title: String,
        notes: String? = nil,
        category: String? = nil,
        tags: [String] = [],
        priority: Priority = .medium,
        due: Due? = nil,
        reminderOn: Bool = true,
        completedAt: Date? = nil,
        createdAt: Date? = nil
    ) throws(TaskFieldError) {
        self.title = try TaskFields.title(title)
        self.notes = try TaskFields.notes(notes)
        var first: String?
        if let category { first = try TaskFields.category(category) }
        let alone = tags.isEmpty && first.map { TaskTags.key($0) == TaskTags.key(TodoTask.defaultCategory) } == true
        self.tags = alone ? [] : try TaskTags.normalized((first.map { [$0] } ?? []) + tags)
        self.priority = priority
        self.due = due
        self.reminderOn = reminderOn
        self.completedAt = completedAt
        self.createdAt = createdAt
    }
}
