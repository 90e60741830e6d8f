import Foundation

/// A desktop of one test's own: an Xvfb display, a session D-Bus, and dunst
/// serving notifications on them with Tests/Fixtures/dunstrc, which starts
/// each bubble's message with "urgency=low|normal|critical" so that the
/// urgency can be read back.
///
/// Tests run in parallel in one process, and they stop, freeze and restart
/// the notification server and count its bubbles: on a shared server, one
/// test would lose its server in the middle of another's delivery, or put a
/// bubble into another's count. So each test that drives a notifier in a
/// process of its own (the daemon, `notify-test`) makes a `PrivateDesktop()`
/// and gives that process its `environment`. Its bus activates no service:
/// with no server on it, a call fails at once, as on a desktop without one.
/// A fresh dunst also starts with an empty history, which dunst 1.9 cannot
/// clear.
///
/// libnotify in the test process itself always talks to the process's own
/// session bus: `PrivateDesktop.processSession()` is that desktop, the one
/// `scripts/with-desktop-session` starts around `swift test`.
///
/// Every process is started through `env --default-signal`: a test runs on a
/// worker thread that blocks nearly every signal, and a child started from it
/// would inherit that mask, so that SIGTERM could never stop it.
///
/// A test ends what it starts, even when it fails: `defer { desktop.end() }`.
/// Should the test process die first, the bus goes when the pipe that keeps
/// it alive closes, and Xvfb and dunst lose their clients.
public final class PrivateDesktop: @unchecked Sendable {
    /// What a process needs to reach this bus and this display.
    public let environment: [String: String]
    /// The test's own files: the dunstrc, the bus's address, the dmenu's pick file.
    private let folder: TemporaryFolder?
    private let dunstrc: String
    /// The file the dunstrc's dmenu (Tests/Fixtures/dmenu-pick) reads the line
    /// to pick from; the menu it was shown is written beside it, in "….menu".
    private let pickFile: String
    private let display: Process?
    private let bus: Process?
    /// Its other end is the bus keeper's stdin: the bus lives while it is open.
    private let keeper = Pipe()
    private let keeperPID: pid_t?
    /// The dunst this fixture started, while it runs.
    private var server: Process?

    /// Starts a display, a bus and dunst, and waits until dunst owns
    /// org.freedesktop.Notifications on the bus.
    ///
    /// Fails, never skips, when a tool is missing.
    public init() throws {
        for tool in ["Xvfb", "dbus-run-session", "dbus-send", "dunst", "dunstctl"] {
            try TestSupportFailure.unless(
                ProcessRunner.isOnPath(tool),
                "\(tool) is missing: the notification tests need a real server on a private display and bus; run `make deps`."
            )
        }
        let folder = try TemporaryFolder(prefix: "todo-remind-desktop")
        self.folder = folder
        pickFile = folder.file("dmenu-pick")
        dunstrc = try folder.write("dunstrc", text: try Self.fixtureDunstrc())

        var base = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS"] { base[name] = nil }

        // Xvfb picks a free display and writes its number to stdout (-displayfd 1).
        let display = Process()
        let announcedDisplay = Pipe()
        display.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        display.arguments = ["--default-signal", "Xvfb", "-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp"]
        display.environment = base
        display.standardInput = FileHandle.nullDevice
        display.standardOutput = announcedDisplay
        display.standardError = FileHandle.nullDevice
        try display.run()
        self.display = display
        // It writes the number once it listens; it exits, closing the pipe, when it cannot.
        let number = Self.firstLine(of: announcedDisplay.fileHandleForReading)
        guard let number, Int(number) != nil else {
            Self.stop(display)
            throw TestSupportFailure("Xvfb did not start a display")
        }

        // The keeper prints its pid and the bus address, then reads its stdin
        // until it closes; dbus-run-session ends the bus when the keeper ends.
        let configuration = try folder.write("bus.conf", text: Self.busConfiguration)
        let bus = Process()
        let announcedBus = Pipe()
        bus.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        bus.arguments = [
            "--default-signal", "dbus-run-session", "--config-file=\(configuration)", "--",
            "sh", "-c", #"printf '%s %s\n' "$$" "$DBUS_SESSION_BUS_ADDRESS"; exec cat >/dev/null"#,
        ]
        bus.environment = base
        bus.standardInput = keeper
        bus.standardOutput = announcedBus
        bus.standardError = FileHandle.nullDevice
        try bus.run()
        self.bus = bus
        let fields = Self.firstLine(of: announcedBus.fileHandleForReading)?.split(separator: " ") ?? []
        guard fields.count == 2, let pid = pid_t(fields[0]) else {
            Self.stop(bus)
            Self.stop(display)
            throw TestSupportFailure("dbus-run-session did not start a bus")
        }
        keeperPID = pid
        environment = ["DBUS_SESSION_BUS_ADDRESS": String(fields[1]), "DISPLAY": ":\(number)"]
        do {
            try startServer()
        } catch {
            end()
            throw error
        }
    }

