import Foundation
import TestSupport
import Testing
import TodoExchange

/// `export` and `import`.
@Suite("export and import", .ownThread)
struct ImportExportTests {
    /// Tasks that between them use every field and every kind of value.
    static func addEverything(to cli: CLI) throws {
        try cli.ok("add", "Pay rent", "--due", "2099-12-01 17:00", "--notes", "ask about the deposit", "--category", "Home", "--priority", "high")
        try cli.ok("add", "Buy milk", "--due", "2099-12-02", "--category", "Shopping", "--priority", "low", "--no-reminder")
        try cli.ok("add", "Gone")
        try cli.ok("add", "Read that book", "--notes", "line one\nline two \"quoted\" \\ back")
        try cli.ok("add", "Renew passport", "--due", "2020-06-01")
        try cli.ok("add", "File taxes", "--due", "2099-07-01 08:30", "--category", "Café ☕︎")
        try cli.ok("add", "Bell\u{7} and \u{1B}[31mred")
        try cli.ok("done", "taxes")
        try cli.ok("delete", "Gone")
    }

    /// An export with the ids taken out: what must survive a round trip.
    static func withoutIDs(_ tasks: [[String: Any]]) -> [String] {
        tasks.map { task in
            var task = task
            task["id"] = nil
            return JSON.text(task)
        }
    }

    @Test("export then import into a fresh store gives the same tasks, every field kept, new ids")
    func roundTrip() throws {
        let source = try CLI()
        defer { source.remove() }
        try Self.addEverything(to: source)
        let exported = try source.ok("export")
        let file = try source.write("tasks.json", exported)

        let target = try CLI()
        defer { target.remove() }
        let output = try target.ok("import", file)

        #expect(output == "Imported 6 tasks.\n")
        let before = try JSONSerialization.jsonObject(with: Data(exported.utf8)) as? [[String: Any]] ?? []
        let after = try target.objects("export")
        #expect(before.count == 6)
        for task in before { ListTests.checkTaskShape(task) }
        #expect(Self.withoutIDs(after) == Self.withoutIDs(before))
        // Every task gets a new id, in the order of the array.
        #expect(before.compactMap { $0["id"] as? Int } == [1, 2, 4, 5, 6, 7])
        #expect(after.compactMap { $0["id"] as? Int } == [1, 2, 3, 4, 5, 6])
        // The exact title, control characters included, survives.
        #expect(after.last?["title"] as? String == "Bell\u{7} and \u{1B}[31mred")
    }

    /// Every key of `value` and of the objects in it, at any depth.
    static func keys(_ value: Any) -> Set<String> {
        if let object = value as? [String: Any] {
            return object.reduce(into: Set(object.keys)) { keys, member in keys.formUnion(Self.keys(member.value)) }
        }
        if let array = value as? [Any] { return array.reduce(into: []) { $0.formUnion(Self.keys($1)) } }
        return []
    }

    @Test("export writes exactly the keys of the schema import reads by (TaskJSONKey): none outside it, every one of it")
    func keysAreTheSchema() throws {
        let cli = try CLI()
        defer { cli.remove() }
        // Between them: a repeating task with a completion, alarms of each
        // kind, a start and a subtask.
        try cli.ok("add", "Water the plants", "--due", "2099-06-01 09:00", "--repeat", "weekly", "--start", "2099-05-30",
                   "--remind", "-1h,-1d@start,2099-05-31 10:00", "--now", "2099-05-20 08:00")
        try cli.ok("done", "1", "--now", "2099-06-01 10:00")
        try cli.ok("add", "Repot the fern", "--parent", "1", "--due", "2099-06-02", "--now", "2099-05-20 08:00")
        let exported = try JSONSerialization.jsonObject(with: Data(try cli.ok("export").utf8))
        #expect(Self.keys(exported) == Set(TaskJSONKey.allCases.map(\.text)))
    }

    @Test("Output that cannot be written (a full disk) is an error, not a short export that looks complete", arguments: [
        ["export"], ["list"], ["list", "--json"], ["next"],
    ])
    func unwritableOutput(arguments: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--due", "tomorrow")

        // /dev/full refuses every write with ENOSPC.
        let result = try cli.execute(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \"$0\" \"$@\" > /dev/full", CLI.binary.path] + arguments,
            environment: cli.environment, input: nil, name: "todo-remind \(arguments.joined(separator: " ")) > /dev/full")

