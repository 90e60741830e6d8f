import TodoCore

/// The user's effective settings: the defaults, overridden by the config file.
public struct Settings: Hashable, Sendable {
    /// How the scheduler places reminders and judges states.
    public var policy: ReminderPolicy
    /// Whether a new task's reminder is on when the command does not say [`default-reminder`].
    public var defaultReminder: Bool

    public init(policy: ReminderPolicy = .standard, defaultReminder: Bool = true) {
        self.policy = policy
        self.defaultReminder = defaultReminder
    }

    public static let defaults = Settings()
}
