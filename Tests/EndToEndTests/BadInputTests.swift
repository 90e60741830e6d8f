import Foundation
import TestSupport
import Testing

/// Every mistake gets a non-zero exit, one sentence on stderr, and changes nothing.
@Suite("bad input", .ownThread)
struct BadInputTests {
    /// A store with something to lose: open, completed, timed and day tasks.
    static func addSome(to cli: CLI) throws {
        try cli.ok("add", "Pay rent", "--due", "2099-12-01 17:00", "--category", "Home", "--priority", "high")
        try cli.ok("add", "Pay bills", "--due", "2099-12-02", "--notes", "gas and water")
        try cli.ok("add", "Buy milk")
        try cli.ok("done", "milk")
    }

    @Test("a value that cannot be read: exit 64, one sentence naming it, store unchanged", arguments: [
        (["add", ""], "title"),
        (["add", "   "], "title"),
        (["add", "\n\t"], "title"),
        (["add", "Task", "--due", "2026-02-30"], "2026-02-30"),
        (["add", "Task", "--due", "25:00"], "25:00"),
        (["add", "Task", "--due", "2026-13-01"], "2026-13-01"),
        (["add", "Task", "--due", "someday soon"], "someday soon"),
        (["add", "Task", "--due", "2026-12-01 24:30"], "24:30"),
        (["add", "Task", "--due", "10000-01-01"], "10000-01-01"),
        (["add", "Task", "--due", "1899-12-31"], "1899-12-31"),
        (["add", "Task", "--category", "  "], "category"),
        (["edit", "rent", "--title", "  "], "title"),
        (["edit", "rent", "--due", "2026-02-30"], "2026-02-30"),
        (["edit", "rent", "--category", ""], "category"),
        (["list", "--now", "2026-02-30"], "2026-02-30"),
        (["next", "--now", "25:00"], "25:00"),
        (["snooze", "rent", "0m"], "0m"),
        (["add", "Task", "--now", "2026-02-30"], "2026-02-30"),
    ] as [([String], String)])
    func badValue(arguments: [String], named: String) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addSome(to: cli)

        let message = try cli.failsWithoutChange(arguments, status: 64)

