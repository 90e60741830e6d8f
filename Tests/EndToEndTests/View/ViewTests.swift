import Foundation
import TestSupport
import Testing

/// `todo-remind ui` end to end: the real binary in a real terminal (tmux),
/// keys sent as typed, the screen read back, and the store checked with the
/// commands.
@Suite("the interactive view, end to end in tmux", .ownThread)
struct ViewTests {
    /// A store with the README's four tasks.
    static func readmeTasks() throws -> CLI {
        var cli = try CLI()
        cli.environment["TZ"] = middayZone()
        try cli.ok("add", "Pay rent", "--due", "+3h", "--priority", "high", "--category", "Home")
        try cli.ok("add", "Buy milk", "--due", "yesterday", "--category", "Shopping")
        try cli.ok("add", "Read that book")
        try cli.ok("add", "Renew passport", "--due", "+2w", "--category", "Personal", "--no-reminder")
        return cli
    }

    /// A zone where it is about noon now: in Berlin after 21:00, "Pay rent",
    /// due in 3 hours, fell due tomorrow, and the view had no Today group.
    static func middayZone(now: Date = Date()) -> String {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
        let ahead = (12 - utc.component(.hour, from: now) + 24) % 24
        // Etc/GMT-N is N hours ahead of UTC (POSIX's sign); they run from -14 to +12.
        let offset = ahead > 12 ? ahead - 24 : ahead
        return offset >= 0 ? "Etc/GMT-\(offset)" : "Etc/GMT+\(-offset)"
    }

