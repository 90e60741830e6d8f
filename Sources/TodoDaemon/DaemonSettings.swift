import TodoConfig
import TodoCore

/// What the daemon takes from the user's settings.
public struct DaemonSettings: Hashable, Sendable {
    var policy: ReminderPolicy
    /// The snooze choices each bubble offers ("10m", "1h", "tomorrow 09:00").
    var snoozeChoices: [String]
    /// The lists' folders kept in step with the store [`[[calendar]]`].
    var calendars: [CalendarTable]

    public init(policy: ReminderPolicy, snoozeChoices: [String], calendars: [CalendarTable] = []) {
        self.policy = policy
        self.snoozeChoices = snoozeChoices
        self.calendars = calendars
    }
}
