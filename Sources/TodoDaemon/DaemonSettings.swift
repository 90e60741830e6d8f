import TodoCore

/// What the daemon takes from the user's settings.
public struct DaemonSettings: Hashable, Sendable {
    var policy: ReminderPolicy
    /// The snooze choices each bubble offers ("10m", "1h", "tomorrow 09:00").
    var snoozeChoices: [String]

    public init(policy: ReminderPolicy, snoozeChoices: [String]) {
        self.policy = policy
        self.snoozeChoices = snoozeChoices
    }
}
