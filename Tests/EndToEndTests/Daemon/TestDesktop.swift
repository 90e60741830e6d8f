import Foundation
import Testing

/// A desktop of one test's own: a session D-Bus, and dunst serving
/// notifications on it, drawing on the display of the private desktop session
/// that `scripts/with-desktop-session` starts for `make test`.
///
/// `make test` runs every test target in one process, in parallel, and the
/// notifier's tests stop, freeze and restart the session's dunst and count
/// its bubbles. A daemon test on that same dunst would lose its server in the
/// middle of a delivery, or put a bubble into another test's count. So each
/// daemon test gets its own bus (`dbus-run-session` with a configuration that
/// activates no service: with no server on it, a call fails at once, as on a
/// desktop without one) and its own dunst with the session's test dunstrc,
/// which starts each bubble's message with "urgency=low|normal|critical" so
/// that the urgency can be read back. A fresh dunst also starts with an empty
/// history, which dunst 1.9 cannot clear.
///
/// Every process is started through `env --default-signal`: a test runs on a
/// worker thread that blocks nearly every signal, and a child started from it
/// would inherit that mask, so that SIGTERM could never stop it.
///
/// A test ends what it starts, even when it fails: `defer { desktop.end() }`.
/// Should the test process die first, the bus goes when the pipe that keeps
/// it alive closes, and the session script stops every dunst with its dunstrc.
final class TestDesktop {
    /// What a process needs to reach this bus and the session's display.
    let environment: [String: String]
    private let folder: URL
    private let dunstrc: String
    private let bus = Process()
    /// Its other end is the bus keeper's stdin: the bus lives while it is open.
    private let keeper = Pipe()
    private let keeperPID: pid_t
    private var server: Process?

