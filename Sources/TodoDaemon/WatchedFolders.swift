import Foundation
import Logging
import TodoConfig
import TodoCore
import TodoStore
import TodoSync

/// The lists' iCalendar folders, watched: a file added, changed or removed
/// by anyone else (vdirsyncer, todoman, an editor) is read into the store as
/// soon as inotify reports it, and tasks changed here (by a bubble's action,
/// or a command that could not write its file) are written out.
///
/// Never throws out of a sync: a folder that cannot be read or written is
/// logged and tried again at its next change, and reminders go on.
final class WatchedFolders {
    let watcher: DirectoryWatcher
    private let logger: Logger
    private let home: String
    private(set) var lists: CalendarLists
    /// The skipped files already logged, so that each is logged once.
    private var loggedSkips = Set<SyncReport.Skipped>()

    init(calendars: [CalendarSetting], logger: Logger, home: String = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()) throws {
        watcher = try DirectoryWatcher()
        self.logger = logger
        self.home = home
        lists = CalendarLists([], home: home)
        configure(calendars)
    }

    /// Watches the folders `calendars` names now (at start and on SIGHUP).
    func configure(_ calendars: [CalendarSetting]) {
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
    /// for nil, none for an empty set), then writes out what changed here.
    /// Returns whether the store changed.
    @discardableResult
    func sync(_ store: TaskStore, paths: Set<String>? = nil, scheduler: Scheduler, now: Date) -> Bool {
        guard !lists.lists.isEmpty else { return false }
        let sync = FolderSync(store: store, lists: lists, scheduler: scheduler, now: now)
        var report = SyncReport()
        do {
            report = try sync.readIn(paths: paths)
            let written = try sync.writeOut()
            report.writtenOut = written.writtenOut
            report.skipped += written.skipped
        } catch {
            logger.error("The list folders could not be synced: \(error.localizedDescription)",
                         metadata: DaemonEvent.syncFailed.metadata(["error": .string(error.localizedDescription)]))
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
}
