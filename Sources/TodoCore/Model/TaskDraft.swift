import Foundation

/// The fields of a task that does not exist yet; the store gives it an id.
public struct TaskDraft: Hashable, Sendable {
    public var title: String
    public var notes: String?
    public var category: String
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

    /// Creates a draft, checking the title and tidying the text fields.
    ///
    /// - Throws: `TaskFieldError` when the title is empty or only whitespace.
    public init(
        title: String,
        notes: String? = nil,
        category: String? = nil,
        priority: Priority = .medium,
        due: Due? = nil,
        reminderOn: Bool = true,
        completedAt: Date? = nil,
        createdAt: Date? = nil
    ) throws(TaskFieldError) {
        self.title = try TaskFields.title(title)
        self.notes = TaskFields.notes(notes)
        self.category = try TaskFields.category(category)
        self.priority = priority
        self.due = due
        self.reminderOn = reminderOn
        self.completedAt = completedAt
        self.createdAt = createdAt
    }
}
