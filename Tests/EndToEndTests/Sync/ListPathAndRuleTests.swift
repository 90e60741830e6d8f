import Foundation
import TestSupport
import Testing

/// Lists' paths and rules todo-remind cannot follow, with the built
/// binary: a folder is read wherever the command runs,
/// is one list however it is spelled, and a series in a file is never ended
/// by a rule todo-remind does not follow.
@Suite(.ownThread) struct ListPathAndRuleTests {
    /// A config in `conf/` whose calendar path is relative to it, and a list folder `conf/cal/home`.
    static func relativeConfig(_ cli: CLI) throws -> String {
        try FileManager.default.createDirectory(atPath: cli.path("conf/cal/home"), withIntermediateDirectories: true)
        return try cli.write("conf/c.toml", "[[calendar]]\npath = \"cal/*\"\n")
    }

    /// `todo-remind ARGS…` run from `folder` rather than the test's folder.
    static func run(_ cli: CLI, in folder: String, _ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.run(CLI.binary, arguments, environment: cli.environment, workingFolder: URL(fileURLWithPath: folder),
                              name: "todo-remind \(arguments.joined(separator: " ")) in \(folder)")
    }

    /// The ids, titles and completions of every task, as `list --all --json` gives them.
    static func tasks(_ cli: CLI, in folder: String, config: String) throws -> [String] {
        let result = try run(cli, in: folder, ["list", "--all", "--json", "--config", config])
        #expect(result.status == 0, "\(result.stderr)")
        let objects = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return objects.map { task in
            let completions = (task["completions"] as? [[String: Any]])?.count ?? 0
            return "\(task["id"] ?? "") \(task["title"] ?? "") \(completions) done"
        }
    }

    @Test("A relative calendar path is read from the config file's folder: from another working folder the tasks, ids and history are the same")
    func relativePathFromAnyFolder() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let config = try Self.relativeConfig(cli)
        let home = cli.path("conf")
        #expect(try Self.run(cli, in: home, ["add", "Water the plants", "--due", "2026-11-20", "--repeat", "daily", "--config", config]).status == 0)
        #expect(try Self.run(cli, in: home, ["done", "Water", "--config", config]).status == 0)
        let before = try Self.tasks(cli, in: home, config: config)
        #expect(before == ["1 Water the plants 1 done"])
        // Another working folder with a `cal/home` of its own, empty: the
        // relative path named it, and the tasks went with its scan.
        let elsewhere = cli.path("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere + "/cal/home", withIntermediateDirectories: true)
        #expect(try Self.tasks(cli, in: elsewhere, config: config) == before)
        #expect(try Self.tasks(cli, in: home, config: config) == before)
        #expect(try Self.run(cli, in: elsewhere, ["config", "--config", config]).stdout.contains("path                   \"\(home)/cal/*\"\n"))
    }

