/// Who has reminders (`TodoTask.hasReminders`, `hasDefaultReminders`) as
/// SQL over the task table's columns: the same rule, where the store finds
/// tasks through its indexes. `RemindersOnTests` holds the two against each
/// other over generated tasks.
enum RemindersOnSQL {
    /// `TodoTask.hasReminders`: open, its reminder switched on.
    static let hasReminders = "completed_at IS NULL AND reminder = 1"

    /// `TodoTask.hasDefaultReminders`: and its defaults on, with a due. The
    /// partial index `task_reminder_queue` covers exactly these rows (its
    /// WHERE is this clause), so a query naming it must say at least this.
    static let hasDefaultReminders = hasReminders + " AND remind_defaults = 1 AND due_key IS NOT NULL"
}
