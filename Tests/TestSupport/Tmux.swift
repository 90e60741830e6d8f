import Foundation
import Glibc

/// A real terminal for end-to-end tests of a full-screen program: a tmux
/// server of its own (on a private socket, so tests run side by side), one
/// window of a given size running a command, keys sent as a person types
/// them (`send-keys`), and the screen read back (`capture-pane`).
///
/// The pane stays after its command ends (`remain-on-exit`), so a test can
/// read how it ended; tmux forwards Esc at once (`escape-time 0`), and has
/// no status line, so the program gets the whole window.
public final class Tmux: @unchecked Sendable {
    private let folder: TemporaryFolder
    private let socket: String
    private let environment: [String: String]
    /// The server's process, killed by `end()` when `kill-server` leaves it.
    private var serverPID: pid_t?
    private static let tmux = URL(fileURLWithPath: "/usr/bin/tmux")

    /// Starts `command` in a window `width` × `height`, with `environment`
    /// (tmux's server passes it on to the pane; TERM is tmux's own).
    public init(width: Int = 80, height: Int = 24, environment: [String: String], command: [String], in workingFolder: URL? = nil) throws {
        folder = try TemporaryFolder(prefix: "tmux")
        socket = folder.file("socket")
        self.environment = environment
        let config = try folder.write("tmux.conf", text: """
            set -g remain-on-exit on
            set -g default-terminal tmux-256color
            set -g escape-time 0
            set -g status off
            set -g history-limit 0
            """)
        var arguments = ["-f", config, "new-session", "-d", "-x", String(width), "-y", String(height)]
        if let workingFolder { arguments += ["-c", workingFolder.path] }
        try run(arguments + command)
        serverPID = (try? run(["display-message", "-p", "#{pid}"])).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    deinit {
        end()
    }

    /// Runs `tmux -S SOCKET ARGS…` and returns its stdout.
    ///
    /// Spawned and waited for directly (`posix_spawn`, `waitpid`), with no
    /// descriptor but stdin, stdout and stderr: the first call starts tmux's
    /// server, which forks away from its client and lives on. Foundation's
    /// `Process` learns that a child ended when a socket the child holds
    /// closes; the server would hold that socket of its client (and of any
    /// other test's child running meanwhile) open, and those ends would never
    /// be seen.
    @discardableResult
    public func run(_ arguments: [String]) throws -> String {
        let output = folder.file("output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        _ = closeFrom(&actions, 3)
        let argv = ([Self.tmux.path, "-S", socket] + arguments).map { strdup($0) } + [nil]
        let envp = FakedClock.passed(into: environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, Self.tmux.path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw TestSupportFailure("tmux could not be started: error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        // Exited normally with status 0.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw TestSupportFailure("tmux \(arguments.joined(separator: " ")) failed (wait status \(status)): \(text)")
        }
        return text
    }

    /// Stops the server and everything in it.
    ///
    /// With many tests running side by side, `kill-server` was seen to leave
    /// servers behind (75 after one run of the suite, each ignoring SIGTERM
    /// too), so the server's process is killed as well: a test leaves no
    /// tmux and no view running.
    public func end() {
        _ = try? run(["kill-server"])
        if let serverPID { kill(serverPID, SIGKILL) }
        serverPID = nil
    }

    /// Presses keys by tmux's names: `Enter`, `Escape`, `Tab`, `BTab`, `Up`,
    /// `NPage`, `BSpace`, `C-c`, `C-z`, or a single character.
    public func press(_ keys: String...) throws {
        try press(keys)
    }

    public func press(_ keys: [String]) throws {
        guard !keys.isEmpty else { return }
        try run(["send-keys", "-t", "0"] + keys)
    }

    /// Types `text` as it is, character by character.
    public func type(_ text: String) throws {
        try run(["send-keys", "-t", "0", "-l", text])
    }

    /// The screen as text, a line each, trailing spaces dropped.
    public func screen() throws -> String {
        try run(["capture-pane", "-p", "-t", "0"])
    }

    /// The screen with its colours and attributes as escape sequences.
    public func styledScreen() throws -> String {
        try run(["capture-pane", "-p", "-e", "-t", "0"])
    }

    /// Waits until the screen satisfies `condition`; whether it did.
    public func waitForScreen(within timeout: Duration = .seconds(5), _ condition: (String) -> Bool) -> Bool {
        eventually(within: timeout) { (try? screen()).map(condition) ?? false }
    }

    /// A tmux format about the pane (`#{pane_dead}`…).
    public func format(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", "0", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the terminal shows its alternate screen (a full-screen program's).
    public var isOnAlternateScreen: Bool {
        (try? format("#{alternate_on}")) == "1"
    }

    /// Whether the pane's command ended.
    public var hasEnded: Bool {
        (try? format("#{pane_dead}")) == "1"
    }

    /// Waits for the pane's command to end; whether it did.
    public func waitForEnd(within timeout: Duration = .seconds(10)) -> Bool {
        eventually(within: timeout) { hasEnded }
    }

    /// The process id of the pane's command.
    public var pid: Int32? {
        (try? format("#{pane_pid}")).flatMap { Int32($0) }
    }

    /// Resizes the window, as a person resizing the terminal would.
    public func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", "0", "-x", String(width), "-y", String(height)])
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 on): the child
/// closes every descriptor from `from` on. Declared here, as the Glibc
/// module leaves GNU extensions out.
@_silgen_name("posix_spawn_file_actions_addclosefrom_np")
private func closeFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32
