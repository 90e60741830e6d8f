import FoundationEssentials

extension ReminderPolicy {
    /// How late a reminder may be shown and still count as on time.
    ///
    /// A running daemon wakes within milliseconds of an instant, and one
    /// killed and restarted at once re-sends within about a second; anything
    /// later means no daemon was running to fire it (it was stopped, or the
    /// machine slept), and the reminder is marked missed, however short the
    /// outage.
    public static let onTimeGrace: TimeInterval = 2

    /// Whether a reminder shown at `shownAt` that was to fire at `fireTime`
    /// is on time; otherwise it is "missed". The one rule for it: the words
    /// of a bubble and the daemon's plan both ask here.
    public static func isOnTime(shownAt: Date, fireTime: Date) -> Bool {
        shownAt.timeIntervalSince(fireTime) <= onTimeGrace
    }
}
