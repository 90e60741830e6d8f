import FoundationEssentials

/// One to-do item, as stored.
public struct TodoTask: Hashable, Sendable, Identifiable {
    /// Stable and shown to the user; assigned by the store.
    public var id: Int64
    public var title: String
    public var notes: String?
    /// Every tag, in order: an iCalendar file's `CATEGORIES` values, as
    /// spelled there, each once (compared without regard to case). The
    /// first is the task's category (`category`).
    public var tags: [String]
    public var priority: Priority
    public var due: Due?
    /// When the task can begin (a file's `DTSTART`): until then it is
    /// waiting, left out of `list`, and its reminders do not fire unless an
    /// alarm counts from the start (`TimeRules.isBeforeStart`). Never after
    /// the due (`TodoTask.checkStart`); a repeating task's moves with each
    /// occurrence, keeping its distance to the due (`TodoTask.moveOccurrence`).
    public var start: Due?
    /// The task this one is a subtask of (a file's `RELATED-TO;RELTYPE=PARENT`);
    /// nil for a task of its own. A parent missing from the store, in
    /// another list or in a cycle is no parent for showing it
    /// (`SubtaskTree`), but stays here, so that nothing is lost.
    public var parentID: Int64?
    /// When the task was completed; nil while it is open.
    public var completedAt: Date?
    public var createdAt: Date
    public var updatedAt: Date
    /// When the due date was last set (at creation, or by a change of it).
    /// A reminder that fell before then was never due to fire: a task added
    /// or moved to today at 10:00 is not reminded of its 09:00 as missed.
    /// Other edits leave it, so they never cost a reminder missed meanwhile.
    public var dueSetAt: Date
    /// The task's reminder switch. Only a task with a due date or a snooze
    /// has reminders, whatever the switch says.
    public var reminderOn: Bool
    /// When a snooze asks to be reminded of the task again, once; nil when it
    /// is not snoozed. It stays after its instant has passed, until the task
    /// is done, its reminder switched off, its due date changed, or it is
    /// snoozed again (see `TodoTask+Snooze`).
    public var snoozedUntil: Date?
    /// How the task repeats; nil for a one-off task. A repeating task has one
    /// open occurrence: `due` is that occurrence's.
    public var repeating: TaskRepeat?
    /// The list the task is in, named by the path of the iCalendar folder
    /// that holds it (`[[calendar]]` in the config); nil for the local
    /// list, which lives in the store alone.
    public var list: String?
    /// When the user last handled the task's reminders (dismissed, snoozed,
    /// marked done), here or on another device (`X-MOZ-LASTACK`): a
    /// reminder falling at or before it is not shown (`TimeRules.reminders`).
    public var acknowledgedAt: Date?
    /// Reminders set beside the defaults (`--remind`, other clients' alarms).
    public var alarms: [TaskAlarm]
    /// Whether the task has todo-remind's two default reminders (the
    /// reminder time on the due day, the due time) besides its alarms.
    public var remindDefaults: Bool

    // Inlinable: the store decodes every task of a listing with it, and
    // called across modules it built the task once and copied it whole.
    @inlinable
    public init(
        id: Int64,
        title: String,
        notes: String? = nil,
        category: String = TodoTask.defaultCategory,
        tags: [String]? = nil,
        priority: Priority = .medium,
        due: Due? = nil,
        completedAt: Date? = nil,
        createdAt: Date,
        updatedAt: Date? = nil,
        dueSetAt: Date? = nil,
        reminderOn: Bool = true,
        snoozedUntil: Date? = nil,
        repeating: TaskRepeat? = nil,
        list: String? = nil,
        acknowledgedAt: Date? = nil,
        alarms: [TaskAlarm] = [],
        remindDefaults: Bool = true,
        start: Due? = nil,
        parentID: Int64? = nil
    ) {
        self.id = id
        self.title = title
        self.notes = notes
        self.tags = tags ?? (category == Self.defaultCategory ? [] : [category])
        self.priority = priority
        self.due = due
        self.completedAt = completedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.dueSetAt = dueSetAt ?? updatedAt ?? createdAt
        self.reminderOn = reminderOn
        self.snoozedUntil = snoozedUntil
        self.repeating = repeating
        self.list = list
        self.acknowledgedAt = acknowledgedAt
        self.alarms = alarms
        self.remindDefaults = remindDefaults
        self.start = start
        self.parentID = parentID
    }

    /// The first tag, the one category the seeds know (`--category`,
    /// `list`'s column); `defaultCategory` for a task without tags.
    /// Setting it replaces the first tag and keeps the others, as a file's
    /// first `CATEGORIES` value is replaced; the default on a task without
    /// tags adds none.
    public var category: String {
        get { tags.first ?? Self.defaultCategory }
        set { tags = TaskTags.settingCategory(newValue, of: tags) }
    }

    public var isCompleted: Bool { completedAt != nil }

    /// The category a task gets when none is given. A literal, not a
    /// stored constant: `list` asks it of every task it reads, and a
    /// constant is looked up through a once-only initialiser each time.
    public static var defaultCategory: String { "General" }
}
