/// One `[[calendar]]` table of the config file: iCalendar folders whose tasks
/// todo-remind keeps, each folder a list.
///
/// ```toml
/// [[calendar]]
/// path = "~/.local/share/vdirsyncer/tasks/*"   # a folder, or a glob of folders
/// default-list = "personal"                     # where new tasks go
/// ```
public struct CalendarTable: Hashable, Sendable {
    /// `path`: a folder or a glob of folders, as todoman's; a leading `~`
    /// is the home folder. A relative path is read from the config file's
    /// folder once the file is loaded (`resolved(from:)`).
    public var path: String
    /// `default-list`: the list (by name) new tasks go to when a command
    /// names none.
    public var defaultList: String?
    /// `defaults`: whether a task of these folders whose VTODO has no alarm
    /// gets todo-remind's own reminders (09:00 on the due day, at the due
    /// time). On unless set to false.
    public var reminderDefaults: Bool

    /// `events`: whether the alarms of the calendar events in these
    /// folders fire. On unless set to false.
    public var events: Bool
    /// `event-default-alarm`: an alarm for events of these folders that
    /// carry none, in seconds from the start (`"-10m"` is -600); nil, the
    /// default, for none.
    public var eventDefaultAlarm: Int?
    /// `events-write`: whether a dismissal or a snooze of an event's alarm
    /// is written into its file, for every device to see. On unless set to
    /// false, which keeps the files read-only: handled here then means
    /// handled on this machine only.
    public var eventsWrite: Bool
    /// `tasks`: whether these folders are task lists. Unset (nil), a folder
    /// is one unless it holds events and no task (khal's calendars); true
    /// makes each one, false none but those that hold tasks.
    public var tasks: Bool?

    public init(
        path: String, defaultList: String? = nil, reminderDefaults: Bool = true,
        events: Bool = true, eventDefaultAlarm: Int? = nil, eventsWrite: Bool = true, tasks: Bool? = nil
    ) {
        self.path = path
        self.defaultList = defaultList
        self.reminderDefaults = reminderDefaults
        self.events = events
        self.eventDefaultAlarm = eventDefaultAlarm
        self.eventsWrite = eventsWrite
        self.tasks = tasks
    }

    /// The setting with a relative `path` made absolute from `folder` (the
    /// config file's), as include paths are read from the file that names
    /// them: a path read from the working folder would name other folders
    /// from another one, and their tasks would vanish from the store there.
    ///
    /// `folder` is a glob's prefix then, so its own `*`, `?`, `[` and `\`
    /// are escaped to match themselves.
    public func resolved(from folder: String) -> CalendarTable {
        guard !path.hasPrefix("/"), path != "~", !path.hasPrefix("~/") else { return self }
        var setting = self
        let escaped = folder.reduce(into: "") { text, character in
            if "*?[\\".contains(character) { text.append("\\") }
            text.append(character)
        }
        setting.path = (escaped.hasSuffix("/") ? escaped : escaped + "/") + path
        return setting
    }

    /// The keys a `[[calendar]]` table may hold.
    static let keys = ["path", "default-list", "defaults", "events", "event-default-alarm", "events-write", "tasks"]
}
