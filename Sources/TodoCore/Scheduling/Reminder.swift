import FoundationEssentials

/// Which rule produced a reminder.
public enum ReminderKind: String, CaseIterable, Sendable {
    /// At the reminder time on the due day (or the day before, for early timed tasks).
    case morning
    /// At the due instant of a timed task.
    case atDueTime
    /// Once, at the instant a snooze asks for (`TodoTask.snoozedUntil`).
    case snoozed
    /// At one of the task's alarms (`TodoTask.alarms`).
    case alarm

    /// Words for people: "morning", "at due time", "snoozed".
    public var label: String {
        switch self {
        case .morning: "morning"
        case .atDueTime: "at due time"
        case .snoozed: "snoozed"
        case .alarm: "alarm"
        }
    }

    /// The order of kinds whose reminders fall at the same instant: the order
    /// of `allCases`.
    var rank: Int {
        switch self {
        case .morning: 0
        case .atDueTime: 1
        case .snoozed: 2
        case .alarm: 3
        }
    }
}

/// One moment at which a task, or a calendar event, should be brought to the
/// user's attention: the one type from the plan to the bubble and the ledger,
/// whoever owns it.
///
/// A reminder is identified by what it reminds of (`id`: its owner, the kind
/// and the occurrence), not by its instant: a move to another time zone moves
/// a day task's 09:00 reminder to another instant without making it a new
/// reminder, and editing the task's notes or title leaves it as it was.
/// Changing the due changes the occurrence, which makes a new reminder.
public struct Reminder: Hashable, Sendable, Identifiable {
    /// Whose reminder it is: a task's or a calendar event's.
    public var owner: Owner
    public var kind: ReminderKind
    /// What it reminds of: the due (its day, or its instant), the day of a
    /// daily reminder of an overdue task, or a snooze's instant.
    public var occurrence: Occurrence
    /// When it falls, under the clock and zone it was worked out with.
    public var at: Date

    public init(owner: Owner, kind: ReminderKind, occurrence: Occurrence, at: Date) {
        self.owner = owner
        self.kind = kind
        self.occurrence = occurrence
        self.at = at
    }

    /// A task's reminder.
    public init(taskID: Int64, kind: ReminderKind, occurrence: Occurrence, at: Date) {
        self.init(owner: .task(taskID), kind: kind, occurrence: occurrence, at: at)
    }

    /// The task it reminds of; nil for an event's.
    public var taskID: Int64? { owner.taskID }

    /// What the ledger keys on, and what a re-sent notification is tagged with.
    public var id: ID { ID(owner: owner, kind: kind, occurrence: occurrence) }
}

extension Reminder {
    /// Whose a reminder is: what its bubble's actions act on and what the
    /// ledger's row belongs to. What differs by owner (a task's Mark done, an
    /// event's place and calendar, which file an acknowledgement goes to) is
    /// its subject's (`ReminderSubject`), not a second kind of reminder.
    ///
    /// Ordered tasks first, then by id: at one instant, a task's reminder
    /// is shown before an event's.
    public enum Owner: Hashable, Sendable, Comparable {
        /// A task, by its id in the store.
        case task(Int64)
        /// A calendar event, by its file's row in the store.
        case event(Int64)

        /// The task's id; nil for an event.
        public var taskID: Int64? {
            if case .task(let id) = self { id } else { nil }
        }

        /// The event's id; nil for a task.
        public var eventID: Int64? {
            if case .event(let id) = self { id } else { nil }
        }
    }
}