    /// The desktop this test process runs in, which libnotify in the process
    /// itself uses: the session bus, display and dunst that
    /// `scripts/with-desktop-session` starts around `swift test`.
    ///
    /// Fails the calling test outside such a session: the tests that use it
    /// stop and freeze the notification server, so they must never meet the
    /// person's own.
    public static func processSession() throws -> PrivateDesktop {
        let session = ProcessInfo.processInfo.environment
        try TestSupportFailure.unless(
            session["TODO_REMIND_DESKTOP_SESSION"] == "1",
            """
            This test drives libnotify in the test process, which needs a private session bus and \
            notification server around the whole process: run it under scripts/with-desktop-session, \
            as `make test` does (scripts/with-desktop-session swift test --filter TodoNotifyTests).
            """
        )
        let variable = { (name: String) throws -> String in
            try TestSupportFailure.unwrap(session[name], "\(name) is not set in the desktop session")
        }
        return PrivateDesktop(
            adopting: ["DBUS_SESSION_BUS_ADDRESS": try variable("DBUS_SESSION_BUS_ADDRESS"), "DISPLAY": try variable("DISPLAY")],
            dunstrc: try variable("TODO_REMIND_TEST_DUNSTRC"),
            pickFile: try variable("TODO_REMIND_DMENU_PICK")
        )
    }

    /// A desktop started by someone else, which `end()` leaves running.
    private init(adopting environment: [String: String], dunstrc: String, pickFile: String) {
        self.environment = environment
        self.dunstrc = dunstrc
        self.pickFile = pickFile
        folder = nil
        display = nil
        bus = nil
        keeperPID = nil
    }

    deinit {
        end()
    }

    /// Stops dunst, the bus and the display this fixture started; leaves
    /// the session's own running, for the other tests of the process.
    public func end() {
        guard folder != nil else { return }
        if let server { Self.stop(server) }
        server = nil
        try? keeper.fileHandleForWriting.close()
        if let bus, bus.isRunning {
            if let keeperPID { kill(keeperPID, SIGTERM) }
            if !eventually(within: .seconds(5), { !bus.isRunning }) { Self.stop(bus) }
            bus.waitUntilExit()
        }
        if let display { Self.stop(display) }
    }

    // MARK: - The server

    /// The process id of whoever owns org.freedesktop.Notifications on the bus.
    public func serverPID() throws -> pid_t {
        let output = try run(
            "dbus-send", "--session", "--print-reply=literal", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
            "org.freedesktop.DBus.GetConnectionUnixProcessID", "string:org.freedesktop.Notifications"
        )
        let number = output.split(separator: " ").last.map(String.init)?.trimmingCharacters(in: .whitespacesAndNewlines)
        return try TestSupportFailure.unwrap(number.flatMap { pid_t($0) }, "no process id in “\(output)”")
    }

    /// Whether some process owns org.freedesktop.Notifications on the bus.
    public func serverIsOnTheBus() throws -> Bool {
        let output = try run(
            "dbus-send", "--session", "--print-reply=literal", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
            "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.Notifications"
        )
        return output.contains("true")
    }

    /// Starts dunst with the test dunstrc, unless a server is on the bus, and
    /// waits until it owns org.freedesktop.Notifications (about 200 ms).
    public func startServer() throws {
        guard try !serverIsOnTheBus() else { return }
        let dunst = Process()
        dunst.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        dunst.arguments = ["--default-signal", "dunst", "-config", dunstrc]
        dunst.environment = ProcessInfo.processInfo.environment.merging(environment) { _, desktop in desktop }
        dunst.environment?["TODO_REMIND_DMENU_PICK"] = pickFile
        dunst.standardInput = FileHandle.nullDevice
        dunst.standardOutput = FileHandle.nullDevice
        dunst.standardError = FileHandle.nullDevice
        try dunst.run()
        server = dunst
        try TestSupportFailure.unless(
            try eventually { try serverIsOnTheBus() },
            "dunst did not take org.freedesktop.Notifications"
        )
    }

