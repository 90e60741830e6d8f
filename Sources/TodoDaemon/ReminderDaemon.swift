import Foundation
import CLinux
import Logging
import Synchronization
import TodoConfig
import TodoCore
import TodoNotify
import TodoStore

/// The reminder daemon: one thread waiting in `epoll` on a wall-clock timer,
/// the store's folder, `/etc` (for the time zone), signals and finished
/// deliveries, and handing each event to the `ReminderEngine`.
///
/// While nothing is due and nothing changes it sleeps in `epoll_wait` with no
/// timeout: no polling, no periodic tick.
public final class ReminderDaemon {
    public struct Options: Sendable {
        var storePath: String
        var iconPath: String?
        /// Reads the settings again (at start and on SIGHUP).
        var loadSettings: @Sendable () throws -> DaemonSettings
        /// How long to wait after a change in the store's folder before
        /// planning again, so one `add` (several writes) costs one plan.
        public var debounce: Duration = .milliseconds(30)

        public init(storePath: String, iconPath: String?, loadSettings: @escaping @Sendable () throws -> DaemonSettings) {
            self.storePath = storePath
            self.iconPath = iconPath
            self.loadSettings = loadSettings
        }
    }

    private let options: Options
    private let logger: Logger
    private let makeNotifier: (@escaping @Sendable (ActionInvocation) -> Void) -> any Notifier
    private let console: ConsoleNotifier

    /// - Parameter makeNotifier: called once signals are blocked, since a
    ///   notifier may start threads of its own (libnotify's GLib loop), with
    ///   the handler for actions invoked on a bubble.
    public init(
        options: Options,
        makeNotifier: @escaping (@escaping @Sendable (ActionInvocation) -> Void) -> any Notifier,
        console: ConsoleNotifier,
        logger: Logger
    ) {
        self.options = options
        self.makeNotifier = makeNotifier
        self.console = console
        self.logger = logger
    }

