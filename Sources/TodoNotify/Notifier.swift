import TodoCore

/// Something that puts reminders in front of the user.
///
/// Both calls may block: the libnotify notifier waits for the notification
/// server's answer (up to its response timeout). Callers keep them off
/// time-critical threads, such as the daemon's scheduling loop.
public protocol Notifier: Sendable {
    /// Shows the notification, replacing the bubble of an earlier one for the
    /// same task while that is still open, and returns the server's id for it.
    ///
    /// Its actions are offered where the notifier can report them back;
    /// elsewhere the body ends with the equivalent commands instead.
    func show(_ notification: ReminderNotification) throws(NotifyError) -> UInt32

    /// Who shows the notifications: the server's name, version and capabilities.
    func serverInfo() throws(NotifyError) -> ServerInfo

    /// Closes the bubble of the task's or the event's notification if it is
    /// still open (handled elsewhere), without waiting for the server.
    func close(_ owner: Reminder.Owner)
}
