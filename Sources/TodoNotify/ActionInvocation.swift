import TodoCore

/// An action a person invoked on a reminder's bubble, as `LibNotifyNotifier`
/// reports it.
public struct ActionInvocation: Hashable, Sendable {
    /// Whose bubble it was: a task's, an event's or the digest's.
    public var owner: BubbleOwner
    /// The action's key, as the server sent it back: "done", "snooze:1h", "default".
    public var key: String
    /// The server's id of the bubble, as `show` returned it.
    public var notificationID: UInt32

    public init(owner: BubbleOwner, key: String, notificationID: UInt32) {
        self.owner = owner
        self.key = key
        self.notificationID = notificationID
    }

    /// The invocation of an action on a task's bubble.
    public init(taskID: Int64, key: String, notificationID: UInt32) {
        self.init(owner: .task(taskID), key: key, notificationID: notificationID)
    }

    /// What the person asked for; nil for a key todo-remind never offers.
    public var request: ActionRequest? {
        ActionRequest(key: key)
    }
}
