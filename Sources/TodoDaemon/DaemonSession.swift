import CLinux
import FoundationEssentials
import Logging
import Synchronization
import TodoConfig
import TodoCore
import TodoLinux
import TodoNotify
import TodoStore

/// One run of the daemon, between `ReminderDaemon.run`'s start and stop: the
/// descriptors the event loop waits on, and what each of their events does.
/// Every event becomes a call of the engine (the plan) or of the folders'
/// sync; nothing here decides what a reminder is.
final class DaemonSession {
    let timer: WallClockTimer
    /// The store's folder (the CLI's writes) and `/etc` (the time zone).
    let entries: DirectoryWatcher
    /// Fires a little after the store's folder changed, so that one `add`
    /// (several writes) costs one plan.
    let debounce: MonotonicTimer
    /// Rung when a delivery ends or a bubble's action is chosen, both on other threads.
    let wakeup: Wakeup
    let folders: WatchedFolders
    private let watched: WatchedStore
    private let options: ReminderDaemon.Options
    private let logger: Logger
    /// The settings in force: read at start and on SIGHUP, and by every
    /// engine made since (one is made again when the store is replaced).
    private let settings: CurrentSettings
    private let storeName: String
    /// What other threads hand to the loop: finished deliveries and chosen actions.
    private let inbox = Inbox()
    /// The config file's folder and name, watched in `entries` (editors
    /// replace the file by a rename as often as they write it in place).
    private let config: (folder: String, name: String)?
    /// The reason the config file could not be read last time, said once
    /// until it reads again.
    private var configProblem: String?

    init(
        store: TaskStore,
        options: ReminderDaemon.Options,
        makeNotifier: (@escaping @Sendable (ActionInvocation) -> Void) -> any Notifier,
        console: ConsoleNotifier,
        logger: Logger
    ) throws {
        self.options = options
        self.logger = logger
        let settings = CurrentSettings(try options.loadSettings())
        self.settings = settings
        let wakeup = try Wakeup()
        let inbox = inbox
        // Runs on the notifier's GLib thread: hand the action to the loop and return.
        let notifier = makeNotifier { invocation in
            inbox.invocations.withLock { $0.append(invocation) }
            wakeup.signal()
        }
        self.wakeup = wakeup
        Self.logServer(of: notifier, logger)
        if let warning = SystemTimeZone.choice().warning {
            logger.warning("\(warning)", metadata: LogTopic.timeZoneWarning.metadata())
        }

        let timer = try WallClockTimer()
        self.timer = timer
        debounce = try MonotonicTimer()
        entries = try DirectoryWatcher()
        let storeFolder = options.storePath.deletingLastPathComponent
        storeName = options.storePath.lastPathComponent
        try entries.watch(storeFolder.isEmpty ? "." : storeFolder, mask: .entryChanges)
        config = try Self.watchConfig(options.configPath, in: entries, storeFolder: storeFolder.isEmpty ? "." : storeFolder, logger: logger)
        // /etc/localtime is replaced (renamed or re-linked) when the zone changes.
        do {
            try entries.watch("/etc", mask: .entryChanges)
        } catch {
            logger.warning("Time zone changes will be noticed only on SIGHUP: \(error.readableDescription)",
                           metadata: LogTopic.timeZoneWarning.metadata(["error": .string(error.readableDescription)]))
        }
        folders = try WatchedFolders(calendars: settings.value.calendars, addresses: settings.value.addresses, logger: logger)
        let watchedFolders = folders

        let deliverer = ThreadedDeliverer(notifier: notifier, console: console, logger: logger)
        watched = WatchedStore(store: store, logger: logger, disarm: { _ = try timer.arm(at: nil) }) { store, generation in
            // The outcomes of this engine's jobs come back tagged with its
            // store: one that ends after the store was replaced is not the
            // next store's to record.
            deliverer.report = { job, result in
                inbox.outcomes.withLock { $0.append((generation, job, result)) }
                wakeup.signal()
            }
            return ReminderEngine(
                store: store,
                settings: settings.value,
                timeZone: settings.zone,
                iconPath: options.iconPath,
                now: Date.init,
                timer: timer,
                deliverer: deliverer,
                logger: logger,
                eventLists: { watchedFolders.lists },
                openTask: { options.openTask?($0) }
            )
        }
    }