    /// Stops the notification server (SIGCONT, in case it is frozen, then
    /// SIGTERM) and waits until it has left the bus: the bus then has no
    /// notification server at all.
    public func stopServer() throws {
        guard try serverIsOnTheBus() else { return }
        let pid = try serverPID()
        kill(pid, SIGCONT)
        kill(pid, SIGTERM)
        try TestSupportFailure.unless(try eventually { try !serverIsOnTheBus() }, "dunst did not leave the bus")
        if let server, server.processIdentifier == pid {
            server.waitUntilExit()
            self.server = nil
        }
    }

    /// Freezes the server (SIGSTOP): it keeps its name on the bus and answers
    /// nothing, so every call to it hangs until `thawServer()`.
    public func freezeServer() throws {
        let pid = try serverPID()
        try TestSupportFailure.unless(kill(pid, SIGSTOP) == 0, "SIGSTOP to dunst (pid \(pid)) failed")
    }

    /// Lets a frozen server run again (SIGCONT).
    public func thawServer() {
        if let pid = try? serverPID() { kill(pid, SIGCONT) }
    }

    // MARK: - Actions

    /// Chooses the action `key` of notification `id` in dunst's context menu
    /// (`dunstctl context`), as a person would pick it from the menu, and
    /// returns the menu's lines, "#LABEL (SUMMARY) [ID,KEY]".
    @discardableResult
    public func pickFromContextMenu(id: UInt32, key: String) throws -> [String] {
        try? FileManager.default.removeItem(atPath: pickFile + ".menu")
        try "[\(id),\(key)]".write(toFile: pickFile, atomically: true, encoding: .utf8)
        try run("dunstctl", "context")
        var menu = ""
        _ = eventually {
            menu = (try? String(contentsOfFile: pickFile + ".menu", encoding: .utf8)) ?? ""
            return !menu.isEmpty
        }
        try TestSupportFailure.unless(!menu.isEmpty, "dunst showed no context menu")
        return menu.split(separator: "\n").map(String.init)
    }

    /// Invokes the default action of the topmost bubble, as clicking it would.
    public func invokeDefaultAction() throws {
        try run("dunstctl", "action", "0")
    }

    // MARK: - The history

    /// Closes every bubble, so that it enters the history (dunst lists only
    /// closed notifications there), until none is displayed: one that
    /// arrives meanwhile is closed too.
    public func closeAll() throws {
        try TestSupportFailure.unless(
            try eventually {
                try run("dunstctl", "close-all")
                return try displayedCount() == 0
            },
            "dunst still displays bubbles after close-all"
        )
    }

    public func displayedCount() throws -> Int {
        let output = try run("dunstctl", "count", "displayed").trimmingCharacters(in: .whitespacesAndNewlines)
        return try TestSupportFailure.unwrap(Int(output), "dunstctl count displayed printed “\(output)”")
    }

    /// Every notification shown, newest first: closes the bubbles first.
    public func history() throws -> [NotificationHistoryEntry] {
        try closeAll()
        return try NotificationHistoryEntry.parse(dunstctlHistory: try run("dunstctl", "history"))
    }

    /// The notification the server numbered `id`, waiting for it to arrive.
    public func entry(id: UInt32) throws -> NotificationHistoryEntry {
        var entries: [NotificationHistoryEntry] = []
        _ = try eventually {
            entries = try history()
            return entries.contains { $0.id == Int(id) }
        }
        return try TestSupportFailure.unwrap(
            entries.first { $0.id == Int(id) },
            "notification \(id) is not in dunst's history: \(entries)"
        )
    }

    // MARK: - Tools

    /// Runs a tool on this desktop and returns its standard output; throws when it fails.
    @discardableResult
    public func run(_ arguments: String...) throws -> String {
        try ProcessRunner.tool(arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { _, desktop in desktop })
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

    /// The first line read from `handle`, without its line break; nil at end of file.
    private static func firstLine(of handle: FileHandle) -> String? {
        var bytes = Data()
        while true {
            guard let byte = try? handle.read(upToCount: 1), let first = byte.first else {
                return nil
            }
            if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
    }

    /// Tests/Fixtures/dunstrc, with @FIXTURES@ made the fixtures' folder so
    /// that the dmenu script it names is found from the copy.
    private static func fixtureDunstrc() throws -> String {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
        let text = try String(contentsOf: fixtures.appendingPathComponent("dunstrc"), encoding: .utf8)
        return text.replacingOccurrences(of: "@FIXTURES@", with: fixtures.path)
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
