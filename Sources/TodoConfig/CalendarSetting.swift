/// One `[[calendar]]` table of the config file: iCalendar folders whose tasks
/// todo-remind keeps, each folder a list (issue 12).
///
/// ```toml
/// [[calendar]]
/// path = "~/.local/share/vdirsyncer/tasks/*"   # a folder, or a glob of folders
/// default-list = "personal"                     # where new tasks go
/// ```
public struct CalendarSetting: Hashable, Sendable {
    /// `path`: a folder or a glob of folders, as todoman's; a leading `~`
    /// is the home folder.
    public var path: String
    /// `default-list`: the list (by name) new tasks go to when a command
    /// names none.
    public var defaultList: String?
    /// `defaults`: whether a task of these folders whose VTODO has no alarm
    /// gets todo-remind's own reminders (09:00 on the due day, at the due
    /// time). On unless set to false.
    public var reminderDefaults: Bool

    public init(path: String, defaultList: String? = nil, reminderDefaults: Bool = true) {
        self.path = path
        self.defaultList = defaultList
        self.reminderDefaults = reminderDefaults
    }

    /// The keys a `[[calendar]]` table may hold.
    static let keys = ["path", "default-list", "defaults"]
}
