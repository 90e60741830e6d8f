/// The columns of the `task` table a task is read from, in the order of
/// `TaskRow.selection`: one list, so that the selection and the positions
/// `TaskRow.task(from:)` decodes cannot fall out of step. `position` is a
/// column's index in the selected row.
enum TaskColumn: Int32, CaseIterable {
    case id, title, notes, category, priority, dueDay, dueTime, completedAt, createdAt, updatedAt, reminder, dueSetAt
    case repeatRule, repeatFrom, repeatZone, repeatStartDay, repeatStartTime, repeatDone
    case list, acknowledgedAt, alarms, remindDefaults, repeatStartWall, tags, startDay, startTime, parentID
    /// Not the task table's: the task's snooze, looked up in `snooze`.
    case snoozedUntil

    var position: Int32 { rawValue }

    /// The column's name in the `task` table; for `snoozedUntil`, in `snooze`.
    var name: String {
        switch self {
        case .id: "id"
        case .title: "title"
        case .notes: "notes"
        case .category: "category"
        case .priority: "priority"
        case .dueDay: "due_day"
        case .dueTime: "due_time"
        case .completedAt: "completed_at"
        case .createdAt: "created_at"
        case .updatedAt: "updated_at"
        case .reminder: "reminder"
        case .dueSetAt: "due_set_at"
        case .repeatRule: "repeat_rule"
        case .repeatFrom: "repeat_from"
        case .repeatZone: "repeat_zone"
        case .repeatStartDay: "repeat_start_day"
        case .repeatStartTime: "repeat_start_time"
        case .repeatDone: "repeat_done"
        case .list: "list"
        case .acknowledgedAt: "acknowledged_at"
        case .alarms: "alarms"
        case .remindDefaults: "remind_defaults"
        case .repeatStartWall: "repeat_start_wall"
        case .tags: "tags"
        case .startDay: "start_day"
        case .startTime: "start_time"
        case .parentID: "parent_id"
        case .snoozedUntil: "until"
        }
    }

    /// The columns a write sets from the task's fields: every column read
    /// but the id and the snooze (kept in a table of its own).
    static let written = allCases.filter { $0 != .id && $0 != .snoozedUntil }
}

/// The columns of the `task` table a write derives from a task's fields, for
/// searching and ordering (`TaskQuery`, the reminder queue's index); never
/// read back into a task.
enum TaskKeyColumn: CaseIterable {
    case dueKey, titleKey, notesKey, categoryKey

    var name: String {
        switch self {
        case .dueKey: "due_key"
        case .titleKey: "title_key"
        case .notesKey: "notes_key"
        case .categoryKey: "category_key"
        }
    }
}
