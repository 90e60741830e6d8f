import FoundationEssentials

/// A reminder together with what it reminds of: what the plan fires and a
/// bubble words.
public struct ReminderOf<Subject: ReminderSubject>: Hashable, Sendable {
    public var reminder: Reminder
    public var subject: Subject

    public init(_ reminder: Reminder, of subject: Subject) {
        self.reminder = reminder
        self.subject = subject
    }
}

/// A task's reminder with its task.
public typealias TaskReminder = ReminderOf<TodoTask>

extension ReminderOf where Subject == TodoTask {
    public var task: TodoTask { subject }
}
