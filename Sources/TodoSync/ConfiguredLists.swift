import FoundationEssentials
import Glibc
import TodoCore
import TodoCalendar
import TodoConfig

/// The lists the config's `[[calendar]]` tables name: every folder their
/// paths match, each a list, as todoman reads the same globs.
public struct ConfiguredLists: Sendable {
    /// The lists, in the order of the tables and then of their paths.
    public let lists: [FolderList]
    /// The list `default-list` names, if it names one that is there.
    public let defaultList: FolderList?
    /// `default-list` as written, to name it when no list has that name.
    let defaultName: String?
    /// Paths that matched no folder, for `lists` to point out.
    public let unmatchedPaths: [String]
    /// The tables' paths, `~` expanded and their glob-free folders spelled
    /// as the lists' paths are (`canonicalPattern`): what `names(_:)` matches.
    private let patterns: [String]

    /// The user's addresses (`my-addresses`): an event one of them
    /// declined never fires.
    public let addresses: Set<String>

    /// Reads the folders the settings name; `home` replaces a leading `~`.
    public init(_ settings: [CalendarTable], home: String, addresses: [String] = []) {
        self.addresses = Set(addresses)
        var lists: [FolderList] = []
        var unmatched: [String] = []
        var seen = Set<String>()
        var patterns: [String] = []
        for setting in settings {
            let pattern = Self.expandingHome(setting.path, home: home)
            patterns.append(Self.canonicalPattern(pattern))
            let folders = Self.folders(matching: pattern)
            if folders.isEmpty { unmatched.append(setting.path) }
            for folder in folders where seen.insert(folder.path).inserted {
                lists.append(FolderList(
                    folder: VdirFolder(path: folder.path), folderName: folder.name, reminderDefaults: setting.reminderDefaults,
                    events: setting.events, eventDefaultAlarm: setting.eventDefaultAlarm, eventsWrite: setting.eventsWrite,
                    tasks: setting.tasks
                ))
            }
        }
        self.lists = lists
        unmatchedPaths = unmatched
        self.patterns = patterns
        defaultName = settings.lazy.compactMap(\.defaultList).first
        defaultList = defaultName.flatMap { name in try? Self.find(name, in: lists) }
    }

    /// The lists that are task lists, as `lists` and the view's tabs offer
    /// them: a folder that holds a task, the default list, one whose table
    /// says `tasks = true`, and one that holds no event (a new, empty one)
    /// unless its table says `tasks = false`. khal's calendars, configured
    /// for their events, are none.
    ///
    /// - Parameters:
    ///   - counts: the tasks each list holds, by path (`TaskStore.listCounts`).
    ///   - eventFolders: the folders that hold events (`TaskStore.eventFolders`).
    public func taskLists(counts: [String?: (open: Int, total: Int)], eventFolders: Set<String>) -> [FolderList] {
        lists.filter { list in
            if (counts[list.path]?.total ?? 0) > 0 || list.path == defaultList?.path { return true }
            return list.tasks ?? !eventFolders.contains(list.path)
        }
    }

    /// Whether the config names any folder at all: without, todo-remind
    /// keeps its one local list.
    public var isEmpty: Bool { lists.isEmpty && unmatchedPaths.isEmpty }

    /// The list named `name`: by its display name or its folder's name,
    /// exactly or else ignoring case, or by its folder's path.
    ///
    /// - Throws: `.ambiguous` when the name is that of two lists or more
    ///   (two folders with the same `displayname`): taking either would put
    ///   tasks in a list the user may not have meant.
    public func list(named name: String) throws(ConfiguredListsError) -> FolderList {
        guard !isEmpty else { throw .noLists }
        return try Self.find(name, in: lists)
    }

