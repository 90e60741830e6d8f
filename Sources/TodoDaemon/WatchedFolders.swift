import Foundation
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
/// Never throws out of a sync: a folder that cannot be read is logged and
/// read again at its next change, and reminders go on. Files that cannot be
/// written (a folder read-only, full, gone or replaced by a file) are logged
/// once per folder and cause, and tried again on `retryTimer` with growing
/// waits (`RetrySchedule.folderWrites`) until they are written; then the
/// timer is disarmed, so that nothing wakes the daemon while nothing is to do.
final class WatchedFolders {
    let watcher: DirectoryWatcher
    /// Fires when the files that could not be written are to be tried again.
    let retryTimer: MonotonicTimer
    private let logger: Logger
    private let home: String
    private(set) var lists: CalendarLists
    /// The `[[calendar]]` tables the lists were read from, read again before
    /// each retry: a folder put back is a list again.
    private var calendars: [CalendarSetting] = []
    /// The skipped files already logged, so that each is logged once.
    private var loggedSkips = Set<SyncReport.Skipped>()
    /// The error the last sync failed with, logged once while it lasts.
    private var loggedSyncFailure: String?
    /// Write-outs in a row that left files unwritten; 0 while every file is written.
    private var failedWrites = 0
    /// The write faults logged (folder, cause), each once while it lasts.
    private var loggedWriteFaults = Set<WriteFault>()

    /// Why the files of a folder could not be written.
    private struct WriteFault: Hashable {
        var folder: String
        var cause: String
        /// The file there, not the folder, is in the way (`UnwrittenFile.fileUnreadable`).
        var fileUnreadable: Bool
    }

    init(calendars: [CalendarSetting], logger: Logger, home: String = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()) throws {
        watcher = try DirectoryWatcher()
        retryTimer = try MonotonicTimer()
        self.logger = logger
        self.home = home
        lists = CalendarLists([], home: home)
        configure(calendars)
    }

    /// Watches the folders `calendars` names now (at start and on SIGHUP).
    func configure(_ calendars: [CalendarSetting]) {
        self.calendars = calendars
        let old = Set(lists.lists.map(\.path))
        lists = CalendarLists(calendars, home: home)
        let new = Set(lists.lists.map(\.path))
        for path in old.subtracting(new) { try? watcher.unwatch(path) }
        for path in new.subtracting(old) {
            do {
                try watcher.watch(path, mask: .entryChanges)
            } catch {
                logger.warning("The list folder \(path) cannot be watched, so its changes are read only at start and on SIGHUP: \(error.localizedDescription)",
                               metadata: DaemonEvent.lists.metadata(["folder": .string(path), "error": .string(error.localizedDescription)]))
            }
        }
        for path in lists.unmatchedPaths {
            logger.warning("The [[calendar]] path \(path) matches no folder.", metadata: DaemonEvent.lists.metadata(["path": .string(path)]))
        }
        if !lists.lists.isEmpty {
            logger.info("Keeping \(lists.lists.count) list folder\(lists.lists.count == 1 ? "" : "s") in step: \(lists.lists.map(\.name).joined(separator: ", ")).",
                        metadata: DaemonEvent.lists.metadata(["count": .stringConvertible(lists.lists.count), "lists": .array(lists.lists.map { .string($0.name) })]))
        }
    }

    /// The folders whose task files the events touch; nil (all of them)
    /// when events were lost.
    func changedFolders(_ events: [FileEvent]) -> Set<String>? {
        var folders = Set<String>()
        for event in events {
            if event.kinds.contains(.overflow) { return nil }
            // Temporary files come and go on every atomic write; only the
            // rename that puts one in place (an .ics name) is a change.
            if event.name.lowercased().hasSuffix(".ics") { folders.insert(event.folder) }
        }
        return folders
    }

    /// Reads in the changed files of the folders at `paths` (all of them
    /// for nil, none for an empty set), then writes out what changed here,
    /// unless files wait for `retryTimer`: while a write fault lasts, only
    /// the timer tries again, since every failed write is itself a change
    /// in the folder (its temporary file) and would be tried again at once.
    /// Returns whether the store changed.
    @discardableResult
    func sync(_ store: TaskStore, paths: Set<String>? = nil, scheduler: Scheduler, now: Date) -> Bool {
        sync(store, paths: paths, writing: failedWrites == 0, scheduler: scheduler, now: now)
    }

    /// `retryTimer` fired: reads the lists again (a folder gone or put back
    /// since), then tries to write the files that could not be written.
    /// Returns whether the store changed.
    @discardableResult
    func retryWrites(_ store: TaskStore, scheduler: Scheduler, now: Date) -> Bool {
        _ = retryTimer.acknowledge()
        if CalendarLists(calendars, home: home).lists.map(\.path) != lists.lists.map(\.path) {
            configure(calendars)
        }
        return sync(store, paths: [], writing: true, scheduler: scheduler, now: now)
    }