    @Test("A list folder that goes away and comes back keeps its tasks' ids and completions")
    func folderAwayAndBack() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let config = try Self.relativeConfig(cli)
        let home = cli.path("conf")
        #expect(try Self.run(cli, in: home, ["add", "Water the plants", "--due", "2026-11-20", "--repeat", "daily", "--config", config]).status == 0)
        #expect(try Self.run(cli, in: home, ["done", "Water", "--config", config]).status == 0)
        let before = try Self.tasks(cli, in: home, config: config)
        try FileManager.default.moveItem(atPath: home + "/cal", toPath: home + "/away")
        #expect(try Self.tasks(cli, in: home, config: config) == before, "the path matches no folder: nothing is deleted")
        // Back as a copy (new inodes, as a restore or a remount gives).
        try FileManager.default.copyItem(atPath: home + "/away", toPath: home + "/cal")
        #expect(try Self.tasks(cli, in: home, config: config) == before)
    }

    /// Files repeating by rules todo-remind cannot follow.
    static let unfollowed = [
        "minutely.ics": ListFolders.todo(uid: "minutely", summary: "Stretch", extra: ["DUE:20261201T100000Z", "RRULE:FREQ=MINUTELY"]),
        "huge.ics": ListFolders.todo(uid: "huge", summary: "Forever", extra: [
            "DTSTART;VALUE=DATE:00010101", "DUE;VALUE=DATE:00010101", "RRULE:FREQ=DAILY;COUNT=2000000000",
        ]),
        "ancient.ics": ListFolders.todo(uid: "ancient", summary: "Ancient", extra: [
            "DTSTART;VALUE=DATE:00010101", "DUE;VALUE=DATE:00010101", "RRULE:FREQ=DAILY",
        ]),
    ]

    @Test("A rule todo-remind cannot follow is reported by sync --check, done is refused, and the file keeps its series")
    func unfollowedRules() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        for (name, text) in Self.unfollowed { try lists.put("work", name, text) }

        // Within the bounds set for a hostile file: 5 s and 200 MiB.
        for arguments in [["list"], ["sync", "--check"]] {
            let measured = try ProcessRunner.run(
                URL(fileURLWithPath: "/usr/bin/time"), ["-f", "%M", CLI.binary.path] + arguments,
                environment: cli.environment, workingFolder: cli.folder, timeout: .seconds(5), name: arguments.joined(separator: " ")
            )
            let kilobytes = Int(measured.stderr.split(separator: "\n").last ?? "") ?? .max
            #expect(kilobytes < 200 * 1024, "\(arguments): \(measured.stderr)")
        }
        let check = try cli.run(["sync", "--check"])
        #expect(check.status == 1)
        for (name, rule) in [("minutely.ics", "FREQ=MINUTELY"), ("huge.ics", "FREQ=DAILY;COUNT=2000000000"), ("ancient.ics", "FREQ=DAILY")] {
            #expect(check.stdout.contains("  skipped: “\(lists.folder("work"))/\(name)” repeats by RRULE:\(rule), which todo-remind cannot follow"), "\(check.stdout)")
        }
        for title in ["Stretch", "Forever", "Ancient"] {
            let message = try cli.failsWithoutChange(["done", title], status: 1)
            #expect(message.contains("cannot follow") && message.contains("--repeat"))
        }
        for (name, text) in Self.unfollowed { #expect(try lists.read("work", name) == text) }
        // Given a rule it can follow, the task is done and moves on as any series does.
        try cli.ok("edit", "Stretch", "--repeat", "daily")
        try cli.ok("done", "Stretch")
        let lines = ListFolders.contentLines(try lists.read("work", "minutely.ics"))
        #expect(lines.contains("RRULE:FREQ=DAILY") && !lines.contains { $0.hasPrefix("STATUS:COMPLETED") })
    }

    @Test("One folder named three ways is one list, in step")
    func oneFolderThreeWays() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try FileManager.default.createDirectory(atPath: cli.path("cal/l"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: cli.path("link"), withDestinationPath: cli.path("cal/l"))
        let config = try cli.write("c.toml", """
            [[calendar]]
            path = "\(cli.path("cal/l"))"
            [[calendar]]
            path = "\(cli.path("cal/../cal/l"))"
            [[calendar]]
            path = "\(cli.path("link"))"
            """)
        try cli.ok("add", "Once", "--config", config)
        #expect(try cli.lines("lists", "--config", config).count == 1)
        #expect(try cli.run(["sync", "--check", "--config", config]).stdout.hasSuffix("In step: the store and the folders agree.\n"))
        #expect(try cli.lines("list", "--config", config).contains { $0.contains("Once") })
    }

    @Test("A --list name two folders share is refused naming both, and lists says so")
    func ambiguousDisplayName() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli, defaultList: nil)
        for list in ["personal", "work"] {
            try "Tasks\n".write(toFile: lists.folder(list) + "/displayname", atomically: true, encoding: .utf8)
        }
        let message = try cli.failsWithoutChange(["add", "Task", "--list", "Tasks"], status: 64)
        #expect(message.contains(lists.folder("personal")) && message.contains(lists.folder("work")))
        #expect(try cli.lines("lists").contains { $0.hasPrefix("Note: “Tasks” names 2 lists") })
        try cli.ok("add", "Task", "--list", lists.folder("work"))
        #expect(try lists.files("work").count == 1 && lists.files("personal").isEmpty)
    }

    @Test("The daemon's log names a file whose rule todo-remind cannot follow, even one a command read in first")
    func daemonLogsUnfollowedRule() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try lists.put("work", "minutely.ics", Self.unfollowed["minutely.ics"] ?? "")
        try cli.ok("list")
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let line = daemon.waitForLog(within: .seconds(10)) { $0.event == "file-skipped" }
        #expect(line?["reason"]?.contains("repeats by RRULE:FREQ=MINUTELY, which todo-remind cannot follow") == true, "\(daemon)")
    }
}