        #expect(result.status == 1)
        #expect(result.stderr == "Error: the output could not be written: no space left on device.\n")
    }

    @Test("importing an export into the same store adds copies")
    func importTwice() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addEverything(to: cli)
        let exported = try cli.ok("export")

        try cli.ok("import", "-", input: exported)
        let tasks = try cli.objects("export")

        #expect(tasks.count == 12)
        #expect(Self.withoutIDs(Array(tasks.suffix(6))) == Self.withoutIDs(Array(tasks.prefix(6))))
    }

    @Test("import reads elements with only a title, giving them the defaults")
    func titlesOnly() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let start = Date().addingTimeInterval(-2)
        let file = try cli.write("titles.json", #"[{"title": "Buy milk"}, {"title": "  Pay rent  "}]"#)

        let output = try cli.ok("import", file)
        let tasks = try cli.objects("export")

        #expect(output == "Imported 2 tasks.\n")
        #expect(tasks.map { $0["title"] as? String } == ["Buy milk", "Pay rent"])
        for task in tasks {
            #expect(JSON.isNull(task["notes"]))
            #expect(task["category"] as? String == "General")
            #expect(task["priority"] as? String == "medium")
            #expect(JSON.isNull(task["due"]))
            #expect(task["completed"] as? Bool == false)
            #expect(task["reminder"] as? Bool == true)
            let created = try #require(JSON.instant(task["createdAt"]))
            #expect(created >= start && created <= Date().addingTimeInterval(2))
        }
    }

    @Test("import - reads standard input")
    func fromStandardInput() throws {
        let cli = try CLI()
        defer { cli.remove() }

        let output = try cli.ok("import", "-", input: #"[{"title": "Buy milk", "due": {"day": "2026-12-01"}, "priority": "high"}]"#)
        let task = try cli.task("1")

        #expect(output == "Imported 1 task.\n")
        #expect(task["title"] as? String == "Buy milk")
        #expect(JSON.text(task["due"]) == #"{"day":"2026-12-01"}"#)
        #expect(task["priority"] as? String == "high")
    }

    @Test("import ignores the computed fields and gives new ids")
    func computedFieldsIgnored() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Already here")
        let element = """
            [{"id": 1, "title": "Pay rent", "due": {"time": "2099-12-01T16:00:00Z"}, "dueInstant": "2000-01-01T00:00:00Z",
              "state": "overdue", "group": "overdue", "nextReminder": null, "reminders": [],
              "createdAt": "2026-01-02T03:04:05+01:00", "reminder": false, "unknown": 42}]
            """

        try cli.ok("import", "-", input: element)
        let task = try cli.task("2")

        #expect(task["title"] as? String == "Pay rent")
        #expect(task["dueInstant"] as? String == "2099-12-01T17:00:00+01:00")
        #expect(task["state"] as? String == "upcoming")
        #expect(task["createdAt"] as? String == "2026-01-02T03:04:05+01:00")
        #expect(task["reminder"] as? Bool == false)
        #expect(try cli.task("1")["title"] as? String == "Already here")
    }

    @Test("a task imported as completed without a completion time gets a real one")
    func completedWithoutInstant() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let start = Date().addingTimeInterval(-2)

        try cli.ok("import", "-", input: #"[{"title": "Old", "completed": true}, {"title": "Older", "completed": true, "createdAt": "2026-01-02T03:04:05+01:00"}]"#)
        let tasks = try cli.objects("export")

        #expect(tasks.map { $0["completed"] as? Bool } == [true, true])
        let first = try #require(JSON.instant(tasks.first?["completedAt"]), "\(tasks.first?["completedAt"] ?? "nil")")
        #expect(first >= start && first <= Date().addingTimeInterval(2))
        #expect(tasks.last?["completedAt"] as? String == "2026-01-02T03:04:05+01:00")
        // And its export imports again.
        let again = try CLI()
        defer { again.remove() }
        try again.ok("import", "-", input: try cli.ok("export"))
        #expect(Self.withoutIDs(try again.objects("export")) == Self.withoutIDs(tasks))
    }

    @Test("an empty array imports nothing")
    func emptyArray() throws {
        let cli = try CLI()
        defer { cli.remove() }

        #expect(try cli.ok("import", "-", input: "[]") == "Imported 0 tasks.\n")
        #expect(try cli.objects("export").isEmpty)
    }

    @Test("export of an empty store is an empty array")
    func emptyExport() throws {
        let cli = try CLI()
        defer { cli.remove() }

        #expect(try cli.ok("export").trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }
}
