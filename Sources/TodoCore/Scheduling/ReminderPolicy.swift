import FoundationEssentials

/// The settings the time rules work by (docs/ARCHITECTURE.md §2); config keys in brackets.
public struct ReminderPolicy: Hashable, Sendable {
    /// When the morning reminder falls on the due day [`reminder-time`].
    public var reminderTime: TimeOfDay
    /// How close the due instant must be for a task to be due soon [`due-soon-hours`].
    public var dueSoonWindow: TimeInterval
    /// Whether timed tasks are also reminded at their due instant [`remind-at-due-time`].
    public var remindAtDueTime: Bool
    /// How old a missed reminder may be and still fire late [`catch-up-hours`].
    public var catchUpWindow: TimeInterval
    /// Whether many reminders firing together make one digest [`digest`].
    public var digestEnabled: Bool
    /// How many tasks firing together still get a bubble each; more make a digest [`digest-threshold`].
    public var digestThreshold: Int
    /// Whether open overdue tasks are reminded again every day at the reminder time [`overdue-in-digest`].
    public var overdueInDigest: Bool
    /// When reminders are held until the quiet stretch ends; nil for none [`quiet-hours`].
    public var quietHours: QuietHours?
    /// Whether high-priority reminders fire during quiet hours [`quiet-hours-allow-high`].
    public var quietHoursAllowHigh: Bool

    public init(
        reminderTime: TimeOfDay = .nine,
        dueSoonWindow: TimeInterval = 24 * 3600,
        remindAtDueTime: Bool = true,
        catchUpWindow: TimeInterval = 12 * 3600,
        digestEnabled: Bool = true,
        digestThreshold: Int = 3,
        overdueInDigest: Bool = true,
        quietHours: QuietHours? = nil,
        quietHoursAllowHigh: Bool = false
    ) {
        self.reminderTime = reminderTime
        self.dueSoonWindow = dueSoonWindow
        self.remindAtDueTime = remindAtDueTime
        self.catchUpWindow = catchUpWindow
        self.digestEnabled = digestEnabled
        self.digestThreshold = digestThreshold
        self.overdueInDigest = overdueInDigest
        self.quietHours = quietHours
        self.quietHoursAllowHigh = quietHoursAllowHigh
    }

    public static let standard = ReminderPolicy()
}
