import Foundation

/// A reminder together with the task it is for: what the daemon fires.
public struct TaskReminder: Hashable, Sendable {
    public var reminder: Reminder
    public var task: TodoTask

    public init(_ reminder: Reminder, of task: TodoTask) {
        self.reminder = reminder
        self.task = task
    }
}
