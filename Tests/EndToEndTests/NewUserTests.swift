import Foundation
import TestSupport
import Testing

/// What a new user trips on: time zones, first use, the command
/// line's rough edges, read-only and missing stores, text widths and exit
/// statuses, each tried with the built binary as a person would.
@Suite("a new user", .ownThread)
struct NewUserTests {
    // MARK: - Time zones

    /// The due time a task added `--due "2026-12-01 17:00"` gets, as `show --json` writes it.
    static func dueTime(_ cli: CLI, sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        try cli.ok(["add", "Pay rent", "--due", "2026-12-01 17:00"], sourceLocation: sourceLocation)
        return (try cli.task("rent", sourceLocation: sourceLocation)["due"] as? [String: Any])?["time"] as? String
    }

    @Test("every form of TZ that names Berlin means Berlin", arguments: [
        "Europe/Berlin", ":Europe/Berlin", "/usr/share/zoneinfo/Europe/Berlin", ":/usr/share/zoneinfo/Europe/Berlin",
    ])
    func tzForms(tz: String) throws {
        var cli = try CLI()
        defer { cli.remove() }
        cli.environment["TZ"] = tz

        #expect(try Self.dueTime(cli) == "2026-12-01T17:00:00+01:00")
        #expect(try cli.lines("config").contains("time zone              Europe/Berlin (from TZ)"))
    }

    /// The zone the machine is set to, as `/etc/localtime` (or, without the
    /// link, `/etc/timezone`) names it, and where that came from.
    static func machineZone() throws -> (zone: TimeZone, source: String) {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
           let range = target.range(of: "zoneinfo/", options: .backwards) {
            var name = String(target[range.upperBound...])
            for tree in ["posix/", "right/"] where name.hasPrefix(tree) { name.removeFirst(tree.count) }
            return (try #require(TimeZone(identifier: name), "\(target)"), "/etc/localtime")
        }
        let text = try String(contentsOfFile: "/etc/timezone", encoding: .utf8)
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return (try #require(TimeZone(identifier: name), "\(name)"), "/etc/timezone")
    }

    /// 2026-12-01 17:00 in `zone`, as the JSON writes an instant.
    static func fivePM(in zone: TimeZone) throws -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let instant = try #require(calendar.date(from: DateComponents(year: 2026, month: 12, day: 1, hour: 17)))
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = zone
        return formatter.string(from: instant)
    }

    @Test("with TZ unset, or TZ=:/etc/localtime, the zone is the one the machine is set to", arguments: [nil, ":/etc/localtime"] as [String?])
    func machineZone(tz: String?) throws {
        var cli = try CLI()
        defer { cli.remove() }
        cli.environment["TZ"] = tz
        let machine = try Self.machineZone()

        #expect(try Self.dueTime(cli) == Self.fivePM(in: machine.zone))
        let source = tz == nil ? machine.source : "TZ"
        #expect(try cli.lines("config").contains("time zone              \(machine.zone.identifier) (from \(source))"))
    }

    @Test("a TZ that names no zone gets one warning naming it, and the command still works in UTC", arguments: [
        ("Invalid/Zone", "2026-12-01T17:00:00Z"),
    ])
    func tzWarning(tz: String, dueTime: String) throws {
        var cli = try CLI()
        defer { cli.remove() }
        cli.environment["TZ"] = tz

        for arguments in [["add", "Pay rent", "--due", "2026-12-01 17:00"], ["list"], ["show", "1", "--json"], ["config"]] {
            let result = try cli.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("Warning: ") && lines[0].contains(tz), "\(arguments): \(result.stderr)")
            #expect(!result.stdout.contains("Warning"), "\(arguments): \(result.stdout)")
        }
        let task = try JSONSerialization.jsonObject(with: Data(try cli.run(["show", "1", "--json"]).stdout.utf8)) as? [String: Any]
        #expect((task?["due"] as? [String: Any])?["time"] as? String == dueTime)
    }