    /// The names (display names and folders' names) that two lists or
    /// more answer to, each with those lists' folders, for `lists` to
    /// point out: `--list` refuses them.
    public var ambiguousNames: [(name: String, folders: [String])] {
        var folders: [String: [String]] = [:]
        for list in lists {
            for name in Set([list.name, list.folderName]) { folders[name, default: []].append(list.path) }
        }
        return folders.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }.map { (name: $0.key, folders: $0.value) }
    }

    /// The list whose folder is `path` (a task's `list`), if it is configured.
    public func list(atPath path: String) -> FolderList? {
        lists.first { $0.path == path }
    }

    /// Whether a table's path names the folder at `path`, be it a folder
    /// now or not: a list whose folder is missing or was replaced by a file
    /// is still a list, whose tasks' changes wait to be written, where a
    /// folder no table names any more is not.
    public func names(_ path: String) -> Bool {
        // As `folders(matching:)` takes them: hidden names are not lists.
        guard !path.lastPathComponent.hasPrefix(".") else { return false }
        return patterns.contains { pattern in
            var pattern = pattern
            while pattern.count > 1, pattern.hasSuffix("/") { pattern.removeLast() }
            return fnmatch(pattern, path, FNM_PATHNAME) == 0
        }
    }

    /// The list a new task goes in when the command names `name` (nil when
    /// it names none): that list, else `default-list`, else the only list;
    /// nil (the local list) when no folders are configured.
    public func listForNewTask(named name: String?) throws(ConfiguredListsError) -> FolderList? {
        if let name { return try list(named: name) }
        if isEmpty { return nil }
        if let defaultList { return defaultList }
        // Not there, or a name two lists share: find says which.
        if let defaultName { return try Self.find(defaultName, in: lists) }
        if lists.count == 1 { return lists[0] }
        throw .noDefaultList(known: lists.map(\.name))
    }

    /// The one list `name` names (see `list(named:)`).
    private static func find(_ name: String, in lists: [FolderList]) throws(ConfiguredListsError) -> FolderList {
        let exact = lists.filter { $0.name == name || $0.folderName == name }
        let matches = exact.isEmpty
            ? lists.filter { UnicodeFolding.equalIgnoringCase($0.name, name) || UnicodeFolding.equalIgnoringCase($0.folderName, name) }
            : exact
        if matches.count > 1 { throw .ambiguous(name: name, folders: matches.map(\.path)) }
        if let list = matches.first { return list }
        // A folder's path names one list whatever its name; spelled as
        // the lists are read (`canonical`), so any spelling of it does.
        let path = canonical(name)
        guard let list = lists.first(where: { $0.path == path }) else { throw .noSuchList(name: name, known: lists.map(\.name)) }
        return list
    }

    static func expandingHome(_ path: String, home: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst() }
        return path
    }

    /// The folders `pattern` matches (glob(3)): each one's canonical path,
    /// and its name as matched; sorted by path.
    static func folders(matching pattern: String) -> [(path: String, name: String)] {
        var matches = glob_t()
        defer { globfree(&matches) }
        guard glob(pattern, GLOB_ONLYDIR | GLOB_MARK, nil, &matches) == 0 else { return [] }
        var folders: [(path: String, name: String)] = []
        for index in 0..<Int(matches.gl_pathc) {
            guard let entry = matches.gl_pathv[index].map({ String(cString: $0) }) else { continue }
            // GLOB_ONLYDIR is a hint only: GLOB_MARK's slash is what says a folder.
            guard entry.hasSuffix("/") else { continue }
            let folder = String(entry.dropLast())
            // Metadata-only names (hidden folders, vdirsyncer's status) are not lists.
            let name = folder.lastPathComponent
            guard !name.hasPrefix(".") else { continue }
            let path = canonical(folder.isEmpty ? "/" : folder)
            folders.append((path, folder.isEmpty ? path.lastPathComponent : name))
        }
        return folders.sorted { $0.path < $1.path }
    }

    /// `pattern` with its leading folders that hold no glob character
    /// spelled as `canonical` spells them, as far as they exist: the lists'
    /// paths are canonical, so `/x/cal/../cal/*`, or a `~` that is a
    /// symlink, names them too, and a folder of theirs gone or replaced by
    /// a file is still known for a list whose changes wait to be written.
    static func canonicalPattern(_ pattern: String) -> String {
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: false)
        let plain = parts.prefix { part in !part.contains { "*?[\\".contains($0) } }.count
        for count in stride(from: plain, to: 0, by: -1) {
            let head = parts[..<count].joined(separator: "/")
            guard !head.isEmpty, let resolved = realpath(head, nil) else { continue }
            defer { free(resolved) }
            let rest = parts[count...].joined(separator: "/")
            let folder = String(cString: resolved)
            return rest.isEmpty ? folder : (folder == "/" ? "" : folder) + "/" + rest
        }
        return pattern
    }

    /// The one spelling of a folder's path (realpath(3)): `/x/cal/l`,
    /// `/x/cal/../cal/l` and a symlink to it are one folder, so one list
    /// whose tasks the store records under one path. A path that cannot be
    /// resolved (gone meanwhile) is kept as it is.
    static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