    /// What changed in the folders while the daemon was stopped, then the first plan.
    func start() throws {
        logger.info("Watching \(options.storePath).", metadata: LogTopic.watching.metadata(["store": .string(options.storePath)]))
        syncFolders()
        try watched.engine()?.start()
    }

    func timerFired() throws {
        switch timer.acknowledge() {
        case .fired: try watched.engine()?.timerFired()
        case .clockChanged: try watched.engine()?.clockChanged()
        case .spurious: break
        }
    }

    /// Entries of the store's folder or of `/etc` changed.
    func entriesChanged() throws {
        var storeChanged = false
        var storeEntryChanged = false
        var configChanged = false
        for event in entries.readChanges() {
            if event.kinds.contains(.overflow) {
                // Events were lost: assume everything changed.
                storeChanged = true
                storeEntryChanged = true
                configChanged = config != nil
                try zoneMayHaveChanged()
            } else if let config, event.folder == config.folder, event.name == config.name {
                // Written whole (closed, renamed in) or removed: not every write of an editor.
                if !event.kinds.isDisjoint(with: [.closeWrite, .movedTo, .created, .deleted, .movedFrom]) { configChanged = true }
            } else if event.name == "localtime" || event.name == "timezone" {
                try zoneMayHaveChanged()
            } else if event.name.hasPrefix(storeName) {
                storeChanged = true
                storeEntryChanged = storeEntryChanged || event.name == storeName
            }
        }
        // At once, not after the debounce: a store deleted or replaced is let
        // go of before anything else happens, and a new one is opened as soon
        // as it is put in place (whole, by a rename).
        if storeEntryChanged {
            _ = try watched.engine()
            try watched.reopen()
        }
        if storeChanged { try debounce.arm(after: options.debounce) }
        if configChanged {
            logger.info("The config file changed: reading the settings again.", metadata: LogTopic.settings.metadata())
            try readSettings()
        }
    }

    /// The store settled after a change. Unless only this daemon wrote it,
    /// write out what a command could not write into a list folder, then
    /// plan again.
    func storeSettled() throws {
        _ = debounce.acknowledge()
        guard try watched.changedElsewhere() else { return }
        syncFolders(paths: [])
        try watched.engine()?.storeChanged()
    }

    /// Files of the list folders changed: read in at once, not after the
    /// debounce (a file is whole when renamed into place), and plan again.
    func foldersChanged() throws {
        let changed = folders.changedFolders(folders.watcher.readChanges())
        if syncFolders(paths: changed) { try watched.engine()?.storeChanged() }
    }

    /// The wait after a failed write into a list folder is over: try the
    /// unwritten files again, and plan again if that read anything in.
    func writeRetryDue() throws {
        guard let store = watched.store else {
            folders.storeGone()
            return
        }
        if folders.retryWrites(store, timeRules: folderTimeRules(), now: Date()) { try watched.engine()?.storeChanged() }
    }

    /// Deliveries ended or actions were chosen, on other threads.
    func wokenUp() throws {
        wakeup.drain()
        let finished = inbox.outcomes.withLock { pending in
            defer { pending = [] }
            return pending
        }
        // Outcomes first: an action names a bubble by the id its delivery's outcome brings.
        for entry in finished {
            try watched.deliveryFinished(entry.job, result: entry.result, generation: entry.generation)
        }
        let invocations = inbox.invocations.withLock { pending in
            defer { pending = [] }
            return pending
        }
        for invocation in invocations {
            try watched.actionInvoked(invocation)
        }
        // What Mark done, Snooze or Dismiss changed goes into the task's
        // file now: the store's watcher does not plan again for the
        // daemon's own writes (`storeSettled`), so nothing else would.
        if invocations.contains(where: { $0.request != nil }) { syncFolders(paths: []) }
    }

    /// SIGHUP reads the settings again; returns false for a signal to stop.
    func signalled(_ signal: Int32) throws -> Bool {
        guard signal == SIGHUP else {
            logger.info("Stopping.", metadata: LogTopic.stopping.metadata())
            return false
        }
        logger.info("SIGHUP: reading the settings again.", metadata: LogTopic.settings.metadata())
        configProblem = nil
        try readSettings()
        try zoneMayHaveChanged()
        return true
    }