    @Test("a POSIX rule in TZ is followed exactly, daylight saving included, without a warning", arguments: [
        ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-12-01 17:00", "2026-12-01T17:00:00+01:00"),
        ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-07-01 17:00", "2026-07-01T17:00:00+02:00"),
        ("JST-9", "2026-07-01 17:00", "2026-07-01T17:00:00+09:00"),
    ])
    func posixRule(tz: String, due: String, dueTime: String) throws {
        var cli = try CLI()
        defer { cli.remove() }
        cli.environment["TZ"] = tz

        let added = try cli.run(["add", "Pay rent", "--due", due])
        #expect(added.status == 0 && added.stderr.isEmpty, "\(added)")
        let task = try JSONSerialization.jsonObject(with: Data(try cli.run(["show", "1", "--json"]).stdout.utf8)) as? [String: Any]
        #expect((task?["due"] as? [String: Any])?["time"] as? String == dueTime)
        #expect(try cli.lines("config").contains("time zone              \(tz) (from TZ)"))
    }

    // MARK: - First use by several processes

    /// Starts every command at once, each a process of its own, and waits for all.
    static func runTogether(_ cli: CLI, _ commands: [[String]]) throws -> [CLI.Result] {
        let runs = cli.folder.appendingPathComponent("together")
        try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        var started: [(process: Process, out: URL, err: URL)] = []
        for (index, arguments) in commands.enumerated() {
            let out = runs.appendingPathComponent("\(index).out"), err = runs.appendingPathComponent("\(index).err")
            try Data().write(to: out)
            try Data().write(to: err)
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = arguments
            process.environment = cli.environment
            process.currentDirectoryURL = cli.folder
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: out)
            process.standardError = try FileHandle(forWritingTo: err)
            started.append((process, out, err))
        }
        for run in started { try run.process.run() }
        let deadline = Date().addingTimeInterval(CLI.timeout)
        return try started.map { run in
            while run.process.isRunning && Date() < deadline { usleep(5_000) }
            if run.process.isRunning {
                run.process.terminate()
                Issue.record("\(run.process.arguments ?? []) did not finish within \(Int(CLI.timeout)) s")
            }
            run.process.waitUntilExit()
            return CLI.Result(
                status: run.process.terminationStatus,
                stdout: String(decoding: try Data(contentsOf: run.out), as: UTF8.self),
                stderr: String(decoding: try Data(contentsOf: run.err), as: UTF8.self)
            )
        }
    }

    @Test("eight processes adding to a store that does not exist yet all succeed, round after round")
    func concurrentFirstUse() throws {
        for round in 1...15 {
            let cli = try CLI()
            defer { cli.remove() }
            #expect(!FileManager.default.fileExists(atPath: cli.storePath))

            let results = try Self.runTogether(cli, (1...8).map { ["add", "Task \($0)"] })

            for result in results {
                #expect(result.status == 0 && result.stderr.isEmpty, "round \(round): \(result)")
            }
            let titles = try cli.objects("export").compactMap { $0["title"] as? String }
            #expect(Set(titles) == Set((1...8).map { "Task \($0)" }) && titles.count == 8, "round \(round): \(titles)")
        }
    }

    @Test("an SQLite database with no tables is another program's: refused, byte for byte as it was, no -wal or -shm", arguments: [
        ["list"], ["add", "Task"], ["export"],
    ])
    func emptyDatabase(command: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }
        let path = cli.path("empty.db")
        try cli.python("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("PRAGMA user_version = 1")
            db.commit()
            db.close()
            """, path)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))

        let message = try cli.fails(command + ["--store", path], status: 74)

        #expect(message.contains("another program"), "\(message)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: cli.folder.path).filter { $0.hasPrefix("empty.db") }
        #expect(siblings == ["empty.db"])
    }

    // MARK: - Relative phrases and instants

    @Test("a snooze by a length says that length, across a daylight-saving change too", arguments: [
        ("1w", "Snoozed 1 Pay rent until Tue 27 Oct 12:00 (in 7 days)\n"),
        ("1h30m", "Snoozed 1 Pay rent until today 13:30 (in 1 h 30 min)\n"),
        ("2d", "Snoozed 1 Pay rent until Thu 22 Oct 12:00 (in 2 days)\n"),
    ])
    func snoozeLength(length: String, output: String) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent")

        // Tuesday 20 October 2026 at noon; summer time ends on Sunday the 25th.
        #expect(try cli.ok("snooze", "1", length, "--now", "2026-10-20 12:00") == output)
    }

    @Test("a task due on a Friday and one due at a time that Friday are the same number of days away")
    func sameFriday() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Timed", "--due", "2026-10-30 09:00", "--now", "2026-10-20 20:00")
        try cli.ok("add", "Day", "--due", "2026-10-30", "--now", "2026-10-20 20:00")

        // 13 h before the timed task's hour: counting whole 24 h it is 9 days away.
        let rows = try cli.lines("list", "--now", "2026-10-20 20:00").filter { $0.contains("Fri 30 Oct") }

        #expect(rows.count == 2, "\(rows)")
        #expect(rows.allSatisfy { $0.contains("· in 10 days") }, "\(rows)")
    }

    @Test("every instant in the JSON is ISO 8601 with an offset of hours and minutes, whatever the zone's history", arguments: [
        ("Africa/Monrovia", "1970-01-01 10:00"),
        ("Africa/Monrovia", "1900-01-01"),
        ("Europe/Amsterdam", "1930-06-01 12:00"),
        ("Pacific/Kiritimati", "9999-12-30"),
        ("Etc/GMT+12", "9999-12-30 23:00"),
    ])
    func isoInstants(tz: String, due: String) throws {
        var cli = try CLI()
        defer { cli.remove() }
        cli.environment["TZ"] = tz
        try cli.ok("add", "Task", "--due", due)

        let task = try #require(try cli.objects("export").first)

        var instants = [task["dueInstant"], task["createdAt"], (task["due"] as? [String: Any])?["time"]]
        instants += (task["reminders"] as? [[String: Any]] ?? []).map { $0["at"] }
        for instant in instants.compactMap({ $0 }) where !(instant is NSNull) {
            #expect(JSON.isInstant(instant), "\(instant)")
        }
        #expect(JSON.isInstant(task["dueInstant"]), "\(task)")
        // Well formed is not enough: an offset cut to whole minutes (-00:44
        // for Monrovia's -00:44:30) names another instant.
        if let time = (task["due"] as? [String: Any])?["time"] {
            #expect(JSON.instant(time) == (try Self.instant(due, in: tz)), "\(time)")
        }
    }

    /// "1970-01-01 10:00" read as a local time in the zone `tz` names, by
    /// the C library (GNU `date`), which reads the same zoneinfo files.
    /// Foundation's formatter is no reference here: ICU carries zone data
    /// of its own, which for Amsterdam in 1930 (+01:19:32 in the system's
    /// files) says another offset.
    static func instant(_ text: String, in tz: String) throws -> Date {
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/date"), ["-d", text, "+%s"],
            environment: ["TZ": tz, "LC_ALL": "C"], timeout: .seconds(30)
        )
        let seconds = try #require(Double(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(result)")
        return Date(timeIntervalSince1970: seconds)
    }

    @Test("a date outside 1900-01-01 … 9999-12-30 is refused with a sentence naming it", arguments: [
        "9999-12-31", "9999-12-31 10:00", "1899-12-31 23:00",
    ])
    func dateRange(date: String) throws {
        let cli = try CLI()
        defer { cli.remove() }

        let message = try cli.failsWithoutChange(["add", "Task", "--due", date], status: 64)

        #expect(message.contains(String(date.prefix(10))) && message.contains("1900-01-01 to 9999-12-30"), "\(message)")
    }

    // MARK: - The command line

    @Test("the global options may come before the command", arguments: [
        ["--store", "mine.sqlite", "add", "Task"],
        ["--store=mine.sqlite", "add", "Task"],
        ["--color", "never", "--store", "mine.sqlite", "add", "Task"],
        ["--config", "/dev/null", "--store=mine.sqlite", "add", "Task"],
    ])
    func globalOptionsFirst(arguments: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }

        try cli.ok(arguments)

        #expect(try cli.lines("--store", cli.path("mine.sqlite"), "list").contains { $0.contains("Task") })
        #expect(try cli.lines("list", "--store", "mine.sqlite").contains { $0.contains("Task") })
        #expect(!FileManager.default.fileExists(atPath: cli.storePath))
    }

    @Test("a title that starts with a dash is refused with the line that adds it, which does")
    func dashedTitle() throws {
        let cli = try CLI()
        defer { cli.remove() }

        let message = try cli.fails(["add", "-5 pushups"], status: 64)

        #expect(message.contains(#"add -- "-5 pushups""#), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: cli.storePath))
        try cli.ok("add", "--", "-5 pushups")
        #expect(try cli.task("1")["title"] as? String == "-5 pushups")
    }

    @Test("an unknown command is named and the nearest one suggested", arguments: [
        ("lst", "list"), ("nxt", "next"), ("snoze", "snooze"), ("dne", "done"),
    ])
    func unknownCommand(typed: String, meant: String) throws {
        let cli = try CLI()
        defer { cli.remove() }

        let message = try cli.fails([typed, "--all"], status: 64)

        #expect(message.contains("“\(typed)”") && message.contains("Did you mean \(meant)?"), "\(message)")
    }

    @Test("a TASK that is one task's whole title picks it, though other titles contain it; a number is an id")
    func exactTitle() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent")
        try cli.ok("add", "Pay")
        try cli.ok("add", "Pay bills")
        try cli.ok("add", "2")

        // Part of three titles and the whole of none: which one is meant is not known.
        try cli.failsWithoutChange(["done", "pa"], status: 1)
        #expect(try cli.task("2")["title"] as? String == "Pay")
        #expect(try cli.ok("done", "pay") == "Done: 2 Pay\n")
        #expect(try cli.ok("done", "PAY RENT") == "Done: 1 Pay rent\n")
    }

    @Test("the snooze config key is checked as the README says", arguments: [
        (#"["1h", "60m"]"#, ["1h", "60m"]),
        (#"["10m", "2026-12-01 10:00"]"#, ["2026-12-01 10:00"]),
        (#"["yesterday"]"#, ["yesterday"]),
        (#"["0m"]"#, ["0m", "length"]),
    ])
    func snoozeConfig(value: String, named: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }
        let config = try cli.write("config.toml", "snooze = \(value)\n")

        let message = try cli.fails(["list", "--config", config], status: 78)

        for word in named + ["snooze"] {
            #expect(message.contains(word), "\(message)")
        }
        #expect(!message.contains("today 00:00"), "\(message)")
    }

    @Test("--config /dev/null is an empty config", arguments: [["add", "Task"], ["list"], ["config"]])
    func devNullConfig(command: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }

        try cli.ok(command + ["--config", "/dev/null"])
    }

    // MARK: - Read-only and missing stores

    /// A store holding one task, its file mode 0400 in a folder of mode 0500,
    /// and how to run the binary so that these modes bind: as user nobody
    /// when the tests run as root (root writes whatever the modes say).
    struct ReadOnlyStore {
        let path: String
        let folder: String
        let cli: CLI

        init(_ cli: CLI, folderMode: Int = 0o500) throws {
            self.cli = cli
            folder = cli.path("readonly")
            path = folder + "/tasks.sqlite"
            try cli.ok("add", "Keep me", "--due", "2099-12-01 17:00", "--store", path)
            let manager = FileManager.default
            if getuid() == 0 {
                // nobody must reach the store and the binary: the test's folder is open to all.
                try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cli.folder.path)
                for item in [folder, path] {
                    try manager.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: item)
                }
            }
            try manager.setAttributes([.posixPermissions: 0o400], ofItemAtPath: path)
            try manager.setAttributes([.posixPermissions: folderMode], ofItemAtPath: folder)
        }

        func run(_ arguments: [String]) throws -> CLI.Result {
            let arguments = arguments + ["--store", path]
            guard getuid() == 0 else { return try cli.run(arguments) }
            return try cli.execute(
                URL(fileURLWithPath: "/usr/bin/setpriv"),
                ["--reuid=65534", "--regid=65534", "--clear-groups", CLI.binary.path] + arguments,
                environment: cli.environment,
                input: nil,
                name: "todo-remind \(arguments.joined(separator: " ")) as nobody"
            )
        }

        var bytes: Data { get throws { try Data(contentsOf: URL(fileURLWithPath: path)) } }

        var files: [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? [] }

        /// Lets the test's folder be removed by a user who is not root.
        func release() throws {
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder)
        }
    }

    @Test("a store the user may only read can be listed, shown and exported; a write is refused with one sentence", arguments: [
        0o500, 0o700,
    ])
    func readOnlyStore(folderMode: Int) throws {
        let cli = try CLI()
        defer { cli.remove() }
        let store = try ReadOnlyStore(cli, folderMode: folderMode)
        defer { try? store.release() }
        let before = try store.bytes

        for command in [["list"], ["show", "1"], ["next"], ["export"], ["status"]] {
            let result = try store.run(command)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(command): \(result)")
        }
        #expect(try store.run(["list"]).stdout.contains("Keep me"))
        #expect(try store.run(["export"]).stdout.contains("Keep me"))
        for command in [["add", "Task"], ["done", "1"], ["edit", "1", "--notes", "x"]] {
            let result = try store.run(command)
            #expect(result.status == 74, "\(command): \(result)")
            #expect(result.stdout.isEmpty && result.stderr.hasPrefix("Error: ") && result.stderr.split(separator: "\n").count == 1, "\(command): \(result)")
            #expect(result.stderr.contains("can be read but not written"), "\(command): \(result)")
        }

        #expect(try store.bytes == before)
        #expect(store.files == ["tasks.sqlite"])
    }

    @Test("a store read while it was read-only can be written once it is writable again")
    func writableAgain() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let store = try ReadOnlyStore(cli, folderMode: 0o700)
        #expect(try store.run(["list"]).status == 0)

        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: store.path)
        let result = try store.run(["add", "Task"])

        #expect(result.status == 0, "\(result)")
        #expect(try store.run(["list"]).stdout.contains("Task"))
    }

    @Test("a reading command on a named path with no store says so and creates nothing", arguments: [
        ["list"], ["show", "1"], ["next"], ["export"], ["status"],
    ])
    func missingStore(command: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }
        let before = try FileManager.default.contentsOfDirectory(atPath: cli.folder.path)

        let message = try cli.fails(command + ["--store", "typo.sqlit"], status: 74)

        #expect(message.contains("no task store") && message.contains("typo.sqlit"), "\(message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.folder.path).filter { $0 != "runs" } == before)
    }

    @Test("before the first add the default store reads as empty and nothing is created", arguments: [
        ["list"], ["next"], ["export"],
    ])
    func defaultStoreBeforeFirstAdd(command: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }

        try cli.ok(command)

        #expect(!FileManager.default.fileExists(atPath: (cli.storePath as NSString).deletingLastPathComponent))
    }

    // MARK: - Text on the terminal

    @Test("columns line up by display width: wide, emoji and combining characters")
    func displayWidths() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let titles = ["会議の準備", "Café ☕ run", "e\u{301}te\u{301}", "plain"]
        for title in titles { try cli.ok("add", title, "--category", "Errands") }

        let rows = try cli.lines("list").filter { $0.contains("Errands") }

        #expect(rows.count == titles.count, "\(rows)")
        // Python's Unicode tables, not ours, measure where each row's category starts.
        let widths = try cli.python("""
            import sys, unicodedata
            for row in sys.argv[1:]:
                before = row.split("Errands")[0]
                print(sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in before))
            """, rows[0], rows[1], rows[2], rows[3])
        #expect(Set(widths.split(separator: "\n")).count == 1, "\(rows): \(widths)")
    }

    @Test("show prints each line of the notes on an indented line of its own, control characters escaped")
    func multiLineNotes() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Task", "--notes", "line one\nline two\u{7}")

        let lines = try cli.lines("show", "1")

        let first = try #require(lines.firstIndex { $0.hasSuffix("line one") }, "\(lines)")
        #expect(lines[first].hasPrefix("  notes "), "\(lines)")
        let second = lines[first + 1]
        #expect(second.trimmingCharacters(in: .whitespaces) == "line two\\u{7}", "\(lines)")
        #expect(second.firstIndex(of: "l")?.utf16Offset(in: second) == lines[first].range(of: "line one")?.lowerBound.utf16Offset(in: lines[first]), "\(lines)")
    }

    // MARK: - Exit statuses

    /// The README's exit-status table: each status and what it says.
    static func readmeExitStatuses() throws -> [Int32: String] {
        let readme = try String(contentsOf: ReadmeExamplesTests.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var table: [Int32: String] = [:]
        for line in readme.split(separator: "\n") {
            guard let match = line.wholeMatch(of: /\| `?(\d+)`? \| (.+) \|/), let status = Int32(match.1) else { continue }
            table[status] = String(match.2)
        }
        return table
    }

    @Test("the README's exit-status table lists exactly the statuses the program uses")
    func exitStatusTable() throws {
        let source = try String(
            contentsOf: ReadmeExamplesTests.packageRoot.appendingPathComponent("Sources/todo-remind/Support/ExitStatus.swift"),
            encoding: .utf8
        )
        let used = Set(source.matches(of: /static let \w+: Int32 = (\d+)/).compactMap { Int32($0.1) })

        #expect(used.count >= 6, "\(used)")
        #expect(Set(try Self.readmeExitStatuses().keys) == used.union([0]))
    }

    @Test("each class of mistake exits with the status the README gives it", arguments: [
        (["add", "Task", "--priority", "urgent"], 64, "value"),
        (["add", "Task", "--due", "someday"], 64, "WHEN"),
        (["add", "Task", "--frobnicate"], 64, "option"),
        (["done", "nothing like it"], 1, "TASK"),
        (["list", "--store", "typo.sqlit"], 74, "store"),
        (["list", "--store", "not-a-store.txt"], 74, "store"),
        (["list", "--config", "bad.toml"], 78, "config"),
        (["import", "bad.json"], 65, "import"),
        (["import", "missing.json"], 66, "import"),
    ] as [([String], Int32, String)])
    func exitStatus(arguments: [String], status: Int32, readmeWord: String) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent")
        try cli.write("not-a-store.txt", "shopping list\n")
        try cli.write("bad.toml", "reminder-time = 9\n")
        try cli.write("bad.json", #"[{"title": "Task", "due": {"day": "2026-12-01", "time": "2026-12-01T17:00:00+01:00"}}]"#)

        try cli.failsWithoutChange(arguments, status: status)

        let row = try #require(try Self.readmeExitStatuses()[status], "the README has no row for \(status)")
        #expect(row.contains(readmeWord), "\(status): \(row)")
    }

    // MARK: - --now for add and snooze

    @Test("add --now pins what a relative WHEN counts from", arguments: [
        ("+2h", #"{"time":"2026-12-01T12:00:00+01:00"}"#),
        ("tomorrow", #"{"day":"2026-12-02"}"#),
        ("fri 17:00", #"{"time":"2026-12-04T17:00:00+01:00"}"#),
        ("17:00", #"{"time":"2026-12-01T17:00:00+01:00"}"#),
    ])
    func addNow(when: String, due: String) throws {
        let cli = try CLI()
        defer { cli.remove() }

        try cli.ok("add", "Task", "--due", when, "--now", "2026-12-01 10:00")

        #expect(JSON.text(try cli.task("1")["due"]) == due)
    }

    @Test("snooze --now pins when the snooze falls", arguments: [
        ("2h", "2026-12-01T12:00:00+01:00"),
        ("tomorrow", "2026-12-02T09:00:00+01:00"),
        ("17:00", "2026-12-01T17:00:00+01:00"),
    ])
    func snoozeNow(when: String, at: String) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Task", "--now", "2026-12-01 09:00")

        try cli.ok("snooze", "1", when, "--now", "2026-12-01 10:00")

        let reminders = try cli.task("1")["reminders"] as? [[String: Any]] ?? []
        #expect(reminders.filter { $0["kind"] as? String == "snoozed" }.compactMap { $0["at"] as? String } == [at])
    }
}