    /// `retryTimer` fired while there is no store to write from (it was
    /// removed or replaced during a back-off): the back-off ends, so that
    /// the first sync from the store that comes back writes its pending
    /// files, and a fault that lasts arms the timer again. The faults
    /// logged stay logged: one that lasts is not said twice.
    func storeGone() {
        _ = retryTimer.acknowledge()
        failedWrites = 0
        try? retryTimer.arm(after: nil)
    }

    private func sync(_ store: TaskStore, paths: Set<String>?, writing: Bool, scheduler: Scheduler, now: Date) -> Bool {
        guard !lists.isEmpty else { return false }
        let sync = FolderSync(store: store, lists: lists, scheduler: scheduler, now: now)
        var report = SyncReport()
        do {
            report = try sync.readIn(paths: paths)
            if writing {
                let written = try sync.writeOut()
                report.writtenOut = written.writtenOut
                report.skipped += written.skipped
                noteWrites(written.unwritten)
            }
            loggedSyncFailure = nil
        } catch {
            let message = error.localizedDescription
            if loggedSyncFailure != message {
                loggedSyncFailure = message
                logger.error("The list folders could not be synced: \(message)",
                             metadata: DaemonEvent.syncFailed.metadata(["error": .string(message)]))
            }
            // A retry that failed so: files still wait, and only the timer writes them.
            if writing, failedWrites > 0 { armRetry() }
        }
        for skipped in report.skipped where loggedSkips.insert(skipped).inserted {
            logger.warning("Skipped: \(skipped.reason)", metadata: DaemonEvent.fileSkipped.metadata(["file": .string(skipped.path), "reason": .string(skipped.reason)]))
        }
        for conflict in report.conflicts {
            logger.info("Task \(conflict.taskID): \(conflict.fields.joined(separator: ", ")) changed both here and elsewhere; kept the newer, \(conflict.keptHere ? "here" : "elsewhere").",
                        metadata: DaemonEvent.conflict.metadata([
                            "task": .stringConvertible(conflict.taskID), "fields": .array(conflict.fields.map { .string($0) }),
                            "kept": .string(conflict.keptHere ? "here" : "there"),
                        ]))
        }
        if report.readIn > 0 {
            logger.info("Read in \(report.readIn) change\(report.readIn == 1 ? "" : "s") from the list folders.",
                        metadata: DaemonEvent.readIn.metadata(["count": .stringConvertible(report.readIn)]))
        }
        return report.changedStore
    }

    /// Logs the write faults of a write-out that are new, and the folders
    /// whose faults cleared, and arms `retryTimer` for the next try while
    /// files are unwritten (disarms it once none is).
    private func noteWrites(_ unwritten: [UnwrittenFile]) {
        // A write-out always says why (only `sync --check` does not).
        let faults = Dictionary(grouping: unwritten) { WriteFault(folder: $0.folder, cause: $0.cause ?? "", fileUnreadable: $0.fileUnreadable) }
        let failing = Set(faults.keys.map(\.folder))
        for folder in Set(loggedWriteFaults.map(\.folder)).subtracting(failing).sorted() {
            logger.info("The list folder \(folder) can be written again: the changes that waited are written.",
                        metadata: DaemonEvent.writeResumed.metadata(["folder": .string(folder)]))
        }
        guard !faults.isEmpty else {
            failedWrites = 0
            loggedWriteFaults = []
            // Disarming fails only for a bad descriptor; a stray firing then
            // finds nothing unwritten and disarms again.
            try? retryTimer.arm(after: nil)
            return
        }
        for (fault, files) in faults.sorted(by: { $0.key.folder < $1.key.folder }) where !loggedWriteFaults.contains(fault) {
            let named = files.prefix(3).map { file in file.task.map { "task \(file.taskID) “\($0.title)”" } ?? "deleted task \(file.taskID)" }
            let tasks = named.joined(separator: ", ") + (files.count > 3 ? " and \(files.count - 3) more" : "")
            let what = fault.fileUnreadable ? "A task's file in the list folder \(fault.folder) can no longer be read as a task, so it is not rewritten" : "The list folder \(fault.folder) cannot be written"
            logger.error("\(what) (\(fault.cause)): the changes of \(tasks) wait. Trying again, at most \(Int(RetrySchedule.folderWrites.longest)) s apart, until they are written.",
                         metadata: DaemonEvent.writeFailed.metadata([
                             "folder": .string(fault.folder), "error": .string(fault.cause),
                             "tasks": .array(files.map { .stringConvertible($0.taskID) }),
                         ]))
        }
        loggedWriteFaults = Set(faults.keys)
        armRetry()
    }

    /// Counts a failed write-out and arms `retryTimer` for the next try.
    private func armRetry() {
        failedWrites += 1
        let delay = RetrySchedule.folderWrites.delay(afterAttempts: failedWrites)
        do {
            try retryTimer.arm(after: .milliseconds(Int(delay * 1000)))
        } catch {
            // Without the timer, writes are tried at the next change again.
            failedWrites = 0
            logger.error("Writes into the list folders cannot be tried again on a timer: \(error.localizedDescription)",
                         metadata: DaemonEvent.writeFailed.metadata(["error": .string(error.localizedDescription)]))
        }
    }
}
