/// What a person asks for from a reminder's bubble: the meaning of an action's key.
///
/// Each request has a stable key, the identifier sent to the server and
/// received back when the action is invoked:
///
///     markDone                    "done"
///     snooze(choice: "1h")        "snooze:1h"
///     snooze(choice: "tomorrow 09:00")  "snooze:tomorrow 09:00"
///     dismiss                     "default"
///
/// A snooze keeps its choice as written in the settings ("10m", "1h",
/// "tomorrow 09:00"): whoever acts on it reads the time with the same rules as
/// `todo-remind snooze TASK WHEN`.
public enum ActionRequest: Hashable, Sendable {
    /// Mark the task done, as `todo-remind done` does.
    case markDone
    /// Snooze the task until the time `choice` names.
    case snooze(choice: String)
    /// The bubble itself was clicked: the specification's "default" action,
    /// which here only dismisses the bubble.
    case dismiss

    static let markDoneKey = "done"
    static let snoozeKeyPrefix = "snooze:"
    /// The key the Desktop Notifications specification reserves for clicking the bubble.
    static let dismissKey = "default"

    /// The request an action key stands for; nil for a key todo-remind never sends.
    public init?(key: String) {
        switch key {
        case Self.markDoneKey:
            self = .markDone
        case Self.dismissKey:
            self = .dismiss
        default:
            guard key.hasPrefix(Self.snoozeKeyPrefix) else { return nil }
            let choice = String(key.dropFirst(Self.snoozeKeyPrefix.count))
            guard !choice.isEmpty else { return nil }
            self = .snooze(choice: choice)
        }
    }

    /// The action's key: "done", "snooze:1h", "default".
    public var key: String {
        switch self {
        case .markDone: Self.markDoneKey
        case .snooze(let choice): Self.snoozeKeyPrefix + choice
        case .dismiss: Self.dismissKey
        }
    }

    /// The action's label, in words: "Mark done", "Snooze 10 minutes",
    /// "Snooze until tomorrow 09:00", "Dismiss".
    public var label: String {
        switch self {
        case .markDone: "Mark done"
        case .snooze(let choice): Self.snoozeLabel(for: choice)
        case .dismiss: "Dismiss"
        }
    }
}
