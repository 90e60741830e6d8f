import FoundationEssentials
import TodoCalendar
import TodoConfig
import TodoCore
import TodoStore

/// The daemon's way of keeping the lists' folders in step, without the
/// Linux parts (watching the folders, the retry timer) or the log, which the
/// daemon's `WatchedFolders` carries out: which lists there are, when files
/// are written, and what a sync did that has not been said yet.
///
/// A change read in is followed by a write-out of what changed here, except
/// while a write fault lasts: every failed write is itself a change in the
/// folder (its temporary file) and would be tried again at once, so only the
/// retry timer writes then (`retrying`), its waits growing with
/// `failedWrites`, until every file is written; then the timer is disarmed,
/// so that nothing wakes the daemon while nothing is to do. Before each retry
/// the lists are read again (`listsChanged`): a folder put back is a list
/// again.
///
/// What a sync skipped, why it failed and which folders cannot be written
/// are each new once while they last (`Round`), so the log says each once.
public struct DaemonSync {
    /// The lists the `[[calendar]]` tables name, as last read.
    public private(set) var lists: ConfiguredLists
    /// The tables the lists were read from, read again before each retry.
    public private(set) var tables: [CalendarTable] = []
    /// What a leading `~` of a table's path is.
    private let home: String
    /// Write-outs in a row that left files unwritten; 0 while every file is written.
    public private(set) var failedWrites = 0
    /// The skipped files said already.
    private var saidSkips = Set<SyncReport.Skipped>()
    /// The error the last sync failed with, said once while it lasts.
    private var saidFailure: String?
    /// The write faults said, each once while it lasts.
    private var saidFaults = Set<WriteFault>()

    /// Why the files of a folder could not be written.
    public struct WriteFault: Hashable, Sendable {
        public var folder: String
        public var cause: String
        /// The file there, not the folder, is in the way (`UnwrittenFile.fileUnreadable`).
        public var fileUnreadable: Bool
    }

    /// What one sync did, and what of it is new to say.
    public struct Round {
        /// What the sync read in, wrote out and settled (every conflict of
        /// it: each is new).
        public var report = SyncReport()
        /// Files skipped that no round said before.
        public var newSkips: [SyncReport.Skipped] = []
        /// Why the sync failed, when it did and no round said so last.
        public var newFailure: String?
        /// Write faults not said before, each with the files it holds back,
        /// by folder.
        public var newFaults: [(fault: WriteFault, files: [UnwrittenFile])] = []
        /// Folders a fault was said of that can be written again, by path.
        public var resumedFolders: [String] = []
        /// What becomes of the retry timer.
        public var retry = Retry.unchanged

        /// The retry timer after a round.
        public enum Retry: Hashable, Sendable {
            /// As it was.
            case unchanged
            /// Disarmed: every file is written.
            case disarmed
            /// Armed for the next try, the how-manieth in a row (from 1), by
            /// which the wait grows.
            case armed(attempt: Int)
        }

        /// Whether the store changed, so the daemon plans again.
        public var changedStore: Bool { report.changedStore }
    }

    public init(home: String) {
        self.home = home
        lists = ConfiguredLists([], home: home)
    }

    /// Reads the lists `tables` name (at start, on SIGHUP, and before a
    /// retry when they changed) and returns the folders to stop watching and
    /// those to start watching.
    public mutating func configure(_ tables: [CalendarTable], addresses: [String] = []) -> (gone: Set<String>, new: Set<String>) {
        self.tables = tables
        let old = Set(lists.lists.map(\.path))
        lists = ConfiguredLists(tables, home: home, addresses: addresses)
        let new = Set(lists.lists.map(\.path))
        return (old.subtracting(new), new.subtracting(old))
    }

    /// Whether the tables name other folders now than when read (one gone,
    /// or put back, since).
    public func listsChanged() -> Bool {
        ConfiguredLists(tables, home: home).lists.map(\.path) != lists.lists.map(\.path)
    }

    /// The folders whose items the entries named in them touch (all of them
    /// on `overflow`: events were lost, so nil). A temporary file comes and
    /// goes on every atomic write; only the rename that puts it in place, an
    /// item's name (`VdirFolder.isItemName`), is a change.
    public static func changedFolders(_ entries: [(folder: String, name: String)], overflow: Bool) -> Set<String>? {
        guard !overflow else { return nil }
        return Set(entries.filter { VdirFolder.isItemName($0.name) }.map(\.folder))
    }

    /// Reads in the changed files of the folders at `paths` (all of them for
    /// nil, none for an empty set), then writes out what changed here, unless
    /// files wait for the retry timer and this is not its firing
    /// (`retrying`). Never throws: a sync that fails is a round that says
    /// why, and is tried again at the next change.
    public mutating func sync(_ store: TaskStore, paths: Set<String>?, timeRules: TimeRules, now: Date, retrying: Bool = false) -> Round {
        var round = Round()
        guard !lists.isEmpty else { return round }
        let writing = retrying || failedWrites == 0
        let sync = FolderSync(store: store, lists: lists, timeRules: timeRules, now: now)
        do {
            round.report = try sync.readIn(paths: paths)
            if writing {
                let written = try sync.writeOut()
                round.report.writtenOut = written.writtenOut
                round.report.skipped += written.skipped
                note(written.unwritten, in: &round)
            }
            saidFailure = nil
        } catch {
            let message = error.readableDescription
            if saidFailure != message {
                saidFailure = message
                round.newFailure = message
            }
            // A retry that failed so: files still wait, and only the timer writes them.
            if writing, failedWrites > 0 { round.retry = nextRetry() }
        }
        round.newSkips = round.report.skipped.filter { saidSkips.insert($0).inserted }
        return round
    }

    /// The retry timer fired with no store to write from (it was removed or
    /// replaced during a back-off): the back-off ends, so that the first sync
    /// from the store that comes back writes its pending files, and a fault
    /// that lasts arms the timer again. The faults said stay said: one that
    /// lasts is not said twice.
    public mutating func storeGone() {
        failedWrites = 0
    }

    /// The retry timer could not be armed: without it, writes are tried at
    /// the next change again.
    public mutating func retryUnavailable() {
        failedWrites = 0
    }

    /// Notes the files a write-out could not write: the faults new and those
    /// cleared, and the retry timer armed while files are unwritten,
    /// disarmed once none is.
    private mutating func note(_ unwritten: [UnwrittenFile], in round: inout Round) {
        // A write-out always says why (only `sync --check` does not).
        let faults = Dictionary(grouping: unwritten) { WriteFault(folder: $0.folder, cause: $0.cause ?? "", fileUnreadable: $0.fileUnreadable) }
        let failing = Set(faults.keys.map(\.folder))
        round.resumedFolders = Set(saidFaults.map(\.folder)).subtracting(failing).sorted()
        guard !faults.isEmpty else {
            failedWrites = 0
            saidFaults = []
            round.retry = .disarmed
            return
        }
        round.newFaults = faults.sorted { $0.key.folder < $1.key.folder }
            .filter { !saidFaults.contains($0.key) }
            .map { (fault: $0.key, files: $0.value) }
        saidFaults = Set(faults.keys)
        round.retry = nextRetry()
    }

    /// Counts a failed write-out: the timer is armed for the next try.
    private mutating func nextRetry() -> Round.Retry {
        failedWrites += 1
        return .armed(attempt: failedWrites)
    }
}
