import Foundation
import TestSupport
import Testing

/// `todo-remind ui` running in a real terminal (tmux), on a test's store.
///
/// By default in a shell script that saves `stty -a` before and after the
/// view and its exit status, so a test can check the terminal is as it was.
final class RunningView {
    let cli: CLI
    let tmux: Tmux

    /// Starts the view at `width` × `height`, with `arguments` after `ui`.
    init(_ cli: CLI, width: Int = 100, height: Int = 24, arguments: [String] = [], environment extra: [String: String] = [:]) throws {
        self.cli = cli
        let command = ([CLI.binary.path, "ui"] + arguments).map(Self.quoted).joined(separator: " ")
        // Ctrl-C signals the whole foreground group, this shell too, which
        // without a shell's job control shares the view's: the trap keeps
        // it for what comes after the view (a trap's handler, unlike an
        // ignored signal, is not inherited by the view).
        let script = "trap true INT; stty -a > stty-before; \(command) 2> view-stderr; echo $? > view-status; stty -a > stty-after"
        var environment = cli.environment.merging(extra) { _, new in new }
        environment["SWIFT_BACKTRACE"] = "enable=no"
        tmux = try Tmux(width: width, height: height, environment: environment, command: ["/bin/sh", "-c", script], in: cli.folder)
        try #require(tmux.waitForScreen(within: .seconds(15)) { $0.hasPrefix("todo-remind ·") || $0.contains("too small") },
                     "the view did not start: \(screenOrError)")
    }

    /// The screen, or why it cannot be read.
    var screenOrError: String {
        (try? tmux.screen()) ?? "(no screen)"
    }

    func press(_ keys: String...) throws { try tmux.press(keys) }
    func type(_ text: String) throws { try tmux.type(text) }
    func screen() throws -> String { try tmux.screen() }

    /// Waits until the screen holds `text`; whether it did.
    func waitFor(_ text: String, within timeout: Duration = .seconds(5)) -> Bool {
        tmux.waitForScreen(within: timeout) { $0.contains(text) }
    }

    /// The line of the screen drawn in reverse video: the selection.
    func selectedLine() throws -> String? {
        let styled = try tmux.styledScreen().split(separator: "\n", omittingEmptySubsequences: false)
        let plain = try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in styled.enumerated() where line.contains("\u{1B}[7m") || line.contains(";7m") {
            return number < plain.count ? String(plain[number]) : nil
        }
        return nil
    }

    /// Clicks the first button at a cell (0-based), as xterm reports it.
    func click(row: Int, column: Int) throws {
        func coordinate(_ value: Int) -> String { String(UnicodeScalar(UInt8(33 + value))) }
        try type("\u{1B}[M " + coordinate(column) + coordinate(row))
        try type("\u{1B}[M#" + coordinate(column) + coordinate(row))
    }

    /// Quits with `q`, and waits for the script to end; its exit status.
    @discardableResult
    func quit() throws -> Int32? {
        try press("q")
        return waitForEnd()
    }

    /// Waits for the script around the view to end, and gives the view's status.
    func waitForEnd(within timeout: Duration = .seconds(10)) -> Int32? {
        guard tmux.waitForEnd(within: timeout) else {
            Issue.record("the view did not end: \(screenOrError)")
            return nil
        }
        return (try? String(contentsOfFile: cli.path("view-status"), encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// What the view wrote to stderr.
    var stderr: String {
        (try? String(contentsOfFile: cli.path("view-stderr"), encoding: .utf8)) ?? ""
    }

    /// Checks the terminal after the view ended: the modes as before it
    /// started (`stty -a`), the main screen shown, nothing on stderr.
    func expectRestored(sourceLocation: SourceLocation = #_sourceLocation) throws {
        // The window's size may have changed meanwhile; every mode is compared.
        func modes(_ name: String) throws -> String {
            try String(contentsOfFile: cli.path(name), encoding: .utf8)
                .replacingOccurrences(of: #"rows \d+; columns \d+;"#, with: "", options: .regularExpression)
        }
        let before = try modes("stty-before")
        let after = try modes("stty-after")
        #expect(!before.isEmpty && before == after, "stty -a before:\n\(before)\nafter:\n\(after)", sourceLocation: sourceLocation)
        #expect(!tmux.isOnAlternateScreen, "the alternate screen is still shown", sourceLocation: sourceLocation)
        #expect(stderr.isEmpty, "the view wrote to stderr: \(stderr)", sourceLocation: sourceLocation)
    }

    /// The pid of the view (the shell's child).
    func viewPID() throws -> Int32 {
        let shell = try #require(tmux.pid)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return try #require(children.split(separator: " ").first.flatMap { Int32($0) }, "no view process under \(shell)")
    }

    func end() {
        tmux.end()
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