    @Test("The view shows list's groups and rows, and q leaves the terminal exactly as it was")
    func firstScreenAndQuit() throws {
        let cli = try Self.readmeTasks()
        defer { cli.remove() }
        let listed = try cli.lines("list").filter { $0.hasPrefix("!") || $0.hasPrefix("~") || $0.hasPrefix("·") || $0.hasPrefix("  ") }
        // Under 100 columns: no detail pane, and room for every column.
        let view = try RunningView(cli, width: 99)
        defer { view.end() }
        let screen = try view.screen()
        for row in listed {
            #expect(screen.contains(row.prefix(60)), "\(row) is not on screen:\n\(screen)")
        }
        for group in ["Overdue", "Today", "Upcoming", "Someday"] { #expect(screen.contains(group)) }
        #expect(screen.contains("0 of 4 done · 1 overdue · 1 due within 24 h"))
        #expect(view.tmux.isOnAlternateScreen)
        #expect(try view.quit() == 0)
        try view.expectRestored()
    }

    @Test("The moving keys move the selection: j k ↓ ↑ g G PgDn PgUp, and a click")
    func moves() throws {
        let cli = try Self.readmeTasks()
        defer { cli.remove() }
        for number in 1...30 { try cli.ok("add", "Filler \(number)") }
        let view = try RunningView(cli, width: 100)
        defer { view.end() }
        func selected() throws -> String { try view.selectedLine() ?? "" }
        #expect(try selected().contains("Buy milk"))
        try view.press("j")
        #expect(view.tmux.waitForScreen { _ in (try? selected().contains("Pay rent")) == true })
        try view.press("Down")
        #expect(view.tmux.waitForScreen { _ in (try? selected().contains("Renew passport")) == true })
        try view.press("k")
        #expect(view.tmux.waitForScreen { _ in (try? selected().contains("Pay rent")) == true })
        try view.press("Up")
        #expect(view.tmux.waitForScreen { _ in (try? selected().contains("Buy milk")) == true })
        try view.press("G")
        #expect(view.tmux.waitForScreen { _ in (try? selected().contains("Filler 30")) == true })
        try view.press("PPage")
        #expect(view.tmux.waitForScreen { _ in (try? selected().contains("Filler 30")) == false })
        try view.press("g")
        #expect(view.tmux.waitForScreen { _ in (try? selected().contains("Buy milk")) == true })
        try view.press("NPage")
        #expect(view.tmux.waitForScreen { _ in (try? selected().contains("Filler")) == true })
        try view.press("g")
        #expect(view.tmux.waitForScreen { _ in (try? selected().contains("Buy milk")) == true })
        let lines = try view.screen().split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.contains("Read that book") })
        try view.click(row: row, column: 6)
        #expect(view.tmux.waitForScreen { _ in (try? selected().contains("Read that book")) == true })
        #expect(try view.quit() == 0)
    }

    @Test("x and Space, r, s, d and y change the store as done, reopen, off, snooze and delete do; u undoes each, back to the start")
    func changesAndUndo() throws {
        let cli = try Self.readmeTasks()
        defer { cli.remove() }
        let before = try cli.contents()
        let view = try RunningView(cli)
        defer { view.end() }
        // Buy milk (2) is selected.
        try view.press("x")
        #expect(view.waitFor("Done: 2 Buy milk"))
        #expect(try cli.task("2")["completed"] as? Bool == true)
        try view.press("h")
        #expect(view.waitFor("done, waiting shown"))
        try view.press("G")
        try view.press("Space")
        #expect(view.waitFor("Reopened: 2 Buy milk"))
        #expect(try cli.task("2")["completed"] as? Bool == false)
        try view.press("g", "r")
        #expect(view.waitFor("2 Buy milk: reminder off"))
        #expect(try cli.task("2")["reminder"] as? Bool == false)
        try view.press("r", "s")
        #expect(view.waitFor("1 10 minutes · 2 1 hour"))
        try view.press("2")
        #expect(view.waitFor("Snoozed 2 Buy milk until"))
        #expect(try cli.lines("next").contains { $0.contains("Buy milk") && $0.contains("snoozed") })
        try view.press("d")
        #expect(view.waitFor("Delete “Buy milk”? (y/n)"))
        try view.press("n")
        #expect(view.waitFor("Nothing deleted."))
        try view.press("d", "y")
        #expect(view.waitFor("Deleted: 2 Buy milk"))
        #expect(try cli.run(["show", "2"]).status == 1)
        for _ in 0..<6 {
            try view.press("u")
            Thread.sleep(forTimeInterval: 0.1)
        }
        try view.press("u")
        #expect(view.waitFor("Nothing to undo"))
        #expect(try cli.contents() == before)
        #expect(try view.quit() == 0)
    }

    @Test("a adds through the form; a WHEN that does not read is said under Due as add says it, and nothing is saved until it reads")
    func addForm() throws {
        let cli = try Self.readmeTasks()
        defer { cli.remove() }
        let sentence = try cli.failsWithoutChange(["add", "Water plants", "--due", "tomorow"], status: 64)
        let view = try RunningView(cli)
        defer { view.end() }
        try view.press("a")
        #expect(view.waitFor("Add a task"))
        try view.type("Water plants")
        try view.press("Tab")
        try view.type("tomorow")
        try view.press("Enter")
        #expect(view.waitFor(String(sentence.prefix(40))), "\(sentence)\n\(view.screenOrError)")
        #expect(try cli.lines("list").allSatisfy { !$0.contains("Water plants") })
        try view.press("C-u")
        try view.type("tomorrow 8:00")
        try view.press("Tab", "Tab", "Tab", "Tab")
        try view.type("daily")
        try view.press("Enter")
        #expect(view.waitFor("Added 5 Water plants"))
        let task = try cli.task("5")
        #expect((task["repeat"] as? [String: Any])?["rule"] as? String == "FREQ=DAILY")
        // An empty title is refused too.
        try view.press("a", "Enter")
        #expect(view.waitFor("A task needs a title"))
        try view.press("Escape")
        #expect(view.waitFor("? help"))
        #expect(try view.quit() == 0)
    }

    @Test("e and Enter open the form filled in; what is changed is saved, the rest kept")
    func editForm() throws {
        let cli = try Self.readmeTasks()
        defer { cli.remove() }
        let view = try RunningView(cli)
        defer { view.end() }
        try view.press("j", "e")
        #expect(view.waitFor("Edit task 1"))
        #expect(try view.screen().contains("Home"))
        try view.press("Tab", "Tab", "Tab", "C-u")
        try view.type("low")
        try view.press("Enter")
        #expect(view.waitFor("Changed 1 Pay rent"))
        try view.press("Enter")
        #expect(view.waitFor("Edit task 1"))
        try view.press("C-u")
        try view.type("Pay the rent")
        try view.press("Enter")
        #expect(view.waitFor("Changed 1 Pay the rent"))
        let task = try cli.task("1")
        #expect(task["priority"] as? String == "low")
        #expect(task["category"] as? String == "Home")
        #expect(try view.quit() == 0)
    }

    @Test("/ searches as typed, any case and accents; p, c, o and h cycle the filters and the sort; ? shows the keys")
    func searchFiltersHelp() throws {
        let cli = try Self.readmeTasks()
        defer { cli.remove() }
        try cli.ok("add", "Café au lait", "--category", "Shopping")
        let view = try RunningView(cli)
        defer { view.end() }
        try view.press("/")
        try view.type("CAFE")
        #expect(view.tmux.waitForScreen { $0.contains("Café au lait") && !$0.contains("Pay rent") })
        try view.press("Escape")
        #expect(view.tmux.waitForScreen { $0.contains("Café au lait") && $0.contains("Pay rent") })
        try view.press("p")
        #expect(view.tmux.waitForScreen { $0.contains("priority high") && !$0.contains("Buy milk") })
        try view.press("p", "p", "p", "c")
        #expect(view.waitFor("category General"))
        try view.press("c", "c", "c", "c", "o")
        #expect(view.tmux.waitForScreen { $0.hasPrefix("todo-remind · all tasks · sorted by priority") })
        try view.press("o", "o", "o", "?")
        #expect(view.waitFor("undo the last change made here"))
        try view.press("Escape")
        #expect(view.waitFor("? help"))
        #expect(try view.quit() == 0)
    }

    @Test("Tab and Shift-Tab go through the lists (all, then each folder), and --list opens on one, before or after ui")
    func tabs() throws {
        var cli = try CLI()
        defer { cli.remove() }
        for name in ["home", "work"] {
            try FileManager.default.createDirectory(atPath: cli.path("cal/\(name)"), withIntermediateDirectories: true)
        }
        cli.environment["TODO_REMIND_CONFIG"] = try cli.write("config.toml", "[[calendar]]\npath = \"cal/*\"\ndefault-list = \"home\"\n")
        try cli.ok("add", "Fix the sink")
        try cli.ok("add", "Send the report", "--list", "work")
        #expect(try cli.lines("--list", "work", "list").contains { $0.contains("Send the report") })
        let view = try RunningView(cli, arguments: ["--list", "work"])
        defer { view.end() }
        #expect(view.tmux.waitForScreen { $0.contains("Send the report") && !$0.contains("Fix the sink") })
        try view.press("Tab")
        #expect(view.tmux.waitForScreen { $0.contains("Fix the sink") && $0.contains("Send the report") })
        try view.press("Tab")
        #expect(view.tmux.waitForScreen { $0.contains("Fix the sink") && !$0.contains("Send the report") })
        try view.press("BTab")
        #expect(view.tmux.waitForScreen { $0.contains("Fix the sink") && $0.contains("Send the report") })
        // A file another client puts in a folder (by rename, as vdirsyncer does) is read in and shown.
        let ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:from-the-phone\r\n"
            + "DTSTAMP:20261127T090000Z\r\nSUMMARY:Call the plumber\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        try ics.write(toFile: cli.path("cal/work/.from-the-phone.tmp"), atomically: false, encoding: .utf8)
        try FileManager.default.moveItem(atPath: cli.path("cal/work/.from-the-phone.tmp"), toPath: cli.path("cal/work/from-the-phone.ics"))
        #expect(view.waitFor("Call the plumber", within: .seconds(1)), "\(view.screenOrError)")
        // A change made here is in the list's folder before it is on screen.
        try view.press("g", "x")
        #expect(view.waitFor("Done:"))
        let files = try FileManager.default.contentsOfDirectory(atPath: cli.path("cal/home"))
        let text = try String(contentsOfFile: cli.path("cal/home/\(try #require(files.first))"), encoding: .utf8)
        #expect(text.contains("STATUS:COMPLETED"))
        #expect(try view.quit() == 0)
        #expect(try cli.run(["sync", "--check"]).status == 0)
    }

    @Test("A change made by another command is on screen within a second, the selection on the same task")
    func changeElsewhere() throws {
        let cli = try Self.readmeTasks()
        defer { cli.remove() }
        let view = try RunningView(cli)
        defer { view.end() }
        try view.press("j")
        #expect(view.tmux.waitForScreen { _ in (try? view.selectedLine()?.contains("Pay rent")) == true })
        try cli.ok("add", "Call mum", "--due", "+10m")
        #expect(view.waitFor("Call mum", within: .seconds(1)), "\(view.screenOrError)")
        try cli.ok("done", "milk")
        #expect(view.tmux.waitForScreen(within: .seconds(1)) { !$0.contains("Buy milk") }, "\(view.screenOrError)")
        #expect(try view.selectedLine()?.contains("Pay rent") == true)
        #expect(try view.quit() == 0)
    }

    @Test("A task passes from Today to Overdue at its due instant, without a key")
    func dueCrossing() throws {
        let cli = try CLI()
        defer { cli.remove() }
        // Far enough ahead that a view slow to start on a loaded machine
        // still shows it not yet due.
        let due = Date(timeIntervalSinceNow: 10)
        let formatter = ISO8601DateFormatter()
        try cli.ok("add", "Take the cake out", "--due", formatter.string(from: due))
        let view = try RunningView(cli, width: 99)
        defer { view.end() }
        // Unless the test started a few seconds before midnight, it is due today.
        #expect(view.waitFor("~ 1  Take the cake out") || view.waitFor("· 1  Take the cake out"))
        #expect(view.waitFor("! 1  Take the cake out", within: .seconds(16)), "\(view.screenOrError)")
        #expect(view.waitFor("1 overdue"))
        #expect(try view.quit() == 0)
    }

    @Test("A resize redraws at the new size; under 40×10 the view says it is too small, and comes back")
    func resize() throws {
        let cli = try Self.readmeTasks()
        defer { cli.remove() }
        let view = try RunningView(cli, width: 120, height: 24)
        defer { view.end() }
        #expect(view.waitFor("│ Task 2 Buy milk"))
        try view.tmux.resize(width: 80, height: 24)
        #expect(view.tmux.waitForScreen { !$0.contains("│ Task 2") && $0.contains("Buy milk") })
        try view.tmux.resize(width: 39, height: 12)
        #expect(view.waitFor("The window is too small"))
        try view.tmux.resize(width: 60, height: 12)
        #expect(view.tmux.waitForScreen { $0.contains("Buy milk") && !$0.contains("too small") })
        #expect(try view.quit() == 0)
        try view.expectRestored()
    }

    @Test("Ctrl-C, SIGTERM and SIGHUP end the view and leave the terminal as it was", arguments: ["C-c", "TERM", "HUP"])
    func restored(how: String) throws {
        let cli = try Self.readmeTasks()
        defer { cli.remove() }
        let view = try RunningView(cli)
        defer { view.end() }
        try view.press("a")
        try view.type("half typed")
        if how == "C-c" {
            try view.press("C-c")
        } else {
            kill(try view.viewPID(), how == "TERM" ? SIGTERM : SIGHUP)
        }
        #expect(view.waitForEnd() == 0)
        try view.expectRestored()
        #expect(try cli.lines("list").allSatisfy { !$0.contains("half typed") })
    }

    @Test("Ctrl-Z suspends the view to the shell, and fg brings it back, redrawn")
    func suspend() throws {
        let cli = try Self.readmeTasks()
        defer { cli.remove() }
        var environment = cli.environment
        environment["PS1"] = "$ "
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let tmux = try Tmux(environment: environment, command: ["/bin/bash", "--norc", "--noprofile", "-i"], in: cli.folder)
        defer { tmux.end() }
        try tmux.type("stty -a > before; '\(CLI.binary.path)' ui")
        try tmux.press("Enter")
        #expect(tmux.waitForScreen(within: .seconds(15)) { $0.hasPrefix("todo-remind ·") })
        try tmux.press("C-z")
        #expect(tmux.waitForScreen { $0.contains("Stopped") }, "\((try? tmux.screen()) ?? "")")
        #expect(!tmux.isOnAlternateScreen)
        try tmux.type("stty -a > during; fg")
        try tmux.press("Enter")
        #expect(tmux.waitForScreen { $0.hasPrefix("todo-remind ·") && $0.contains("Buy milk") })
        #expect(tmux.isOnAlternateScreen)
        try tmux.press("j")
        try tmux.press("q")
        #expect(tmux.waitForScreen { !$0.hasPrefix("todo-remind ·") })
        try tmux.type("stty -a > after")
        try tmux.press("Enter")
        #expect(eventually { FileManager.default.fileExists(atPath: cli.path("after")) })
        Thread.sleep(forTimeInterval: 0.2)
        let before = try String(contentsOfFile: cli.path("before"), encoding: .utf8)
        #expect(try String(contentsOfFile: cli.path("during"), encoding: .utf8) == before)
        #expect(try String(contentsOfFile: cli.path("after"), encoding: .utf8) == before)
    }

    @Test("Colours follow --color and NO_COLOR; the selection is reverse video either way")
    func colours() throws {
        let cli = try Self.readmeTasks()
        defer { cli.remove() }
        let plain = try RunningView(cli)
        let plainScreen = try plain.tmux.styledScreen()
        #expect(!plainScreen.contains("[31m") && !plainScreen.contains(";31m"))
        #expect(try plain.selectedLine()?.contains("Buy milk") == true)
        plain.end()
        let coloured = try RunningView(cli, arguments: ["--color", "always"])
        defer { coloured.end() }
        let styled = try coloured.tmux.styledScreen()
        #expect(styled.contains("31m"), "\(styled)")
        #expect(try coloured.quit() == 0)
    }

    @Test("Without a terminal, or with TERM=dumb, one sentence and exit 64; with no command and no terminal, the usage")
    func noTerminal() throws {
        let cli = try Self.readmeTasks()
        defer { cli.remove() }
        let sentence = try cli.fails(["ui"], status: 64)
        #expect(sentence.hasPrefix("The interactive view needs a terminal"))
        let dumb = try cli.runOnTerminal(["ui"], environment: ["TERM": "dumb"])
        #expect(dumb.status == 64)
        #expect(dumb.stderr.hasPrefix("Error: The interactive view needs a terminal, and TERM says this one is dumb"))
        let usage = try cli.run([])
        #expect(usage.stdout.contains("USAGE: todo-remind <subcommand>") || usage.stderr.contains("USAGE: todo-remind <subcommand>"), "\(usage)")
    }
}
