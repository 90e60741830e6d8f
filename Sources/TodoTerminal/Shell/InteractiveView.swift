import CLinux
import FoundationEssentials
import Glibc
import TodoConfig
import TodoCore
import TodoLinux
import TodoStore
import TodoSync
import TodoViewModel

/// `todo-remind ui`: the view on the terminal, on one event loop that waits
/// in `epoll` for the terminal's keys, signals (SIGWINCH, SIGTSTP, SIGCONT,
/// SIGTERM, SIGHUP, SIGINT), the store's folder (a change by a command, the
/// daemon, a bubble), the lists' folders (vdirsyncer) and a wall-clock timer
/// at the next instant that changes what is on screen. Nothing polls: while
/// nothing happens, the process sleeps.
public final class InteractiveView {
    /// Receives the signals: made first, before any thread starts, so that
    /// every thread inherits the mask (`SignalReceiver`).
    private let signals: SignalReceiver
    private let data: ViewStore
    private let list: String?
    private let colors: Bool

    /// How long a change of the store's folder settles before it is read:
    /// one command's writes are read once.
    static let debounce: Duration = .milliseconds(30)

    /// Blocks the signals the view handles; call it first, on the main
    /// thread, before the store is opened.
    public static func receiveSignals() throws -> SignalReceiver {
        try SignalReceiver(signals: [SIGWINCH, SIGTSTP, SIGCONT, SIGTERM, SIGHUP, SIGINT])
    }

    /// - Parameters:
    ///   - signals: from `receiveSignals()`.
    ///   - list: the folder path of the list to show first; nil for all.
    ///   - colors: whether to draw in colour.
    public init(signals: SignalReceiver, data: ViewStore, list: String?, colors: Bool) {
        self.signals = signals
        self.data = data
        self.list = list
        self.colors = colors
    }

    /// Runs the view until `q`, Ctrl-C, SIGTERM or SIGHUP; the terminal is
    /// restored however it ends, an error included.
    public func run() throws {
        _ = try data.startSync(now: Date(), realNow: Date())
        if let warning = data.writeOut(now: Date()) {
            StandardStream.error.write("Warning: \(warning.safeForTerminal)\n")
        }
        let view = try TaskView(data: data, list: list, colors: colors, now: Date())
        let loop = try EventLoop()
        defer { loop.unregisterAll() }
        let timer = try WallClockTimer()
        let storeWatcher = try DirectoryWatcher()
        let settle = try MonotonicTimer()
        let folderWatcher = try DirectoryWatcher()
        let storePath = data.store.path
        let storeFolder = storePath.deletingLastPathComponent
        let storeName = storePath.lastPathComponent
        try storeWatcher.watch(storeFolder.isEmpty ? "." : storeFolder, mask: .entryChanges)
        for list in data.lists.lists {
            // A folder that cannot be watched is read at the next change of the store.
            try? folderWatcher.watch(list.path, mask: .entryChanges)
        }
        var seenVersion = try data.store.dataVersion()

        let terminal = try Terminal(colors: colors)
        defer { terminal.end() }
        var dirty = true

        try loop.register(FileDescriptor(rawValue: STDIN_FILENO)) {
            let keys = terminal.readKeys()
            // A terminal gone is an end, as SIGHUP is.
            if keys.isEmpty, terminal.isHungUp {
                loop.stop()
                return
            }
            for key in keys {
                dirty = true
                guard view.handle(key, now: Date()) else {
                    loop.stop()
                    return
                }
            }
        }
        try loop.register(signals.fd) {
            for signal in self.signals.readSignals() {
                dirty = true
                switch signal {
                case SIGWINCH: terminal.resize()
                case SIGTSTP: terminal.suspend()
                case SIGCONT: terminal.redrawAll()
                default: loop.stop()
                }
            }
        }
        try loop.register(timer.fd) {
            switch timer.acknowledge() {
            case .fired, .clockChanged: dirty = true
            case .spurious: break
            }
        }
        try loop.register(storeWatcher.fd) {
            let events = storeWatcher.readChanges()
            if events.contains(where: { $0.name.hasPrefix(storeName) || $0.kinds.contains(.overflow) }) {
                try settle.arm(after: Self.debounce)
            }
        }
        try loop.register(settle.fd) {
            _ = settle.acknowledge()
            // The view's own writes do not change the version: only others' are read.
            let version = try self.data.store.dataVersion()
            guard version != seenVersion else { return }
            seenVersion = version
            try view.reload(now: Date())
            dirty = true
        }
        try loop.register(folderWatcher.fd) {
            let events = folderWatcher.readChanges()
            let changed = DaemonSync.changedFolders(events.map { ($0.folder, $0.name) }, overflow: events.contains { $0.kinds.contains(.overflow) })
            guard changed.map({ !$0.isEmpty }) ?? true else { return }
            if try self.data.readIn(paths: changed, now: Date()) {
                try view.reload(now: Date())
                dirty = true
            }
        }
        try loop.run {
            guard dirty else { return }
            dirty = false
            let now = Date()
            terminal.draw(view.screen(width: terminal.width, height: terminal.height, now: now))
            try timer.arm(at: view.nextChange(after: now))
        }
    }
}
