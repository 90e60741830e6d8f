import Foundation
import TestSupport
import Testing

/// `list` and the view at 80×24 and 120×40: every
/// title whole, no row wrapped, in a real terminal (tmux).
@Suite("list and the view fit the terminal", .ownThread)
struct TerminalFitTests {
    static let titles = ["Pay rent", "Buy milk", "Read that book", "Renew passport", "Take out recycling",
                         "Plan Lisbon trip", "Book flights", "Find a hotel", "Call the plumber about the leak"]

    /// The README's four tasks, and those a screen capture once showed cut short.
    static func tasks() throws -> CLI {
        let cli = try ViewTests.readmeTasks()
        try cli.ok("add", "Take out recycling", "--due", "+2h", "--category", "Home")
        try cli.ok("add", "Plan Lisbon trip", "--due", "+5d 10:00", "--category", "Travel")
        try cli.ok("add", "Book flights", "--parent", "Plan Lisbon trip")
        try cli.ok("add", "Find a hotel", "--parent", "Plan Lisbon trip")
        try cli.ok("add", "Call the plumber about the leak", "--due", "yesterday", "--priority", "low")
        return cli
    }

    @Test("list: as many lines as without a terminal, none wrapped, every title whole", arguments: [(80, 24), (120, 40)])
    func list(width: Int, height: Int) throws {
        let cli = try Self.tasks()
        defer { cli.remove() }
        let piped = try cli.lines("list")
        #expect(piped.contains { $0.terminalColumns > 80 }, "the full rows are wider than 80: \(piped)")
        let script = "\(CLI.binary.path) list > /dev/tty; echo done > list-status"
        let tmux = try Tmux(width: width, height: height, environment: cli.environment, command: ["/bin/sh", "-c", script], in: cli.folder)
        defer { tmux.end() }
        #expect(tmux.waitForScreen { $0.contains(" done · ") || $0.contains(" of ") })
        let screen = try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let shown = Array(screen.prefix(piped.count))
        // Wrapped rows would push the footer down.
        #expect(shown.last == piped.last, "\(screen)")
        for title in Self.titles {
            #expect(shown.contains { $0.contains(title) }, "“\(title)” is not whole at \(width)×\(height): \(screen)")
        }
    }

    @Test("the view: every title whole", arguments: [(80, 24), (120, 40)])
    func view(width: Int, height: Int) throws {
        let cli = try Self.tasks()
        defer { cli.remove() }
        let view = try RunningView(cli, width: width, height: height)
        defer { view.end() }
        let screen = view.screenOrError
        for title in Self.titles {
            #expect(screen.contains(title), "“\(title)” is not whole at \(width)×\(height): \(screen)")
        }
        #expect(try view.quit() == 0)
    }
}

extension String {
    /// Columns as the tests count them: one per scalar (the titles here are ASCII).
    var terminalColumns: Int { unicodeScalars.count }
}
