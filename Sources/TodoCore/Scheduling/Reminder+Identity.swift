import FoundationEssentials

extension Reminder {
    /// What a reminder reminds of, without the instant it falls at.
    public enum Occurrence: Hashable, Sendable, CustomStringConvertible {
        /// A day: the due day of a day task's morning reminder, or the day a
        /// daily reminder of an overdue task is for. Floating, so a move to
        /// another zone leaves it the same.
        case day(LocalDay)
        /// An instant, to the millisecond: the due of a timed task, or a
        /// snooze's. Milliseconds, not a `Date`, so the value read back from
        /// the ledger is equal to the one worked out again.
        case instant(milliseconds: Int64)
        /// A relative alarm of an occurrence: its offset in seconds and the
        /// occurrence (the due) it is relative to, so that each occurrence's
        /// alarm is its own, and a move to another zone leaves it the same.
        indirect case alarm(seconds: Int, of: Occurrence)

        /// The occurrence of an instant.
        public static func at(_ instant: Date) -> Occurrence {
            .instant(milliseconds: Int64((instant.timeIntervalSince1970 * 1000).rounded()))
        }

        /// The occurrence a due date gives its reminders.
        public static func due(_ due: Due) -> Occurrence {
            switch due {
            case .day(let day): .day(day)
            case .time(let instant): .at(instant)
            }
        }

        /// "day 2026-06-15" or "instant 1781506800000": the ledger's text,
        /// read back by `init(text:)`.
        public var description: String {
            switch self {
            case .day(let day): "day \(day)"
            case .instant(let milliseconds): "instant \(milliseconds)"
            case .alarm(let seconds, let occurrence): "alarm \(seconds) \(occurrence)"
            }
        }

        /// The occurrence `description` wrote; nil for any other text.
        public init?(text: String) {
            let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            if parts[0] == "alarm" {
                let rest = parts[1].split(separator: " ", maxSplits: 1).map(String.init)
                guard rest.count == 2, let seconds = Int(rest[0]), let occurrence = Occurrence(text: rest[1]) else { return nil }
                self = .alarm(seconds: seconds, of: occurrence)
                return
            }
            switch parts[0] {
            case "day":
                guard let day = LocalDay(iso: parts[1]) else { return nil }
                self = .day(day)
            case "instant":
                guard let milliseconds = Int64(parts[1]) else { return nil }
                self = .instant(milliseconds: milliseconds)
            default:
                return nil
            }
        }
    }

    /// A reminder's identity: its owner, its kind and what it reminds of.
    /// A moved occurrence or a changed alarm is a new one; a move to another
    /// zone is not.
    public struct ID: Hashable, Sendable, CustomStringConvertible {
        public var owner: Owner
        public var kind: ReminderKind
        public var occurrence: Occurrence

        public init(owner: Owner, kind: ReminderKind, occurrence: Occurrence) {
            self.owner = owner
            self.kind = kind
            self.occurrence = occurrence
        }

        public init(taskID: Int64, kind: ReminderKind, occurrence: Occurrence) {
            self.init(owner: .task(taskID), kind: kind, occurrence: occurrence)
        }

        /// "todo-remind 12 morning day 2026-06-15", or for an event's alarm
        /// "todo-remind event 3 alarm alarm -600 instant 1796119200000":
        /// stable across restarts and zones, so a notification server told
        /// it (a stack tag) can replace a bubble re-sent after a crash
        /// instead of stacking it.
        public var description: String {
            switch owner {
            case .task(let taskID): "todo-remind \(taskID) \(kind.rawValue) \(occurrence)"
            case .event(let eventID): "todo-remind event \(eventID) \(kind.rawValue) \(occurrence)"
            }
        }
    }
}
