import FoundationEssentials

/// Who has reminders: the one definition. The store finds such tasks by the
/// same rule in SQL (TodoStore's `RemindersOnSQL`), and a test holds the two
/// against each other over generated tasks.
extension TodoTask {
    /// Whether the task can have reminders at all (its alarms, its snooze):
    /// it is open and its reminder is switched on.
    public var hasReminders: Bool {
        reminderOn && !isCompleted
    }

    /// Whether its default reminders (the morning one, the one at its due
    /// time) follow from its due: it has reminders, a due, and its defaults
    /// are on (a synced task whose alarms are its own has them off).
    public var hasDefaultReminders: Bool {
        hasReminders && remindDefaults && due != nil
    }
}
