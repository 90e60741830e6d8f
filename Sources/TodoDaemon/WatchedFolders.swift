import FoundationEssentials
import Logging
import TodoConfig
import TodoCore
import TodoLinux
import TodoStore
import TodoSync

/// The lists' iCalendar folders, watched: a file added, changed or removed
/// by anyone else (vdirsyncer, todoman, an editor) is read into the store as
/// soon as inotify reports it, and tasks changed here (by a bubble's action,
/// or a command that could not write its file) are written out.
///
/// What to sync and when is `DaemonSync`'s (TodoSync); this carries it out:
/// it watches the folders, arms `retryTimer` as each round says, and logs
/// what the round says is new. Never throws out of a sync: a folder that
/// cannot be read is logged and read again at its next change, and
/// reminders go on. Files that cannot be written (a folder read-only, full,
/// gone or replaced by a file) are logged once per folder and cause, and
/// tried again on `retryTimer` with growing waits
/// (`RetrySchedule.folderWrites`) until they are written.
final class WatchedFolders {
    let watcher: DirectoryWatcher
    /// Fires when the files that could not be written are to be tried again.
    let retryTimer: MonotonicTimer
    private let logger: Logger
    private var keeper: DaemonSync
    /// The lists as last read.
    var lists: ConfiguredLists { keeper.lists }

    init(calendars: [CalendarTable], addresses: [String] = [], logger: Logger,
         home: String = ProcessInfo.processInfo.environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) throws {
        watcher = try DirectoryWatcher()
        retryTimer = try MonotonicTimer()
        self.logger = logger
        keeper = DaemonSync(home: home)
        configure(calendars, addresses: addresses)
    }

    /// Watches the folders `calendars` names now (at start and on SIGHUP).
    func configure(_ calendars: [CalendarTable], addresses: [String] = []) {
        let (gone, new) = keeper.configure(calendars, addresses: addresses)
        for path in gone { try? watcher.unwatch(path) }
        for path in new {
            do {
                try watcher.watch(path, mask: .entryChanges)
            } catch {
                logger.warning("The list folder \(path) cannot be watched, so its changes are read only at start and on SIGHUP: \(error.readableDescription)",
                               metadata: LogTopic.lists.metadata(["folder": .string(path), "error": .string(error.readableDescription)]))
            }
        }
        for path in lists.unmatchedPaths {
            logger.warning("The [[calendar]] path \(path) matches no folder.", metadata: LogTopic.lists.metadata(["path": .string(path)]))
        }
        if !lists.lists.isEmpty {
            logger.info("Keeping \(lists.lists.count) list folder\(lists.lists.count == 1 ? "" : "s") in step: \(lists.lists.map(\.name).joined(separator: ", ")).",
                        metadata: LogTopic.lists.metadata(["count": .stringConvertible(lists.lists.count), "lists": .array(lists.lists.map { .string($0.name) })]))
        }
    }

    /// The folders whose task files the events touch; nil (all of them)
    /// when events were lost.
    func changedFolders(_ events: [FileChange]) -> Set<String>? {
        DaemonSync.changedFolders(events.map { ($0.folder, $0.name) }, overflow: events.contains { $0.kinds.contains(.overflow) })
    }

    /// Reads in the changed files of the folders at `paths` (all of them
    /// for nil, none for an empty set), then writes out what changed here,
    /// unless files wait for `retryTimer` (`DaemonSync.sync`). Returns
    /// whether the store changed.
    @discardableResult
    func sync(_ store: TaskStore, paths: Set<String>? = nil, timeRules: TimeRules, now: Date) -> Bool {
        carryOut(keeper.sync(store, paths: paths, timeRules: timeRules, now: now))
    }

    /// `retryTimer` fired: reads the lists again (a folder gone or put back
    /// since), then tries to write the files that could not be written.
    /// Returns whether the store changed.
    @discardableResult
    func retryWrites(_ store: TaskStore, timeRules: TimeRules, now: Date) -> Bool {
        _ = retryTimer.acknowledge()
        if keeper.listsChanged() {
            configure(keeper.tables, addresses: Array(lists.addresses))
        }
        return carryOut(keeper.sync(store, paths: [], timeRules: timeRules, now: now, retrying: true))
    }

    /// `retryTimer` fired while there is no store to write from: the
    /// back-off ends (`DaemonSync.storeGone`) and the timer rests.
    func storeGone() {
        _ = retryTimer.acknowledge()
        keeper.storeGone()
        try? retryTimer.arm(after: nil)
    }

    /// Logs what `round` says is new, arms or disarms `retryTimer` as it
    /// says, and returns whether the store changed.
    private func carryOut(_ round: DaemonSync.Round) -> Bool {
        for folder in round.resumedFolders {
            logger.info("The list folder \(folder) can be written again: the changes that waited are written.",
                        metadata: LogTopic.writeResumed.metadata(["folder": .string(folder)]))
        }
        for (fault, files) in round.newFaults {
            let named = files.prefix(3).map { file in file.task.map { "task \(file.taskID) “\($0.title)”" } ?? "deleted task \(file.taskID)" }
            let tasks = named.joined(separator: ", ") + (files.count > 3 ? " and \(files.count - 3) more" : "")
            let what = fault.fileUnreadable ? "A task's file in the list folder \(fault.folder) can no longer be read as a task, so it is not rewritten" : "The list folder \(fault.folder) cannot be written"
            logger.error("\(what) (\(fault.cause)): the changes of \(tasks) wait. Trying again, at most \(Int(RetrySchedule.folderWrites.longest)) s apart, until they are written.",
                         metadata: LogTopic.writeFailed.metadata([
                             "folder": .string(fault.folder), "error": .string(fault.cause),
                             "tasks": .array(files.map { .stringConvertible($0.taskID) }),
                         ]))
        }
        if let message = round.newFailure {
            logger.error("The list folders could not be synced: \(message)",
                         metadata: LogTopic.syncFailed.metadata(["error": .string(message)]))
        }
        switch round.retry {
        case .unchanged:
            break
        case .disarmed:
            // Disarming fails only for a bad descriptor; a stray firing then
            // finds nothing unwritten and disarms again.
            try? retryTimer.arm(after: nil)
        case .armed(let attempt):
            let delay = RetrySchedule.folderWrites.delay(afterAttempts: attempt)
            do {
                try retryTimer.arm(after: .milliseconds(Int(delay * 1000)))
            } catch {
                keeper.retryUnavailable()
                logger.error("Writes into the list folders cannot be tried again on a timer: \(error.readableDescription)",
                             metadata: LogTopic.writeFailed.metadata(["error": .string(error.readableDescription)]))
            }
        }
        for skipped in round.newSkips {
            logger.warning("Skipped: \(skipped.reason)", metadata: LogTopic.fileSkipped.metadata(["file": .string(skipped.path), "reason": .string(skipped.reason)]))
        }
        for conflict in round.report.conflicts {
            logger.info("Task \(conflict.taskID): \(conflict.fields.joined(separator: ", ")) changed both here and elsewhere; kept the newer, \(conflict.keptHere ? "here" : "elsewhere").",
                        metadata: LogTopic.conflict.metadata([
                            "task": .stringConvertible(conflict.taskID), "fields": .array(conflict.fields.map { .string($0) }),
                            "kept": .string(conflict.keptHere ? "here" : "there"),
                        ]))
        }
        if round.report.readIn > 0 {
            logger.info("Read in \(round.report.readIn) change\(round.report.readIn == 1 ? "" : "s") from the list folders.",
                        metadata: LogTopic.readIn.metadata(["count": .stringConvertible(round.report.readIn)]))
        }
        return round.changedStore
    }
}
