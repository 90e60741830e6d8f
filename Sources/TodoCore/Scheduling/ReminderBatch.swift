import Foundation

/// How reminders that fire at one instant are shown: a bubble each, or one digest.
public enum ReminderBatch: Hashable, Sendable {
    /// A bubble per reminder, most urgent first.
    case separate([TaskReminder])
    /// One bubble for them all.
    case digest(Digest)

    /// Every reminder the batch stands for, for the ledger.
    public var reminders: [Reminder] {
        switch self {
        case .separate(let reminders): reminders.map(\.reminder)
        case .digest(let digest): digest.reminders
        }
    }
}
