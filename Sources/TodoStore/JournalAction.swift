/// What a change the journal keeps did, in the words a person would use.
public enum JournalAction: String, Hashable, Sendable, CaseIterable {
    case add
    case edit
    case done
    case reopen
    case delete
    /// `clear --completed`.
    case clear
    case snooze
    case unsnooze
    /// A reminder switched on or off.
    case reminder
    /// A bubble clicked away: its reminders handled.
    case dismiss
    case `import`
}