    /// Runs until SIGTERM or SIGINT.
    ///
    /// Must be called on the main thread before any other thread is started,
    /// so that every thread inherits the blocked signals (see `SignalReceiver`).
    ///
    /// - Throws: `DaemonError.alreadyRunning` when another daemon has the
    ///   store, a `StoreError` when the store cannot be opened, or a
    ///   `SystemError` when a descriptor cannot be made.
    public func run() throws {
        let signals = try SignalReceiver(signals: [SIGHUP, SIGTERM, SIGINT])
        // The store first: it makes the store's folder (0700) on a first run,
        // and the lock file lives in that folder.
        let store = try TaskStore(path: options.storePath)
        let lock = try InstanceLock(path: Self.lockPath(forStore: options.storePath))
        defer { withExtendedLifetime(lock) {} }
        var settings = try options.loadSettings()
        let wakeup = try Wakeup()
        let outcomes = Mutex<[(generation: Int, outcome: DeliveryOutcome)]>([])
        let invocations = Mutex<[ActionInvocation]>([])
        // Runs on the notifier's GLib thread: hand the action to the loop and return.
        let notifier = makeNotifier { invocation in
            invocations.withLock { $0.append(invocation) }
            wakeup.signal()
        }
        do {
            let server = try notifier.serverInfo()
            logger.info("Notifications go to \(server.description).", metadata: DaemonEvent.server.metadata(["server": .string(server.description)]))
        } catch {
            logger.warning("No notification server can be reached yet (\(error.localizedDescription)); reminders are written here until one can.",
                           metadata: DaemonEvent.serverLost.metadata(["error": .string(error.localizedDescription)]))
        }

        if let warning = SystemTimeZone.choice().warning {
            logger.warning("\(warning)", metadata: DaemonEvent.timeZoneWarning.metadata())
        }

        let loop = try EventLoop()
        let timer = try WallClockTimer()
        let debounce = try MonotonicTimer()
        let watcher = try DirectoryWatcher()
        let storeFolder = (options.storePath as NSString).deletingLastPathComponent
        let storeName = (options.storePath as NSString).lastPathComponent
        try watcher.watch(storeFolder.isEmpty ? "." : storeFolder, mask: .entryChanges)
        // /etc/localtime is replaced (renamed or re-linked) when the zone changes.
        do {
            try watcher.watch("/etc", mask: .entryChanges)
        } catch {
            logger.warning("Time zone changes will be noticed only on SIGHUP: \(error.localizedDescription)",
                           metadata: DaemonEvent.timeZoneWarning.metadata(["error": .string(error.localizedDescription)]))
        }

        let folders = try WatchedFolders(calendars: settings.calendars, logger: logger)
        // The zone and rules the folders are synced by: those of now.
        let folderScheduler = { Scheduler(clock: WallClock(timeZone: SystemTimeZone.current()), policy: settings.policy) }

        let deliverer = ThreadedDeliverer(notifier: notifier, console: console, logger: logger)
        let watched = WatchedStore(store: store, logger: logger, disarm: { _ = try timer.arm(at: nil) }) { store, generation in
            ReminderEngine(
                store: store,
                settings: settings,
                timeZone: SystemTimeZone.current(),
                iconPath: self.options.iconPath,
                now: Date.init,
                timer: TimerAdapter(timer),
                deliverer: DelivererAdapter(deliverer) { outcome in
                    outcomes.withLock { $0.append((generation, outcome)) }
                    wakeup.signal()
                },
                logger: self.logger
            )
        }

        try loop.register(timer.fd) {
            switch timer.acknowledge() {
            case .fired: try watched.engine()?.timerFired()
            case .clockChanged: try watched.engine()?.clockChanged()
            case .spurious: break
            }
        }
        try loop.register(watcher.fd) {
            var storeChanged = false
            var storeEntryChanged = false
            for event in watcher.readEvents() {
                if event.kinds.contains(.overflow) {
                    // Events were lost: assume everything changed.
                    storeChanged = true
                    storeEntryChanged = true
                    try watched.engine()?.timeZoneChanged(to: SystemTimeZone.current())
                } else if event.name == "localtime" || event.name == "timezone" {
                    try watched.engine()?.timeZoneChanged(to: SystemTimeZone.current())
                } else if event.name.hasPrefix(storeName) {
                    storeChanged = true
                    storeEntryChanged = storeEntryChanged || event.name == storeName
                }
            }
            // At once, not after the debounce: a store deleted or replaced
            // is let go of before anything else happens, and a new one is
            // opened as soon as it is put in place (whole, by a rename).
            if storeEntryChanged {
                _ = try watched.engine()
                try watched.reopen()
            }
            if storeChanged { try debounce.arm(after: self.options.debounce) }
        }
        try loop.register(debounce.fd) {
            _ = debounce.acknowledge()
            // A task changed by a bubble's action has its file written.
            if let store = watched.store { folders.sync(store, paths: [], scheduler: folderScheduler(), now: Date()) }
            try watched.engine()?.storeChanged()
        }
        try loop.register(folders.watcher.fd) {
            let changed = folders.changedFolders(folders.watcher.readEvents())
            // At once, not after the debounce: the file is whole (renamed
            // into place), and the re-plan is due within 250 ms of it.
            if let store = watched.store, folders.sync(store, paths: changed, scheduler: folderScheduler(), now: Date()) {
                try watched.engine()?.storeChanged()
            }
        }
        try loop.register(wakeup.fd) {
            wakeup.drain()
            let finished = outcomes.withLock { pending in
                defer { pending = [] }
                return pending
            }
            // Outcomes first: an action names a bubble by the id its
            // delivery's outcome brings.
            for entry in finished {
                try watched.deliveryFinished(entry.outcome, generation: entry.generation)
            }
            for invocation in invocations.withLock({ pending in defer { pending = [] }; return pending }) {
                try watched.actionInvoked(invocation)
            }
        }
        try loop.register(signals.fd) {
            for signal in signals.readSignals() {
                switch signal {
                case SIGHUP:
                    self.logger.info("SIGHUP: reading the settings again.", metadata: DaemonEvent.settings.metadata())
                    do {
                        settings = try self.options.loadSettings()
                        folders.configure(settings.calendars)
                        if let store = watched.store { folders.sync(store, scheduler: folderScheduler(), now: Date()) }
                        try watched.engine()?.settingsChanged(to: settings)
                    } catch {
                        self.logger.error("The settings could not be read, so the old ones stay: \(error.localizedDescription)",
                                          metadata: DaemonEvent.settings.metadata(["outcome": "kept", "error": .string(error.localizedDescription)]))
                    }
                    try watched.engine()?.timeZoneChanged(to: SystemTimeZone.current())
                default:
                    self.logger.info("Stopping.", metadata: DaemonEvent.stopping.metadata())
                    loop.stop()
                }
            }
        }

        logger.info("Watching \(options.storePath).", metadata: DaemonEvent.watching.metadata(["store": .string(options.storePath)]))
        // What changed in the folders while the daemon was stopped, before
        // the first plan.
        if let store = watched.store { folders.sync(store, scheduler: folderScheduler(), now: Date()) }
        try watched.engine()?.start()
        try loop.run(beforeSleeping: {
            // A plan can read thousands of tasks of a large store (catching up
            // after a restart, gathering a morning's overdue tasks). Between
            // wake-ups the daemon holds none of them: SQLite's page caches are
            // emptied and the freed heap goes back to the system, so what it
            // owns does not grow with the store.
            watched.store?.releaseMemory()
            malloc_trim(0)
        })
        try watched.close()
    }

    /// The lock file that keeps a second daemon off the same store.
    public static func lockPath(forStore storePath: String) -> String {
        storePath + ".daemon-lock"
    }
}

/// Hands an engine's jobs to the one delivery thread, with where their
/// outcomes go: tagged with the store they are of.
private final class DelivererAdapter: Deliverer {
    let deliverer: ThreadedDeliverer
    let report: ThreadedDeliverer.Report
    init(_ deliverer: ThreadedDeliverer, report: @escaping ThreadedDeliverer.Report) {
        self.deliverer = deliverer
        self.report = report
    }
    func deliver(_ job: DeliveryJob) { deliverer.deliver(job, report: report) }
}

/// Lets the engine arm the timerfd without knowing it is one.
private final class TimerAdapter: WakeTimer {
    let timer: WallClockTimer
    init(_ timer: WallClockTimer) { self.timer = timer }
    func arm(at instant: Date?) throws -> Bool { try timer.arm(at: instant) }
}
