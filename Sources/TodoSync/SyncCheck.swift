import FoundationEssentials
import TodoCalendar
import TodoCore
import TodoStore

/// How the store and the lists' folders compare, found without changing
/// either (`sync --check`).
public struct SyncCheck: Sendable {
    /// One list's side of it.
    public struct ListState: Sendable {
        public var list: FolderList
        /// Task files in the folder.
        public var files = 0
        /// Files added or changed there that the store has not read yet.
        public var unread: [String] = []
        /// Files the store knows that are gone from the folder.
        public var removed: [String] = []
        /// Tasks changed here whose files are not written yet; no cause,
        /// as no write is tried.
        public var unwritten: [UnwrittenFile] = []
        /// Files that cannot be read as a task, each with the reason.
        public var bad: [SyncReport.Skipped] = []
        /// The folder cannot be listed: why.
        public var unreadable: String?
    }

    /// The configured lists, then the folders of tasks with unwritten
    /// changes that are no list now (missing, replaced by a file, or no
    /// longer in the config), each `unreadable` with the reason.
    public var lists: [ListState] = []
    /// Conflicts settled by merges, newest first.
    public var conflicts: [SyncConflict] = []

    /// A subtask shown at the top level, and why: its parent is missing (a
    /// UID no file has), in another list, or its own subtask.
    public struct LooseSubtask: Hashable, Sendable {
        public var taskID: Int64
        public var title: String
        public var reason: Reason

        public enum Reason: Hashable, Sendable {
            /// The file names a parent UID no task's file has.
            case missing(uid: String)
            /// The parent, by id, is in another list.
            case otherList(parentID: Int64)
            /// Following parents leads back to the task.
            case cycle
        }
    }

    /// The subtasks of the lists shown at the top level, by id. Not a
    /// difference between the store and the folders (the files say so),
    /// so `inStep` does not count them: nothing is lost, only shown apart.
    public var looseSubtasks: [LooseSubtask] = []

    /// Whether the store and the folders say the same, every file readable.
    public var inStep: Bool {
        lists.allSatisfy { $0.unread.isEmpty && $0.removed.isEmpty && $0.unwritten.isEmpty && $0.bad.isEmpty && $0.unreadable == nil }
    }
}

extension FolderSync {
    /// Compares the store with the folders; reads files, changes nothing.
    public func check(conflictLimit: Int = 10) throws -> SyncCheck {
        var check = SyncCheck()
        try store.readingTaskFiles { files in
            var pending: [String: [UnwrittenFile]] = [:]
            for file in try files.pending() {
                // Under the folder the write goes into: a task moved to
                // another list waits to be written into that list's.
                let task = try files.task(id: file.taskID)
                let folder = task?.list ?? file.folder
                pending[folder, default: []].append(.init(taskID: file.taskID, task: task, folder: folder, cause: nil))
            }
            for list in lists.lists {
                var state = SyncCheck.ListState(list: list)
                state.unwritten = pending.removeValue(forKey: list.path) ?? []
                let known = try files.files(in: list.path)
                let stamps: [ItemStamp]
                do {
                    stamps = try list.folder.items()
                } catch {
                    state.unreadable = error.readableDescription
                    check.lists.append(state)
                    continue
                }
                state.files = stamps.count
                let knownEvents = try files.events.files(in: list.path)
                for stamp in stamps where known[stamp.name]?.etag != stamp.etag && knownEvents[stamp.name]?.etag != stamp.etag {
                    let (content, skipped) = ItemReading.readContent(stamp.name, in: list, mapping: mapping)
                    state.bad += skipped
                    guard case .todo(let reading)? = content else {
                        if case .event(let event)? = content,
                           let shared = try ItemReading.sharedEventUID(of: event, name: stamp.name, in: list, files) {
                            state.bad.append(shared)
                            continue
                        }
                        // An event (or another item) the store has not read yet.
                        if content != nil { state.unread.append(stamp.name) }
                        continue
                    }
                    let item = reading.item
                    let path = list.folder.file(stamp.name)
                    if let other = try ItemReading.otherFile(holding: item.uid, than: stamp.name, in: list, files) {
                        state.bad.append(.init(path: path, reason: "“\(path)” holds the UID \(item.uid) of “\(list.folder.file(other))”: a UID is one task."))
                        continue
                    }
                    state.unread.append(stamp.name)
                }
                // Files read in already and unchanged: what the store kept of them.
                let unchanged = Set(stamps.filter { known[$0.name]?.etag == $0.etag }.map(\.name))
                state.bad += try ItemReading.unfollowedRules(in: list, unchanged: unchanged, files)
                let unchangedEvents = Set(stamps.filter { knownEvents[$0.name]?.etag == $0.etag }.map(\.name))
                state.bad += try files.events.problems(in: list.path).sorted { $0.key < $1.key }
                    .filter { unchangedEvents.contains($0.key) }.map { SyncReport.Skipped(path: list.folder.file($0.key), reason: $0.value) }
                let present = Set(stamps.map(\.name))
                state.removed = (Array(known.keys) + Array(knownEvents.keys)).filter { !present.contains($0) }.sorted()
                check.lists.append(state)
            }
            // Left: changes for folders that are no list now, which no write-out writes.
            for (folder, unwritten) in pending.sorted(by: { $0.key < $1.key }) {
                var state = SyncCheck.ListState(list: FolderList(folder: VdirFolder(path: folder)))
                state.unwritten = unwritten
                do {
                    try state.list.folder.checkFolder()
                    state.unreadable = "no [[calendar]] path names this folder."
                } catch {
                    state.unreadable = error.readableDescription
                }
                check.lists.append(state)
            }
        }
        check.conflicts = try store.syncConflicts(limit: conflictLimit)
        check.looseSubtasks = try looseSubtasks()
        return check
    }

    /// The tasks of the lists whose parent they are not shown under
    /// (`SubtaskTree`), and the files naming a parent no file has.
    private func looseSubtasks() throws -> [SyncCheck.LooseSubtask] {
        let folders = Set(lists.lists.map(\.path))
        let nodes = try store.subtaskNodes()
        let tree = SubtaskTree(nodes)
        var reasons: [Int64: SyncCheck.LooseSubtask.Reason] = [:]
        for node in nodes where node.list.map(folders.contains) == true {
            switch tree.problem(of: node.id) {
            case .otherList(let parent)?: reasons[node.id] = .otherList(parentID: parent)
            case .cycle?: reasons[node.id] = .cycle
            case .missing?, nil: break
            }
        }
        try store.readingTaskFiles { files in
            for (id, uid) in try files.subtasksOfMissingParents() where reasons[id] == nil { reasons[id] = .missing(uid: uid) }
        }
        let tasks = try store.tasks(ids: Array(reasons.keys))
        return reasons.keys.sorted().compactMap { id in
            tasks[id].map { SyncCheck.LooseSubtask(taskID: id, title: $0.title, reason: reasons[id] ?? .cycle) }
        }
    }
}