    /// Starts the bus and dunst, and waits until dunst owns
    /// org.freedesktop.Notifications on it.
    ///
    /// Fails, never skips, outside the private desktop session.
    init(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let session = ProcessInfo.processInfo.environment
        try #require(
            session["TODO_REMIND_DESKTOP_SESSION"] == "1",
            """
            The daemon tests need a display and a notification server of their own: run them under \
            scripts/with-desktop-session, as `make test` does \
            (scripts/with-desktop-session swift test --filter EndToEndTests).
            """,
            sourceLocation: sourceLocation
        )
        let display = try #require(session["DISPLAY"], "DISPLAY is not set in the desktop session", sourceLocation: sourceLocation)
        dunstrc = try #require(
            session["TODO_REMIND_TEST_DUNSTRC"],
            "TODO_REMIND_TEST_DUNSTRC is not set in the desktop session",
            sourceLocation: sourceLocation
        )
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("todo-remind-desktop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let configuration = folder.appendingPathComponent("bus.conf")
        try Data(Self.busConfiguration.utf8).write(to: configuration)
        let announcement = folder.appendingPathComponent("bus.address")
        try Data().write(to: announcement)

        // The keeper prints its pid and the bus address, then reads its stdin
        // until it closes; dbus-run-session ends the bus when the keeper ends.
        bus.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        bus.arguments = [
            "--default-signal", "dbus-run-session", "--config-file=\(configuration.path)", "--",
            "sh", "-c", #"printf '%s %s\n' "$$" "$DBUS_SESSION_BUS_ADDRESS"; exec cat >/dev/null"#,
        ]
        bus.environment = session.filter { !["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS"].contains($0.key) }
        let announcer = try FileHandle(forWritingTo: announcement)
        defer { try? announcer.close() }
        bus.standardInput = keeper
        bus.standardOutput = announcer
        bus.standardError = FileHandle.nullDevice
        try bus.run()
        var fields: [Substring] = []
        _ = eventually {
            let text = (try? String(contentsOf: announcement, encoding: .utf8)) ?? ""
            fields = text.hasSuffix("\n") ? text.dropLast().split(separator: " ") : []
            return fields.count == 2
        }
        guard fields.count == 2, let pid = pid_t(fields[0]) else {
            bus.terminate()
            try? FileManager.default.removeItem(at: folder)
            throw Failure("dbus-run-session did not start a bus")
        }
        keeperPID = pid
        environment = ["DBUS_SESSION_BUS_ADDRESS": String(fields[1]), "DISPLAY": display]
        do {
            try startServer(sourceLocation: sourceLocation)
        } catch {
            end()
            throw error
        }
    }

    deinit {
        end()
    }

    /// Stops dunst and the bus, and removes their files.
    func end() {
        if let server { Self.stop(server) }
        server = nil
        try? keeper.fileHandleForWriting.close()
        if bus.isRunning {
            kill(keeperPID, SIGTERM)
            if !eventually(within: .seconds(5), { !bus.isRunning }) { Self.stop(bus) }
            bus.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Stops a process (SIGCONT, in case it is frozen, then SIGTERM), and
    /// kills it if it is still there after 5 s.
    private static func stop(_ process: Process) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGCONT)
        process.terminate()
        if !eventually(within: .seconds(5), { !process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }

    /// A `CLI` whose commands, the daemon among them, use this desktop.
    ///
    /// Its config puts the morning reminder half a day away, so that a task
    /// due seconds from now never gets a morning reminder inside the test too
    /// (as it would, run a few seconds after 09:00), and turns off the daily
    /// reminder of overdue tasks, so that a task that has fired is not armed
    /// again for the next morning before the test's later tasks.
    func cli() throws -> CLI {
        var cli = try CLI()
        cli.environment.merge(environment) { _, desktop in desktop }
        cli.environment["TODO_REMIND_CONFIG"] = try cli.write("config.toml", Self.farMorningConfig)
        return cli
    }

    /// `reminder-time` twelve hours from now, local time (TZ of the CLI),
    /// and `overdue-in-digest = false`.
    static var farMorningConfig: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .current
        let later = calendar.dateComponents([.hour, .minute], from: Date().addingTimeInterval(12 * 3600))
        return String(format: "reminder-time = \"%02d:%02d\"\n", later.hour ?? 21, later.minute ?? 0)
            + "overdue-in-digest = false\n"
    }

    // MARK: - The server

    /// dunst's process id, while it runs.
    var serverPID: pid_t? {
        server.flatMap { $0.isRunning ? $0.processIdentifier : nil }
    }

    /// Whether some process owns org.freedesktop.Notifications on the bus.
    func serverIsOnTheBus() throws -> Bool {
        let output = try run(
            "dbus-send", "--session", "--print-reply=literal", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
            "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.Notifications"
        )
        return output.contains("true")
    }

    /// Starts dunst with the session's test dunstrc, unless it runs, and
    /// waits until it owns org.freedesktop.Notifications (about 200 ms).
    func startServer(sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard serverPID == nil else { return }
        let dunst = Process()
        dunst.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        dunst.arguments = ["--default-signal", "dunst", "-config", dunstrc]
        dunst.environment = ProcessInfo.processInfo.environment.merging(environment) { _, desktop in desktop }
        // The dunstrc's dmenu (Tests/Fixtures/dmenu-pick) reads the line to
        // pick from this desktop's file, not the session's, which the
        // notifier's tests use at the same time.
        dunst.environment?["TODO_REMIND_DMENU_PICK"] = pickFile
        dunst.standardInput = FileHandle.nullDevice
        dunst.standardOutput = FileHandle.nullDevice
        dunst.standardError = FileHandle.nullDevice
        try dunst.run()
        server = dunst
        try #require(
            try eventually { try serverIsOnTheBus() },
            "dunst did not take org.freedesktop.Notifications",
            sourceLocation: sourceLocation
        )
    }

    /// Stops dunst (SIGTERM) and waits until it has left the bus: the bus
    /// then has no notification server at all.
    func stopServer(sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let server, server.isRunning else { return }
        Self.stop(server)
        self.server = nil
        try #require(try eventually { try !serverIsOnTheBus() }, "dunst did not leave the bus", sourceLocation: sourceLocation)
    }

    /// Freezes dunst (SIGSTOP): it keeps its name on the bus and answers
    /// nothing, so every call to it hangs until `thawServer()`.
    func freezeServer(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let pid = try #require(serverPID, "dunst is not running", sourceLocation: sourceLocation)
        try #require(kill(pid, SIGSTOP) == 0, "SIGSTOP to dunst (pid \(pid)) failed", sourceLocation: sourceLocation)
    }

    /// Lets a frozen dunst run again (SIGCONT).
    func thawServer() {
        if let serverPID { kill(serverPID, SIGCONT) }
    }

    // MARK: - Actions

    /// The file this desktop's dmenu reads the line to pick from; the menu
    /// it was shown is kept next to it, in "….menu".
    private var pickFile: String { folder.appendingPathComponent("dmenu-pick").path }

    /// Chooses the action `key` of notification `id` in dunst's context menu
    /// (`dunstctl context`), as a person would pick it from the menu, and
    /// returns the menu's lines, "#LABEL (SUMMARY) [ID,KEY]".
    @discardableResult
    func pickFromContextMenu(id: UInt32, key: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try? FileManager.default.removeItem(atPath: pickFile + ".menu")
        try "[\(id),\(key)]".write(toFile: pickFile, atomically: true, encoding: .utf8)
        try run("dunstctl", "context")
        var menu = ""
        _ = eventually {
            menu = (try? String(contentsOfFile: pickFile + ".menu", encoding: .utf8)) ?? ""
            return !menu.isEmpty
        }
        try #require(!menu.isEmpty, "dunst showed no context menu", sourceLocation: sourceLocation)
        return menu.split(separator: "\n").map(String.init)
    }

    /// Invokes the default action of the topmost bubble, as clicking it would.
    func invokeDefaultAction() throws {
        try run("dunstctl", "action", "0")
    }

    // MARK: - The history

    /// One entry of `dunstctl history`.
    struct HistoryEntry: Equatable, CustomStringConvertible {
        var id: Int
        var summary: String
        var body: String
        var appName: String
        var category: String
        /// The bubble's text as the dunstrc's `format` makes it: "urgency=…\nsummary\nbody".
        var message: String

        var description: String { "#\(id) \(summary.debugDescription) from \(appName.debugDescription): \(message.debugDescription)" }
    }

    /// Closes every bubble, so that it enters the history (dunst lists only
    /// closed notifications there), until none is displayed: one that
    /// arrives meanwhile is closed too.
    func closeAll(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(
            try eventually {
                try run("dunstctl", "close-all")
                return try displayedCount() == 0
            },
            "dunst still displays bubbles after close-all",
            sourceLocation: sourceLocation
        )
    }

    func displayedCount() throws -> Int {
        let output = try run("dunstctl", "count", "displayed").trimmingCharacters(in: .whitespacesAndNewlines)
        return try #require(Int(output), "dunstctl count displayed printed “\(output)”")
    }

    /// Every notification shown, newest first: closes the bubbles first.
    func history(sourceLocation: SourceLocation = #_sourceLocation) throws -> [HistoryEntry] {
        try closeAll(sourceLocation: sourceLocation)
        let json = try JSONSerialization.jsonObject(with: Data(try run("dunstctl", "history").utf8))
        let root = try #require(json as? [String: Any], "dunstctl history is not an object: \(json)", sourceLocation: sourceLocation)
        let groups = try #require(root["data"] as? [[[String: Any]]], "dunstctl history has no data: \(root)", sourceLocation: sourceLocation)
        return groups.flatMap { $0 }.map { fields in
            func value<T>(_ key: String, _ fallback: T) -> T {
                ((fields[key] as? [String: Any])?["data"] as? T) ?? fallback
            }
            return HistoryEntry(
                id: value("id", -1),
                summary: value("summary", ""),
                body: value("body", ""),
                appName: value("appname", ""),
                category: value("category", ""),
                message: value("message", "")
            )
        }
    }

    /// The notification the server numbered `id`.
    func entry(id: UInt32, sourceLocation: SourceLocation = #_sourceLocation) throws -> HistoryEntry {
        let entries = try history(sourceLocation: sourceLocation)
        return try #require(
            entries.first { $0.id == Int(id) },
            "notification \(id) is not in dunst's history: \(entries)",
            sourceLocation: sourceLocation
        )
    }

    // MARK: - Tools

    /// Runs a tool on this bus and returns its standard output; throws when it fails.
    @discardableResult
    func run(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, desktop in desktop }
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure("`\(arguments.joined(separator: " "))` exited with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// A session bus that starts no service on demand: the system's session
    /// configuration would start dunst with its default settings the moment
    /// a test's daemon calls a server that the test has stopped.
    private static let busConfiguration = """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:tmpdir=/tmp</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
}