    /// Reads the settings again (SIGHUP, an edit of the config file): the
    /// folders and the plan follow them at once. A config that cannot be
    /// read keeps the last good settings, said once until it reads again.
    private func readSettings() throws {
        let loaded: Settings
        do {
            loaded = try options.loadSettings()
        } catch {
            let reason = error.readableDescription
            if configProblem != reason {
                configProblem = reason
                logger.error("The settings could not be read, so the old ones stay: \(reason)",
                             metadata: LogTopic.settings.metadata(["outcome": "kept", "error": .string(reason)]))
            }
            return
        }
        configProblem = nil
        settings.value = loaded
        folders.configure(settings.value.calendars, addresses: settings.value.addresses)
        let readIn = syncFolders()
        try watched.engine()?.settingsChanged(to: settings.value)
        // A task completed or dismissed in its file closes its bubble;
        // the store's watcher does not see the daemon's own read-in.
        if readIn { try watched.engine()?.storeChanged() }
    }

    /// Watches the config file's folder in `entries`, unless it is the
    /// store's (watched already) or does not exist (then SIGHUP reads an
    /// edit). Returns the folder and name to look for.
    private static func watchConfig(_ path: String?, in entries: DirectoryWatcher, storeFolder: String,
                                    logger: Logger) throws -> (folder: String, name: String)? {
        guard let path else { return nil }
        let folder = path.deletingLastPathComponent.isEmpty ? "." : path.deletingLastPathComponent
        let name = path.lastPathComponent
        guard folder != storeFolder else { return (folder, name) }
        do {
            try entries.watch(folder, mask: .entryChanges)
        } catch {
            logger.debug("The config file's folder \(folder) cannot be watched (\(error.readableDescription)): an edit is read on SIGHUP.",
                         metadata: LogTopic.settings.metadata(["error": .string(error.readableDescription)]))
            return nil
        }
        return (folder, name)
    }

    /// Before each sleep. A plan can read thousands of tasks of a large
    /// store (catching up after a restart, gathering a morning's overdue
    /// tasks); between wake-ups the daemon holds none of them: SQLite's page
    /// caches are emptied and the freed heap goes back to the system, so what
    /// it owns does not grow with the store.
    func willSleep() {
        watched.store?.releaseMemory()
        malloc_trim(0)
    }

    func close() throws {
        try watched.close()
    }

    /// Syncs the list folders by the zone and rules of now; see `WatchedFolders.sync`.
    @discardableResult
    private func syncFolders(paths: Set<String>? = nil) -> Bool {
        guard let store = watched.store else { return false }
        return folders.sync(store, paths: paths, timeRules: folderTimeRules(), now: Date())
    }

    /// The zone and rules of now, by which the folders are synced: the
    /// engine's, so that a file is read in the zone the plan works in.
    private func folderTimeRules() -> TimeRules {
        TimeRules(clock: WallClock(timeZone: settings.zone), policy: settings.value.policy)
    }

    /// The machine's zone may have changed (`/etc/localtime` replaced, events
    /// lost, SIGHUP): read it again, for the plan and the folders alike.
    private func zoneMayHaveChanged() throws {
        settings.zone = SystemTimeZone.current()
        try watched.engine()?.timeZoneChanged(to: settings.zone)
    }

    private static func logServer(of notifier: any Notifier, _ logger: Logger) {
        do {
            let server = try notifier.serverInfo()
            logger.info("Notifications go to \(server.description).", metadata: LogTopic.server.metadata(["server": .string(server.description)]))
        } catch {
            logger.warning("No notification server can be reached yet (\(error.readableDescription)); reminders are written here until one can.",
                           metadata: LogTopic.serverLost.metadata(["error": .string(error.readableDescription)]))
        }
    }
}

/// The settings in force, shared by the session and the engines it makes.
/// The settings and the machine's zone in force, read again on a change:
/// one of each for the plan, the folders and every engine the session makes.
private final class CurrentSettings {
    var value: Settings
    var zone = SystemTimeZone.current()
    init(_ value: Settings) { self.value = value }
}

/// Finished deliveries and chosen actions, handed from other threads to the loop.
private final class Inbox: Sendable {
    let outcomes = Mutex<[(generation: Int, job: DeliveryJob, result: Result<UInt32, NotifyError>)]>([])
    let invocations = Mutex<[ActionInvocation]>([])
}
