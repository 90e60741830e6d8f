import FoundationEssentials
import Glibc
import Logging
import TodoConfig
import TodoLinux
import TodoNotify
import TodoStore

/// The reminder daemon: one thread waiting in `epoll` on a wall-clock timer,
/// the store's folder, `/etc` (for the time zone), the list folders (and the
/// timer that retries the files they would not take), signals and finished
/// deliveries, and handing each event to the `ReminderEngine`
/// (through `DaemonSession`, which holds one run's descriptors).
///
/// While nothing is due and nothing changes it sleeps in `epoll_wait` with no
/// timeout: no polling, no periodic tick.
public final class ReminderDaemon {
    public struct Options: Sendable {
        var storePath: String
        var iconPath: String?
        /// Reads the settings again (at start, when the config file changes,
        /// and on SIGHUP).
        var loadSettings: @Sendable () throws -> Settings
        /// The config file `loadSettings` reads, whose folder is watched so
        /// that an edit takes effect without SIGHUP; nil to watch none.
        public var configPath: String?
        /// How long to wait after a change in the store's folder before
        /// planning again, so one `add` (several writes) costs one plan.
        public var debounce: Duration = .milliseconds(30)
        /// What a click on a task's bubble opens once its reminder is
        /// dismissed: the desktop window on that task; nil for nothing (no
        /// window installed).
        public var openTask: (@Sendable (Int64) -> Void)?

        public init(storePath: String, iconPath: String?, loadSettings: @escaping @Sendable () throws -> Settings) {
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
    /// - Throws: `InstanceLockError.held` when another daemon has the
    ///   store, a `StoreError` when the store cannot be opened, or a
    ///   `SystemError` when a descriptor cannot be made.
    public func run() throws {
        let signals = try SignalReceiver(signals: [SIGHUP, SIGTERM, SIGINT])
        // The store first: it makes the store's folder (0700) on a first run,
        // and the lock file lives in that folder.
        let store = try TaskStore(path: options.storePath, connections: .kept, author: .bubble)
        let lock = try InstanceLock(path: TaskStore.daemonLockPath(forStore: options.storePath))
        defer { withExtendedLifetime(lock) {} }
        let session = try DaemonSession(store: store, options: options, makeNotifier: makeNotifier, console: console, logger: logger)
        let loop = try EventLoop()
        try loop.register(session.timer.fd, session.timerFired)
        try loop.register(session.entries.fd, session.entriesChanged)
        try loop.register(session.debounce.fd, session.storeSettled)
        try loop.register(session.folders.watcher.fd, session.foldersChanged)
        try loop.register(session.folders.retryTimer.fd, session.writeRetryDue)
        try loop.register(session.wakeup.fd, session.wokenUp)
        try loop.register(signals.fd) {
            for signal in signals.readSignals() where try !session.signalled(signal) { loop.stop() }
        }
        try session.start()
        try loop.run(beforeSleeping: session.willSleep)
        try session.close()
    }
}
