import Foundation

/// Which rule produced a reminder.
public enum ReminderKind: String, CaseIterable, Sendable {
    /// At the reminder time on the due day (or the day before, for early timed tasks).
    case morning
    /// At the due instant of a timed task.
    case atDueTime
    /// Once, at the instant a snooze asks for (`TodoTask.snoozedUntil`).
    case snoozed
    /// At one of the task's alarms (`TodoTask.alarms`).
    case alarm

    /// Words for people: "morning", "at due time", "snoozed".
    public var label: String {
        switch self {
        case .morning: "morning"
        case .atDueTime: "at due time"
        case .snoozed: "snoozed"
        case .alarm: "alarm"
        }
    }

    /// The order of kinds whose reminders fall at the same instant: the order
    /// of `allCases`.
    var rank: Int {
        switch self {
        case .morning: 0
        case .atDueTime: 1
        case .snoozed: 2
        case .alarm: 3
        }
    }
}

/// One moment at which a task should be brought to the user's attention.
///
/// A reminder is identified by what it reminds of (`id`: the task, the kind
/// and the occurrence), not by its instant: a move to another time zone moves
/// a day task's 09:00 reminder to another instant without making it a new
/// reminder, and editing the task's notes or title leaves it as it was.
/// Changing the due changes the occurrence, which makes a new reminder.
public struct Reminder: Hashable, Sendable, Identifiable {
    public var taskID: Int64
    public var kind: ReminderKind
    /// What it reminds of: the due (its day, or its instant), the day of a
    /// daily reminder of an overdue task, or a snooze's instant.
    public var occurrence: Occurrence
    /// When it falls, under the clock and zone it was worked out with.
    public var at: Date

    public init(taskID: Int64, kind: ReminderKind, occurrence: Occurrence, at: Date) {
        self.taskID = taskID
        self.kind = kind
        self.occurrence = occurrence
        self.at = at
    }

    /// What the ledger keys on, and what a re-sent notification is tagged with.
    public var id: ID { ID(taskID: taskID, kind: kind, occurrence: occurrence) }
}
