/// An action a person invoked on a reminder's bubble, as `LibNotifyNotifier`
/// reports it.
public struct ActionInvocation: Hashable, Sendable {
    /// The task of the reminder whose bubble it was.
    public var taskID: Int64
    /// The action's key, as the server sent it back: "done", "snooze:1h", "default".
    public var key: String
    /// The server's id of the bubble, as `show` returned it.
    public var notificationID: UInt32

    public init(taskID: Int64, key: String, notificationID: UInt32) {
        self.taskID = taskID
        self.key = key
        self.notificationID = notificationID
    }

    /// What the person asked for; nil for a key todo-remind never offers.
    public var request: ActionRequest? {
        ActionRequest(key: key)
    }
}
