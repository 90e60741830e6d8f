import Foundation
import Testing

/// The private desktop session `scripts/with-desktop-session` runs the tests in:
/// a session bus, an Xvfb display and dunst with Tests/Fixtures/dunstrc, which
/// starts each bubble's message with "urgency=low|normal|critical".
enum DesktopSession {
    /// Fails the calling test unless it runs inside the private session: these
    /// tests stop and freeze the notification server, so they must never meet
    /// the user's own.
    static func require() throws {
        try #require(
            ProcessInfo.processInfo.environment["TODO_REMIND_DESKTOP_SESSION"] == "1",
            """
            This test needs a private notification server: run it as \
            `scripts/with-desktop-session swift test --filter TodoNotifyTests`.
            """
        )
    }

    /// Resources/todo-remind.svg in this checkout.
    static let iconPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/todo-remind.svg").path

    // MARK: - dunst

    /// One entry of `dunstctl history`.
    struct HistoryEntry: Equatable {
        var id: Int
        var summary: String
        var body: String
        var appName: String
        var category: String
        var message: String
        var iconPath: String
    }

    /// Closes every bubble (they then enter the history) and waits until none is displayed.
    static func closeAll() throws {
        _ = try run("dunstctl", "close-all")
        try #require(try eventually { try displayedCount() == 0 }, "dunst still displays bubbles after close-all")
    }

    static func displayedCount() throws -> Int {
        let output = try run("dunstctl", "count", "displayed").trimmingCharacters(in: .whitespacesAndNewlines)
        return try #require(Int(output), "dunstctl count displayed printed “\(output)”")
    }

    /// The closed notifications dunst remembers, newest first.
    static func history() throws -> [HistoryEntry] {
        let json = try JSONSerialization.jsonObject(with: Data(try run("dunstctl", "history").utf8))
        let root = try #require(json as? [String: Any])
        let groups = try #require(root["data"] as? [[[String: Any]]])
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
                message: value("message", ""),
                iconPath: value("icon_path", "")
            )
        }
    }

    /// The newest history entry with this id, waiting for it to arrive.
    static func historyEntry(id: UInt32) throws -> HistoryEntry {
        var found: HistoryEntry?
        _ = try eventually {
            found = try history().first { $0.id == Int(id) }
            return found != nil
        }
        return try #require(found, "notification \(id) is not in dunst's history")
    }

    /// The process id of whoever owns org.freedesktop.Notifications.
    static func serverPID() throws -> pid_t {
        let output = try run(
            "dbus-send", "--session", "--print-reply=literal", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
            "org.freedesktop.DBus.GetConnectionUnixProcessID", "string:org.freedesktop.Notifications"
        )
        let number = output.split(separator: " ").last.map(String.init)?.trimmingCharacters(in: .whitespacesAndNewlines)
        return try #require(number.flatMap { pid_t($0) }, "no process id in “\(output)”")
    }

    static func serverIsRunning() throws -> Bool {
        let output = try run(
            "dbus-send", "--session", "--print-reply=literal", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
            "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.Notifications"
        )
        return output.contains("true")
    }

    /// Stops the notification server and waits until it has left the bus.
    static func stopServer() throws {
        let pid = try serverPID()
        kill(pid, SIGCONT)
        kill(pid, SIGTERM)
        try #require(try eventually { try !serverIsRunning() }, "the notification server did not leave the bus")
    }

    /// Starts dunst with the test configuration, unless a server is running,
    /// and waits until it owns org.freedesktop.Notifications.
    ///
    /// Through `env --default-signal`: a test runs on a worker thread that
    /// blocks nearly every signal, and dunst would inherit that mask, so that
    /// the SIGTERM of a later `stopServer` could never stop it.
    static func startServer() throws {
        guard try !serverIsRunning() else { return }
        let dunstrc = try #require(ProcessInfo.processInfo.environment["TODO_REMIND_TEST_DUNSTRC"])
        let dunst = Process()
        dunst.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        dunst.arguments = ["--default-signal", "dunst", "-config", dunstrc]
        dunst.standardOutput = FileHandle.nullDevice
        dunst.standardError = FileHandle.nullDevice
        try dunst.run()
        try #require(try eventually { try serverIsRunning() }, "dunst did not take org.freedesktop.Notifications")
    }

    // MARK: - Actions

    /// Invokes action `key` of bubble `id` the way a person does from dunst's
    /// context menu: `dunstctl context` runs the dunstrc's dmenu,
    /// Tests/Fixtures/dmenu-pick, which picks the line this writes it to.
    /// Returns the menu dunst offered, a line per action of every bubble
    /// displayed: "#Mark done (Pay rent) [12,done]".
    @discardableResult
    static func pickFromContextMenu(id: UInt32, key: String) throws -> [String] {
        let pickFile = try #require(
            ProcessInfo.processInfo.environment["TODO_REMIND_DMENU_PICK"],
            "scripts/with-desktop-session names the dmenu's pick file in TODO_REMIND_DMENU_PICK"
        )
        try? FileManager.default.removeItem(atPath: pickFile + ".menu")
        try "[\(id),\(key)]".write(toFile: pickFile, atomically: true, encoding: .utf8)
        _ = try run("dunstctl", "context")
        var menu = ""
        _ = eventually {
            menu = (try? String(contentsOfFile: pickFile + ".menu", encoding: .utf8)) ?? ""
            return !menu.isEmpty
        }
        return menu.split(separator: "\n").map(String.init)
    }

    /// Invokes the default action of the topmost bubble, as clicking it would.
    static func invokeDefaultAction() throws {
        _ = try run("dunstctl", "action", "0")
    }

    // MARK: - Tools

    /// Runs a command and returns its standard output; fails the test when it fails.
    @discardableResult
    static func run(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "`\(arguments.joined(separator: " "))` exited with \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }

    /// Checks `condition` every 20 ms until it holds or `timeout` passes; whether it held.
    static func eventually(timeout: Duration = .seconds(5), _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return try condition()
    }

    /// How long `body` took.
    static func time<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
        let start = ContinuousClock.now
        let value = try body()
        return (value, ContinuousClock.now - start)
    }
}
