import FoundationEssentials

/// A reminder as the daemon will show it: when, held or not, alone or in a
/// digest. What `next`, `show` and `list` print, so they say what the daemon
/// will do rather than what the reminder's own instant alone would suggest.
public struct Firing: Hashable, Sendable {
    public let entry: TaskReminder
    /// When it is shown: its own instant, or the end of the quiet hours holding it.
    public let fire: FireTime
    /// An overdue task's daily reminder at the reminder time (`overdue-in-digest`).
    public let isDailyOverdue: Bool
    /// Whether it comes in a digest with the others firing at the same instant.
    public let inDigest: Bool
    /// Whether it belongs to an occurrence of a repeating task after the open
    /// one, not a task of its own yet: it fires if the open one is done by then.
    public var isLaterOccurrence = false

    public var reminder: Reminder { entry.reminder }
    public var task: TodoTask { entry.task }
}
