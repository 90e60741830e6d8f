import TodoCore

/// Whose a bubble is: one reminder's owner (a task, or a calendar event), the
/// digest of tasks firing together, or `notify-test`'s. There is one digest at a time: a new
/// one replaces the one still open, as a task's later reminder replaces its
/// bubble still open.
public enum BubbleOwner: Hashable, Sendable, CustomStringConvertible {
    case task(Int64)
    case event(Int64)
    case digest
    /// `notify-test`'s bubble, of no reminder.
    case test

    /// The bubble of a reminder of `owner`.
    public init(_ owner: Reminder.Owner) {
        switch owner {
        case .task(let taskID): self = .task(taskID)
        case .event(let eventID): self = .event(eventID)
        }
    }

    /// "task 3", "event 7", "the digest": as the log names a bubble.
    public var description: String {
        switch self {
        case .task(let taskID): "task \(taskID)"
        case .event(let eventID): "event \(eventID)"
        case .digest: "the digest"
        case .test: "the test"
        }
    }
}
