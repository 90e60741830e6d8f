import FoundationEssentials
import TodoCore
import TodoStore

/// A command's way of keeping the lists' folders in step: before it answers,
/// it reads in what changed in them, so that it answers from the folders as
/// they are; before it returns, it writes out what it changed.
///
/// A folder whose directory is as the last command left it is not looked
/// into (`FolderScan`), and while no folder changed and no file waits to be
/// written, a command that only reads need not open the store for writing
/// at all (`needsWriting`). The files a command could not write are its own
/// to report only where it changed their tasks: those it found unwritten are
/// `sync --check`'s and the daemon's, so that reading commands keep a clean
/// stderr.
public struct CommandSync: Sendable {
    public let lists: ConfiguredLists
    let timeRules: TimeRules
    let now: Date
    /// The clock's time, which `--now` does not move: what a folder's
    /// directory mtime is judged by.
    let realNow: Date

    /// - Parameters:
    ///   - timeRules: the zone and rules of the command (see `FolderSync`).
    ///   - now: the command's moment (`--now`, or the clock's).
    ///   - realNow: the clock's time.
    public init(lists: ConfiguredLists, timeRules: TimeRules, now: Date, realNow: Date) {
        self.lists = lists
        self.timeRules = timeRules
        self.now = now
        self.realNow = realNow
    }

    /// Whether `store` (opened only for reading) must be opened for writing
    /// before the command answers: a folder changed since the last scan, or
    /// a task's file waits to be written.
    public func needsWriting(_ store: TaskStore) throws -> Bool {
        try folderSync(store).hasChanges(at: realNow)
    }

    /// Reads in what changed in the folders and writes out what waited,
    /// before the command answers; returns what writes out the command's own
    /// changes before it returns.
    public func start(_ store: TaskStore) throws -> WriteOut {
        let sync = folderSync(store)
        let report = try sync.run(skippingUnchangedAt: realNow)
        return WriteOut(sync: sync, unwrittenBefore: report.unwritten)
    }

    /// The write-out at a command's end.
    public struct WriteOut: Sendable {
        let sync: FolderSync
        /// The files the command found unwritten: not its to report.
        let unwrittenBefore: [UnwrittenFile]

        /// Writes the tasks changed since `start` into their files, and
        /// returns the command's own that could not be written: a file found
        /// unwritten whose task the command left as it was is not.
        public func run() throws -> [UnwrittenFile] {
            try sync.writeOut().unwritten.filter { file in
                !unwrittenBefore.contains { $0.taskID == file.taskID && $0.task == file.task }
            }
        }
    }

    private func folderSync(_ store: TaskStore) -> FolderSync {
        FolderSync(store: store, lists: lists, timeRules: timeRules, now: now)
    }
}
