import Foundation

/// The settings the scheduler works by (DESIGN.md §2); config keys in brackets.
public struct ReminderPolicy: Hashable, Sendable {
    /// When the morning reminder falls on the due day [`reminder-time`].
    public var reminderTime: TimeOfDay
    /// How close the due instant must be for a task to be due soon [`due-soon-hours`].
    public var dueSoonWindow: TimeInterval
    /// Whether timed tasks are also reminded at their due instant [`remind-at-due-time`].
    public var remindAtDueTime: Bool
    /// How old a missed reminder may be and still fire late [`catch-up-hours`].
    public var catchUpWindow: TimeInterval

    public init(
        reminderTime: TimeOfDay = .nine,
        dueSoonWindow: TimeInterval = 24 * 3600,
        remindAtDueTime: Bool = true,
        catchUpWindow: TimeInterval = 12 * 3600
    ) {
        self.reminderTime = reminderTime
        self.dueSoonWindow = dueSoonWindow
        self.remindAtDueTime = remindAtDueTime
        self.catchUpWindow = catchUpWindow
    }

    public static let standard = ReminderPolicy()
}
