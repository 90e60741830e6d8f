import FoundationEssentials
import TodoConfig
import TodoCore
import TodoStore
import TodoSync

/// The store and the lists' folders, as the view reads and changes them:
/// the same store writes as the commands (journalled as this run of the
/// view), the same folder sync (a list in a folder has its file written
/// before the view shows the change; what vdirsyncer put in a folder is
/// read in as a command reads it in).
public final class ViewStore {
    public let store: TaskStore
    public let settings: Settings
    public let lists: ConfiguredLists
    public let timeRules: TimeRules
    /// The machine's zone, which "today" and a new series follow.
    public let zone: Zone
    /// Who the view's changes are journalled as: its `u` undoes these.
    public var author: JournalAuthor { store.author }

    /// - Parameter store: opened with `JournalAuthor.view` for this run.
    public init(store: TaskStore, settings: Settings, lists: ConfiguredLists, zone: Zone) {
        self.store = store
        self.settings = settings
        self.lists = lists
        self.zone = zone
        timeRules = TimeRules(clock: WallClock(timeZone: zone), policy: settings.policy)
    }

    /// The list names by folder path, as `list` shows them.
    public var listNames: [String: String] {
        Dictionary(lists.lists.map { ($0.path, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// The view's tabs, as Tab goes through them: all lists, each task list
    /// (`ConfiguredLists.taskLists`: a calendar of events is none), then the
    /// store's own list ("local", path "") when it holds tasks beside lists
    /// in folders.
    public func listTabs() throws -> [(path: String?, name: String)] {
        guard !lists.lists.isEmpty else { return [(nil, "All tasks")] }
        let counts = try store.listCounts()
        let folders = lists.taskLists(counts: counts, eventFolders: try store.eventFolders()).map { (Optional($0.path), $0.name) }
        let local: [(path: String?, name: String)] = (counts[nil]?.total ?? 0) > 0 ? [(Self.localList, "local")] : []
        return [(nil, "All lists")] + folders + local
    }

    /// The store's own list as the view's filter names it: a task of no
    /// folder has the empty list path in the view's index.
    public static let localList = ""

    /// Reads in what changed in the folders and writes out what waited, as
    /// a command does before it answers. Returns whether the store changed.
    @discardableResult
    public func startSync(now: Date, realNow: Date) throws -> Bool {
        guard !lists.isEmpty else { return false }
        return try FolderSync(store: store, lists: lists, timeRules: timeRules, now: now).run(skippingUnchangedAt: realNow).changedStore
    }

    /// Reads in the changed files of the folders at `paths` (all of them for
    /// nil). Returns whether the store changed.
    public func readIn(paths: Set<String>?, now: Date) throws -> Bool {
        guard !lists.isEmpty else { return false }
        return try FolderSync(store: store, lists: lists, timeRules: timeRules, now: now).readIn(paths: paths).changedStore
    }

    /// Writes the tasks changed here into their files, and returns a
    /// sentence for those that could not be written (they wait, marked, for
    /// the next command or the daemon); nil when all were.
    public func writeOut(now: Date) -> String? {
        guard !lists.isEmpty else { return nil }
        do {
            let unwritten = try FolderSync(store: store, lists: lists, timeRules: timeRules, now: now).writeOut().unwritten
            guard let first = unwritten.first else { return nil }
            let more = unwritten.count > 1 ? " (and \(unwritten.count - 1) more)" : ""
            return first.message + more
        } catch {
            return "The change is saved, but its calendar file could not be written (\(error.readableDescription)); the next command or the daemon will write it."
        }
    }
}
