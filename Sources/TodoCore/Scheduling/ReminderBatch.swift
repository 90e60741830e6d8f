import FoundationEssentials

/// How reminders that fire at one instant are shown: a bubble each, or one
/// digest of tasks; an event's alarm is always a bubble of its own.
public enum ReminderBatch: Hashable, Sendable {
    /// A bubble per task's reminder, most urgent first.
    case separate([TaskReminder])
    /// One bubble for them all.
    case digest(Digest)
    /// An event's alarm: its when and where and its Snooze.
    case event(ReminderOf<EventInstance>)

    /// Every reminder the batch stands for, for the ledger.
    public var reminders: [Reminder] {
        switch self {
        case .separate(let reminders): reminders.map(\.reminder)
        case .digest(let digest): digest.reminders
        case .event(let entry): [entry.reminder]
        }
    }
}