        #expect(message.localizedCaseInsensitiveContains(named), "\(message)")
        #expect(message.hasSuffix("."), "\(message)")
    }

    @Test("a task that is unknown, ambiguous or in the wrong state: exit 1, one sentence naming it, store unchanged", arguments: [
        (["show", "99"], "99"),
        (["show", ""], "empty"),
        (["show", "nothing like it"], "nothing like it"),
        (["show", "pay"], "pay"),
        (["edit", "99", "--title", "New"], "99"),
        (["edit", "pay", "--title", "New"], "pay"),
        (["done", "99"], "99"),
        (["done", "rent", "nothing like it"], "nothing like it"),
        (["done", "milk"], "milk"),
        (["reopen", "rent"], "rent"),
        (["delete", "1", "99"], "99"),
        (["delete", "pay"], "pay"),
        (["on", "pay"], "pay"),
        (["off", "1", "99"], "99"),
        (["toggle", "1", "99"], "99"),
    ] as [([String], String)])
    func badTask(arguments: [String], named: String) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addSome(to: cli)

        let message = try cli.failsWithoutChange(arguments, status: 1)

        #expect(message.localizedCaseInsensitiveContains(named), "\(message)")
    }

    @Test("a malformed command line: exit 64, one line, store unchanged", arguments: [
        (["add", "Task", "--priority", "urgent"], "urgent"),
        (["edit", "rent"], "Nothing to change"),
        (["edit", "rent", "--due", "2099-12-03", "--no-due"], "--no-due"),
        (["clear"], "--completed"),
        (["clear", "--yes"], "--completed"),
        (["list", "--sort", "size"], "size"),
        (["list", "--priority", "urgent"], "urgent"),
        (["list", "--color", "purple"], "purple"),
        (["next", "--limit", "0"], "--limit"),
        (["next", "--limit", "many"], "many"),
        (["next", "--limit", "-1"], "not -1"),
        (["add"], "title"),
        (["done"], "tasks"),
        (["add", "Task", "--bogus"], "--bogus"),
        (["add", "Task", "--due"], "--due"),
        (["list", "--store"], "--store"),
        (["frobnicate"], "frobnicate"),
        (["lst"], "Did you mean list?"),
        (["add", "-5 pushups"], "todo-remind add -- \"-5 pushups\""),
    ] as [([String], String)])
    func malformedCommandLine(arguments: [String], named: String) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addSome(to: cli)

        let message = try cli.failsWithoutChange(arguments, status: 64)

        #expect(message.localizedCaseInsensitiveContains(named), "\(message)")
    }

    @Test("a command line ArgumentParser refuses is said in the project's voice: what is wrong and what to type", arguments: [
        (["add", "x", "--priority", "urgent"], "“urgent” is not a value --priority takes: give low, medium or high."),
        (["done"], "todo-remind done needs one or more tasks (TASK…: ids or parts of titles), such as 3 or milk."),
        (["add"], "todo-remind add needs a title, such as \"Buy milk\"."),
        (["add", "x", "--due"], "--due needs a value after it (WHEN): todo-remind add --help shows each option's."),
        (["list", "--limit", "3"], "todo-remind list has no option --limit: did you mean --list?"),
        (["add", "Buy", "milk"], "“milk” is one word too many for todo-remind add: put a title of several words in quotes, as in todo-remind add \"Buy milk\"."),
        (["next", "--limit", "many"], "“many” is not a value --limit takes: give a whole number, such as 10."),
    ])
    func parserVoice(arguments: [String], message: String) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addSome(to: cli)
        let said = try cli.failsWithoutChange(arguments, status: 64)
        #expect(said == message)
    }

    @Test("a first command that fails creates no store", arguments: [
        ["add", "Task", "--due", "9999-12-31"],
        ["add", "Task", "--repeat", "daily"],
        ["add", ""],
        ["snooze", "1", "0m"],
    ])
    func failedFirstCommand(arguments: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }

        try cli.fails(arguments, status: 64)

        #expect(!FileManager.default.fileExists(atPath: cli.storePath))
    }

    @Test("ambiguous text names every match with its id")
    func ambiguous() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addSome(to: cli)

        let message = try cli.failsWithoutChange(["done", "PAY"])

        #expect(message == "“PAY” matches 2 tasks (1 “Pay rent”, 2 “Pay bills”): give the id of the one you mean.")
    }

    @Test("an unknown id says there is no such task")
    func unknownID() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addSome(to: cli)

        let message = try cli.failsWithoutChange(["show", "42"])

        #expect(message.hasPrefix("There is no task 42"))
    }

    /// Bytes that are no SQLite database, with a NUL and invalid UTF-8 in them.
    static let garbage = Data([0x00, 0xFF, 0xFE, 0x42]) + Data("this is not a database\n".utf8) + Data(repeating: 0x2A, count: 5000)

    @Test("a file that is not a database is refused and left byte for byte as it was", arguments: [
        ["list"], ["add", "Task"], ["export"], ["import", "-"], ["clear", "--completed", "--yes"],
    ])
    func foreignFile(command: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }
        let path = cli.path("notes.txt")
        try Self.garbage.write(to: URL(fileURLWithPath: path))

        let message = try cli.fails(command + ["--store", path], status: 74, input: "[]")

        #expect(message.contains("not a todo-remind store"), "\(message)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Self.garbage)
        #expect(try Self.siblings(of: path).isEmpty)
    }

    @Test("a 0-byte file (a `touch` by mistake) is refused and left as it was, for the default store too", arguments: [
        ["list"], ["add", "Task"], ["next"], ["import", "-"],
    ])
    func emptyFile(command: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }
        let named = cli.path("tasks.sqlite")
        #expect(FileManager.default.createFile(atPath: named, contents: Data()))
        try FileManager.default.createDirectory(
            atPath: (cli.storePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: cli.storePath, contents: Data()))

        for (path, options) in [(named, ["--store", named]), (cli.storePath, [])] {
            let message = try cli.fails(command + options, status: 74, input: "[]")

            #expect(message.contains("empty file") && message.contains("not a todo-remind store"), "\(message)")
            #expect(message.contains("remove it"), "\(message)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
            #expect(try Self.siblings(of: path).isEmpty)
        }
    }

    @Test("TODO_REMIND_STORE naming a foreign file is refused the same way")
    func foreignFileFromEnvironment() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let path = cli.path("notes.txt")
        try Self.garbage.write(to: URL(fileURLWithPath: path))

        let message = try cli.fails(["add", "Task"], status: 74, environment: ["TODO_REMIND_STORE": path])

        #expect(message.contains("not a todo-remind store"), "\(message)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Self.garbage)
    }

    @Test("another program's SQLite database is refused and left byte for byte as it was", arguments: [
        ["list"], ["add", "Task"], ["import", "-"], ["done", "1"],
    ])
    func foreignDatabase(command: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }
        let path = cli.path("other.db")
        try cli.python("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, title TEXT)")
            db.execute("INSERT INTO recipes (title) VALUES ('Pancakes')")
            db.commit()
            db.close()
            """, path)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))

        let message = try cli.fails(command + ["--store", path], status: 74, input: #"[{"title": "Task"}]"#)

        #expect(message.contains("another program"), "\(message)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        #expect(try Self.siblings(of: path).isEmpty)
        #expect(try cli.python("""
            import sqlite3, sys
            print(sqlite3.connect(sys.argv[1]).execute("SELECT group_concat(name) FROM sqlite_master").fetchone()[0])
            """, path) == "recipes\n")
    }

    /// A stored instant with one bit of its exponent flipped, and the column it is in.
    struct FlippedInstant: Sendable, CustomStringConvertible {
        let column: String
        let value: String
        var description: String { "\(column) = \(value)" }
    }

    @Test("a stored instant out of range (a flipped bit) is the store's damage, named with its task, never a crash", arguments: [
        FlippedInstant(column: "due_time", value: "1.7969184e+300"),
        FlippedInstant(column: "due_time", value: "-1e300"),
        FlippedInstant(column: "created_at", value: "9e18"),
        FlippedInstant(column: "start_time", value: "1e200"),
        FlippedInstant(column: "acknowledged_at", value: "-9e18"),
        // Found by StoredValueFuzzTests: an alarm's offset at Int.max trapped `list --json` and `export`.
        FlippedInstant(column: "alarms", value: "9223372036854775807"),
        FlippedInstant(column: "alarms", value: "'s-9223372036854775808'"),
    ])
    func flippedInstant(_ flip: FlippedInstant) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--due", "2026-12-10 17:00", "--start", "2026-12-09 10:00", "--now", "2026-12-01 12:00")
        try cli.python("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE task SET \(flip.column) = \(flip.value)")
            db.commit()
            db.close()
            """, cli.storePath)
        for command in [["list"], ["show", "1"], ["next"], ["export"], ["list", "--json"]] {
            let message = try cli.fails(command, status: 74)
            #expect(message.contains("is damaged") && message.contains("task 1") && message.contains(flip.column), "\(command): \(message)")
        }
    }

    @Test("a store whose folder cannot be made (its parent is a file) is an error naming it", arguments: [
        ["add", "Task"], ["list"],
    ])
    func unwritableFolder(command: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }
        let blocker = try cli.write("blocker", "a file, not a folder\n")

        let message = try cli.fails(command + ["--store", blocker + "/todo/tasks.sqlite"], status: 74)

        #expect(message.contains("blocker"), "\(message)")
        #expect(try String(contentsOfFile: blocker, encoding: .utf8) == "a file, not a folder\n")
    }

    @Test("a folder given as the store is refused")
    func folderAsStore() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let folder = cli.path("a folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)

        let message = try cli.fails(["add", "Task", "--store", folder], status: 74)

        #expect(message.contains("folder"), "\(message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("a bad config file is an error naming the file and the key, by --config or TODO_REMIND_CONFIG", arguments: [
        ("bogus-key = 1\n", "bogus-key"),
        ("reminder-time = \"25:00\"\n", "reminder-time"),
        ("reminder-time = 9\n", "reminder-time"),
        ("due-soon-hours = \"lots\"\n", "due-soon-hours"),
        ("due-soon-hours = -5\n", "due-soon-hours"),
        ("remind-at-due-time = \"yes\"\n", "remind-at-due-time"),
        ("default-reminder = 1\n", "default-reminder"),
        ("catch-up-hours = 1.5\n", "catch-up-hours"),
        ("this is = = not TOML\n", "TOML"),
    ])
    func badConfig(text: String, named: String) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addSome(to: cli)
        let config = try cli.write("bad config.toml", text)

        for command in [["list"], ["add", "Task"], ["config"]] {
            let byOption = try cli.failsWithoutChange(command + ["--config", config], status: 78)
            let byEnvironment = try cli.failsWithoutChange(command, status: 78, environment: ["TODO_REMIND_CONFIG": config])

            for message in [byOption, byEnvironment] {
                #expect(message.contains(config), "\(message)")
                #expect(message.contains(named), "\(message)")
            }
        }
    }

    @Test("a config file that does not exist, named by --config, is an error")
    func missingConfig() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addSome(to: cli)

        let message = try cli.failsWithoutChange(["add", "Task", "--config", cli.path("missing.toml")], status: 78)

        #expect(message.contains("missing.toml"))
    }

    @Test("import stops at a bad element, names its index, and adds nothing", arguments: [
        (#"{"title": "not an array"}"#, "not a JSON array"),
        (#""just a string""#, "not a JSON array"),
        ("not JSON at all", "not valid JSON"),
        ("", "not valid JSON"),
        (#"[{"title": "a"}, {"title": "b"}, {"notes": "no title"}]"#, "Element 2"),
        (#"[{"title": "a"}, {"title": "b"}, "a string"]"#, "Element 2"),
        (#"[{"title": "a"}, {"title": "b"}, {"title": "   "}]"#, "Element 2"),
        (#"[{"title": "a"}, {"title": "b"}, {"title": 42}]"#, "Element 2"),
        (#"[{"title": "a"}, {"title": "b"}, {"title": "c", "priority": "urgent"}]"#, "Element 2"),
        (#"[{"title": "a"}, {"title": "b"}, {"title": "c", "due": {"day": "2026-02-30"}}]"#, "Element 2"),
        (#"[{"title": "a"}, {"title": "b"}, {"title": "c", "due": {"time": "tomorrow"}}]"#, "Element 2"),
        (#"[{"title": "a"}, {"title": "b"}, {"title": "c", "due": "2026-12-01"}]"#, "Element 2"),
        (#"[{"title": "a"}, {"title": "b"}, {"title": "c", "reminder": "yes"}]"#, "Element 2"),
        (#"[{"title": "a"}, {"title": "b"}, {"title": "c", "createdAt": "yesterday"}]"#, "Element 2"),
        (#"[{"title": "a"}, {"title": "b"}, {"title": "c", "completed": false, "completedAt": "2026-11-01T10:00:00Z"}]"#, "completedAt"),
        (#"[{"title": "a"}, {"title": "b"}, {"title": "c", "due": {"day": "2026-12-01", "time": "2026-12-01T17:00:00Z"}}]"#, "both"),
        (#"[{"title": "a"}, {"title": "b"}, {"title": "c", "due": {"day": 20261201}}]"#, "must be a string"),
        (#"[{"title": "a"}, {"title": "b"}, {"title": "c", "due": {"day": "0500-01-01"}}]"#, "0500-01-01"),
        (#"[{"title": "a"}, {"title": "b"}, {"title": "c", "completed": "yes"}]"#, "Element 2"),
        (#"[{"title": "a"}, {"title": "b"}, {"title": "c", "notes": 7}]"#, "Element 2"),
        (#"[{"title": "a"}, {"title": "b"}, {"title": "c", "category": ["Home"]}]"#, "Element 2"),
    ])
    func badImport(json: String, named: String) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addSome(to: cli)
        let file = try cli.write("tasks.json", json)

        let fromFile = try cli.failsWithoutChange(["import", file], status: 65)
        let fromInput = try cli.failsWithoutChange(["import", "-"], status: 65, input: json)

        #expect(fromFile.contains(named), "\(fromFile)")
        #expect(fromFile.contains(file), "\(fromFile)")
        #expect(fromInput.contains(named), "\(fromInput)")
        if named == "Element 2" {
            #expect(fromFile.hasSuffix("nothing was imported."), "\(fromFile)")
        }
    }

    @Test("an escape sequence in a value an error or warning quotes is shown, never sent to the terminal", arguments: [
        ["add", "Task", "--due", "\u{1B}]0;owned\u{7}"],
        ["add", "Task", "--priority", "\u{1B}[2J"],
        ["list", "--now", "\u{1B}[2Jtomorrow"],
        ["snooze", "rent", "\u{1B}]0;x\u{7}1h"],
        ["add", "Task", "--tag", "a\u{202E}b", "--parent", "\u{1B}[2J"],
    ])
    func escapesInErrors(arguments: [String]) throws {
        // --due, --priority and import's element errors once echoed ESC ]0;… BEL raw.
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addSome(to: cli)

        let result = try cli.run(arguments)

        #expect(result.status != 0, "\(result)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0 == "\u{202E}" }, "\(result.stderr.debugDescription)")
        #expect(result.stderr.contains("\\e") || result.stderr.contains("\\u{202E}"), "\(result.stderr)")
    }

    @Test("a bad TZ, a folder given as the store and an import's element are quoted shown, never raw")
    func escapesInWarningsAndStoreAndImport() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addSome(to: cli)
        let folder = cli.folder.appendingPathComponent("shelf\u{1B}[2J")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = try cli.write("tasks.json", #"[{"title": "a", "due": {"day": "\u001b]0;owned\u0007"}}]"#)

        let results = [
            try cli.run(["list"], environment: ["TZ": "Mars/\u{1B}]0;owned\u{7}"]),
            try cli.run(["list", "--store", folder.path]),
            try cli.run(["import", file]),
        ]

        for result in results {
            #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.stderr.debugDescription)")
            #expect(result.stderr.contains("\\e"), "\(result.stderr)")
        }
        #expect(results[2].status == 65)
    }

    @Test("import refuses a title cut by a NUL, naming the element, and adds nothing")
    func importNUL() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addSome(to: cli)
        let file = try cli.write("tasks.json", #"[{"title": "a"}, {"title": "Renew lease\u0000 by Friday", "notes": "a\u0000b"}]"#)

        let message = try cli.failsWithoutChange(["import", file], status: 65)

        #expect(message.contains("Element 1"), "\(message)")
        #expect(message.contains("NUL"), "\(message)")
    }

    @Test("import of a file that does not exist names it")
    func importMissingFile() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addSome(to: cli)

        let message = try cli.failsWithoutChange(["import", cli.path("missing.json")], status: 66)

        #expect(message.contains("missing.json"))
    }

    /// Files next to `path` whose names start with its name: SQLite's -wal,
    /// -shm and -journal files, which would mean it was opened for writing.
    static func siblings(of path: String) throws -> [String] {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        return try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(name) && $0 != name }
    }
}
