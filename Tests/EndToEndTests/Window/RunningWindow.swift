import Foundation
import TestSupport
import Testing

/// `todo-remind window` running on the tests' own desktop session (the
/// Xvfb display and session bus `scripts/with-desktop-session` starts around
/// `swift test`), driven through the accessibility bus as a screen reader
/// would: every control found by its accessible name
/// (`Tests/Fixtures/window-driver.py`, with Debian's python3-pyatspi and
/// xdotool). Fails, never skips, when a part is missing.
final class RunningWindow {
    let cli: CLI
    private let process: Process

    /// The driver, beside the other fixtures.
    static let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/window-driver.py").path

    /// Starts the window on `cli`'s store and waits until `shown` is on screen.
    init(_ cli: CLI, arguments: [String] = [], waitingFor shown: String) throws {
        let session = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "DBUS_SESSION_BUS_ADDRESS"] {
            try #require(session[name] != nil, "\(name) is not set: the window tests run inside scripts/with-desktop-session (make test)")
        }
        for tool in ["/usr/bin/xdotool", "/usr/bin/python3"] {
            try #require(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is missing: run `make deps`")
        }
        self.cli = cli
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The default signals: a test's thread blocks most of them, and
        // SIGTERM must end the window.
        process.arguments = ["--default-signal", CLI.binary.path, "window"] + arguments
        var environment = cli.environment
        environment["DISPLAY"] = session["DISPLAY"]
        environment["DBUS_SESSION_BUS_ADDRESS"] = session["DBUS_SESSION_BUS_ADDRESS"]
        // The cairo renderer: Xvfb has no GPU, and GL there costs 70 MB more.
        environment["GSK_RENDERER"] = "cairo"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        _ = FileManager.default.createFile(atPath: cli.path("window-stderr"), contents: nil)
        process.standardError = FileHandle(forWritingAtPath: cli.path("window-stderr"))
        try process.run()
        try #require(waitFor(shown, within: 20), "the window did not show \(shown): \(stderr) \(names())")
    }

    deinit { close() }

    /// Ends the window (SIGTERM) and waits for it.
    func close() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    var stderr: String { (try? String(contentsOfFile: cli.path("window-stderr"), encoding: .utf8)) ?? "" }

    @discardableResult
    private func drive(_ arguments: [String]) throws -> ProcessResult {
        // On the real clock: the driver is the test's hand, not what is
        // tested, and python's sleep fails under libfaketime (EINVAL). The
        // tests pass the faked clock to every child (FakedClock), so env
        // takes it off again.
        let unfaked = ["-u", "LD_PRELOAD"] + FakedClock.passed(into: [:]).keys.filter { $0.hasPrefix("FAKETIME") }.sorted().flatMap { ["-u", $0] }
        return try cli.execute(URL(fileURLWithPath: "/usr/bin/env"),
                               unfaked + ["/usr/bin/python3", Self.driver, "--pid", String(process.processIdentifier)] + arguments,
                               environment: ProcessInfo.processInfo.environment, input: nil,
                               name: "window-driver \(arguments.joined(separator: " "))")
    }

    /// Whether the control or text named `name` shows within `seconds`.
    func waitFor(_ name: String, within seconds: Double = 10) -> Bool {
        (try? drive(["wait", name, String(seconds)]))?.status == 0
    }

    /// Whether `name` is gone within `seconds`.
    func waitUntilGone(_ name: String, within seconds: Double = 10) -> Bool {
        (try? drive(["gone", name, String(seconds)]))?.status == 0
    }

    /// Clicks the control named `name`; of `role` ("text" for an entry, "push button"…)
    /// when a label of the same name is beside it.
    func click(_ name: String, role: String? = nil) throws {
        let result = try drive(["click", name] + (role.map { [$0] } ?? []))
        try #require(result.status == 0, "\(result)")
    }

    func isChecked(_ name: String) throws -> Bool {
        let result = try drive(["checked", name])
        try #require(result.status == 0, "\(result)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "true"
    }

    /// Presses keys, by xdotool's names ("ctrl+z", "Delete", "space").
    func press(_ keys: String...) throws {
        let result = try drive(["key"] + keys)
        try #require(result.status == 0, "\(result)")
    }

    func type(_ text: String) throws {
        let result = try drive(["type", text])
        try #require(result.status == 0, "\(result)")
    }

    /// The names in the selected row ("Done: Pay rent", "Pay rent", …).
    func selectedRow() throws -> [String] {
        let result = try drive(["selected"])
        try #require(result.status == 0, "\(result)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// Every name shown, for a failure's message.
    func names() -> String {
        (try? drive(["names"]))?.stdout.split(separator: "\n").joined(separator: ", ") ?? "(none)"
    }
}
