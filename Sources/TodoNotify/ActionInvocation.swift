import TodoCore

/// An action a person invoked on a reminder's bubble, as `LibNotifyNotifier`
/// reports it.
public struct ActionInvocation: Hashable, Sendable {
    /// The task of the reminder whose bubble it was.
    public var taskID: Int64
    /// The action's key, as the server sent it back: "done", "snooze:1h", "default".
    public var key: String
    /// The server's id of the bubble, as `show` returned it.
    public var notificationID: UInt32

    /// The calendar event of the alarm whose bubble it was; nil for a task's.
    public var eventID: Int64?

    public init(taskID: Int64, key: String, notificationID: UInt32, eventID: Int64? = nil) {
        self.taskID = taskID
        self.key = key
        self.notificationID = notificationID
        self.eventID = eventID
    }

    /// The invocation of an action on the bubble of `owner`.
    public init(owner: Reminder.Owner, key: String, notificationID: UInt32) {
        switch owner {
        case .task(let taskID): self.init(taskID: taskID, key: key, notificationID: notificationID)
        case .event(let eventID):
            self.init(taskID: ReminderComposer.digestTaskID, key: key, notificationID: notificationID, eventID: eventID)
        }
    }

    /// What the person asked for; nil for a key todo-remind never offers.
    public var request: ActionRequest? {
        ActionRequest(key: key)
    }
}
