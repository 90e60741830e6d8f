import FoundationEssentials
import TodoCore

/// One action a notification offers: the key the server sends back when it is
/// invoked, and the label it shows.
public struct NotificationAction: Hashable, Sendable {
    /// Sent to the server and back: "done", "snooze:1h", "default".
    public var key: String
    /// What the server shows: "Mark done", "Snooze 1 hour".
    public var label: String

    public init(key: String, label: String) {
        self.key = key
        self.label = label
    }

    /// The action that asks for `request`, with its key and label.
    public init(_ request: ActionRequest) {
        self.init(key: request.key, label: request.label)
    }

    /// What `request` the key stands for, nil for a key todo-remind does not know.
    public var request: ActionRequest? {
        ActionRequest(key: key)
    }

    /// The actions of a reminder: Mark done, one Snooze per choice, then the
    /// default action (clicking the bubble), which dismisses it.
    ///
    /// - Parameter snoozeChoices: As written in the settings ("10m", "1h",
    ///   "tomorrow 09:00"). Blank and repeated choices are left out (a key can
    ///   only be offered once); none at all (`snooze = []`) is no Snooze
    ///   action, as the README says.
    public static func reminderActions(snoozeChoices: [String]) -> [NotificationAction] {
        var seen: Set<String> = []
        let choices = snoozeChoices
            .map { $0.trimmingSpacesAndNewlines() }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
        return [NotificationAction(.markDone)]
            + choices.map { NotificationAction(.snooze(choice: $0)) }
            + [NotificationAction(.dismiss)]
    }
}
