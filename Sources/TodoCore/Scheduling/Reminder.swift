import Foundation

/// Which rule produced a reminder.
public enum ReminderKind: String, CaseIterable, Sendable {
    /// At the reminder time on the due day (or the day before, for early timed tasks).
    case morning
    /// At the due instant of a timed task.
    case atDueTime
    /// Once, at the instant a snooze asks for (`TodoTask.snoozedUntil`).
    case snoozed

    /// Words for people: "morning", "at due time", "snoozed".
    public var label: String {
        switch self {
        case .morning: "morning"
        case .atDueTime: "at due time"
        case .snoozed: "snoozed"
        }
    }

    /// The order of kinds whose reminders fall at the same instant: the order
    /// of `allCases`.
    var rank: Int {
        switch self {
        case .morning: 0
        case .atDueTime: 1
        case .snoozed: 2
        }
    }
}

/// One moment at which a task should be brought to the user's attention.
public struct Reminder: Hashable, Sendable {
    public var taskID: Int64
    public var kind: ReminderKind
    public var at: Date

    public init(taskID: Int64, kind: ReminderKind, at: Date) {
        self.taskID = taskID
        self.kind = kind
        self.at = at
    }
}
