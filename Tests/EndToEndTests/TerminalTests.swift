import Foundation
import TestSupport
import Testing

/// What reaches the terminal: no control characters from task data, and
/// colours only when asked for.
@Suite("terminal output", .ownThread)
struct TerminalTests {
    static let bellAndRed = "Bell\u{7} and \u{1B}[31mred"

    /// Control characters that must never reach a terminal from task data.
    static func hasRawControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar != "\n" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
        }
    }

    @Test("control characters in task fields are kept as data: JSON returns them exactly")
    func controlsKept() throws {
        let cli = try CLI()
        defer { cli.remove() }

        try cli.ok("add", Self.bellAndRed, "--notes", "clear \u{1B}[2J screen", "--category", "Tab\there")
        let task = try cli.task("1")

        #expect(task["title"] as? String == Self.bellAndRed)
        #expect(task["notes"] as? String == "clear \u{1B}[2J screen")
        #expect(task["category"] as? String == "Tab\there")
        let exported = try cli.objects("export")
        #expect(exported.first?["title"] as? String == Self.bellAndRed)
    }

    @Test("no command prints raw ESC or BEL from a title, notes or category", arguments: [
        ["list"], ["list", "--all"], ["show", "1"], ["next", "--now", "2099-11-01"], ["on", "1"], ["off", "1"],
        ["toggle", "1"], ["edit", "1", "--priority", "high"], ["done", "1"], ["delete", "1"],
    ])
    func controlsNotPrinted(command: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }

        let added = try cli.ok("add", Self.bellAndRed, "--due", "2099-12-01 17:00", "--notes", "clear \u{1B}[2J screen",
                               "--category", "C\u{7}\u{9B}31m")
        let output = try cli.ok(command)

        #expect(!Self.hasRawControls(added), "\(added.debugDescription)")
        #expect(!Self.hasRawControls(output), "\(output.debugDescription)")
        #expect(output.contains("Bell\\u{7} and \\e[31mred"), "\(output.debugDescription)")
    }

    @Test("a newline in a title cannot forge a row of list")
    func newlineInTitle() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Line one\n! 2  Forged row")

        let lines = try cli.lines("list")

        #expect(lines.contains { $0.contains("Line one\\n! 2  Forged row") })
        #expect(!lines.contains { $0.hasPrefix("! 2") })
    }

    @Test("an error message shows control characters escaped too")
    func controlsInErrors() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", Self.bellAndRed + " one")
        try cli.ok("add", Self.bellAndRed + " two")

        let result = try cli.run(["show", "\u{1B}[31m"])

        #expect(result.status == 1)
        #expect(!Self.hasRawControls(result.stderr), "\(result.stderr.debugDescription)")
        #expect(result.stderr.contains("1 “Bell\\u{7} and \\e[31mred one”"))
    }

    /// One task overdue on 5 December 2026, one due soon, one upcoming.
    static func addColourful(to cli: CLI) throws {
        try cli.ok("add", "Pay rent", "--due", "2026-12-01 17:00")
        try cli.ok("add", "Buy milk", "--due", "2026-12-06 12:00")
        try cli.ok("add", "Call mum", "--due", "2026-12-24")
    }

    @Test("--color always colours list even through a pipe: the overdue row red, the due-soon row orange")
    func colourAlways() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addColourful(to: cli)

        let lines = try cli.lines("list", "--color", "always", "--now", "2026-12-05 18:00")

        let overdue = try #require(lines.first { $0.contains("Pay rent") })
        let dueSoon = try #require(lines.first { $0.contains("Buy milk") })
        let upcoming = try #require(lines.first { $0.contains("Call mum") })
        #expect(overdue.hasPrefix("\u{1B}[31m! 1  Pay rent") && overdue.hasSuffix("\u{1B}[0m"))
        #expect(dueSoon.hasPrefix("\u{1B}[38;5;208m~ 2  Buy milk"))
        #expect(!upcoming.contains("\u{1B}"))
        #expect(lines.first == "\u{1B}[1mOverdue\u{1B}[0m")
    }

    @Test("--color never prints no ANSI codes, even on a terminal")
    func colourNever() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addColourful(to: cli)
        var colourful = cli
        colourful.environment["NO_COLOR"] = nil
        colourful.environment["TERM"] = "xterm-256color"

        let piped = try cli.ok("list", "--color", "never", "--now", "2026-12-05 18:00")
        let onTerminal = try colourful.runOnTerminal(["list", "--color", "never", "--now", "2026-12-05 18:00"])

        #expect(piped.contains("! 1  Pay rent"))
        #expect(!piped.contains("\u{1B}"))
        #expect(onTerminal.status == 0)
        #expect(onTerminal.stdout.contains("! 1  Pay rent"))
        #expect(!onTerminal.stdout.contains("\u{1B}"))
    }

    @Test("--color auto colours a terminal, but not with NO_COLOR, not for TERM=dumb, and not a pipe", arguments: [
        (["TERM": "xterm-256color"], true, true),
        (["TERM": "xterm-256color", "NO_COLOR": "1"], true, false),
        (["TERM": "xterm-256color", "NO_COLOR": ""], true, true),
        (["TERM": "dumb"], true, false),
        (["TERM": "xterm-256color"], false, false),
    ] as [([String: String], Bool, Bool)])
    func colourAuto(environment: [String: String], terminal: Bool, coloured: Bool) throws {
        var cli = try CLI()
        defer { cli.remove() }
        try Self.addColourful(to: cli)
        cli.environment["NO_COLOR"] = nil
        cli.environment.merge(environment) { _, new in new }

        let arguments = ["list", "--now", "2026-12-05 18:00"]
        let result = terminal ? try cli.runOnTerminal(arguments) : try cli.run(arguments)

        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Pay rent"))
        #expect(result.stdout.contains("\u{1B}[31m") == coloured, "\(result.stdout.debugDescription)")
    }
}
