import TodoCore

/// The user's effective settings: the defaults, overridden by the config file.
public struct Settings: Hashable, Sendable {
    /// How the time rules place reminders and judge states; also the digest
    /// and quiet hours.
    public var policy: ReminderPolicy
    /// Whether a new task's reminder is on when the command does not say [`default-reminder`].
    public var defaultReminder: Bool
    /// The snooze times a reminder offers, each its own action, as written
    /// [`snooze`]: each reads with `WhenParser.snoozeInstant(from:dayTime:)`.
    public var snoozeChoices: [String]
    /// The iCalendar folders whose tasks are kept in sync [`[[calendar]]`];
    /// none for a store-only list.
    public var calendars: [CalendarTable]
    /// The user's e-mail addresses [`my-addresses`], as
    /// `EventDetails.address` keys them: an event an attendee of one of
    /// them declined (`PARTSTAT=DECLINED`) never fires.
    public var addresses: [String] = []

    public init(
        policy: ReminderPolicy = .standard,
        defaultReminder: Bool = true,
        snoozeChoices: [String] = Settings.defaultSnoozeChoices,
        calendars: [CalendarTable] = []
    ) {
        self.policy = policy
        self.defaultReminder = defaultReminder
        self.snoozeChoices = snoozeChoices
        self.calendars = calendars
    }

    /// Ten minutes, an hour, and tomorrow morning.
    public static let defaultSnoozeChoices = ["10m", "1h", "tomorrow 09:00"]

    public static let defaults = Settings()
}
