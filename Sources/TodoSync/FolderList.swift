import FoundationEssentials
import TodoCalendar

/// A list backed by an iCalendar folder: its tasks are the folder's VTODO files.
public struct FolderList: Hashable, Sendable {
    /// The folder; its path is the list's identity in the store (`TodoTask.list`).
    public let folder: VdirFolder
    /// The folder's `displayname` file, or else its name.
    public let name: String
    /// The folder's name as the config's path reached it: a symlink's own
    /// name, not its target's (the folder's path is the real one).
    public let folderName: String
    /// The folder's `color` file (`#RRGGBB`), if any.
    public let color: String?
    /// Whether its tasks without alarms get todo-remind's own reminders
    /// (`defaults` in the `[[calendar]]` table).
    public let reminderDefaults: Bool

    /// Whether its calendar events' alarms fire (`events`).
    public let events: Bool
    /// The alarm of its events that carry none, in seconds from the start
    /// (`event-default-alarm`); nil for none.
    public let eventDefaultAlarm: Int?
    /// Whether a dismissal or a snooze of its events' alarms is written into
    /// their files (`events-write`).
    public let eventsWrite: Bool
    /// Whether it is a task list whatever it holds (`tasks` in the
    /// `[[calendar]]` table): true, false, or nil to go by what it holds
    /// (`ConfiguredLists.taskLists`).
    public let tasks: Bool?

    public init(
        folder: VdirFolder, folderName: String? = nil, reminderDefaults: Bool = true,
        events: Bool = true, eventDefaultAlarm: Int? = nil, eventsWrite: Bool = true, tasks: Bool? = nil
    ) {
        self.folder = folder
        self.folderName = folderName ?? folder.folderName
        name = folder.displayName ?? self.folderName
        color = folder.color
        self.reminderDefaults = reminderDefaults
        self.events = events
        self.eventDefaultAlarm = eventDefaultAlarm
        self.eventsWrite = eventsWrite
        self.tasks = tasks
    }

    /// The folder's path: what the store records as the task's list.
    public var path: String { folder.path }

    /// The newest modification of a file in the folder, as `lists` shows
    /// it; nil for an empty folder, or one that cannot be listed.
    public var lastChange: Date? {
        guard let newest = (try? folder.items())?.map(\.modificationNanoseconds).max() else { return nil }
        return Date(timeIntervalSince1970: Double(newest) / 1e9)
    }
}
