/// What the next occurrence of a recurring task counts from once one is done.
public enum RepeatFrom: String, CaseIterable, Hashable, Sendable {
    /// The rule's own dates: the next occurrence after the one completed and after now.
    case due
    /// The moment the task was done plus the rule's interval (tasks.org's "repeat after completion").
    case completion
}
