import Foundation
import TestSupport
import Testing

/// `show` and `edit`.
@Suite("show and edit", .ownThread)
struct ShowEditTests {
    /// One task with every field set, far enough ahead to stay upcoming.
    static func addFullTask(to cli: CLI) throws {
        try cli.ok("add", "Pay rent", "--due", "2099-12-01 17:00", "--notes", "ask about the deposit",
                   "--category", "Home", "--priority", "high")
    }

    @Test("show prints every field and every reminder")
    func show() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addFullTask(to: cli)

        let lines = try cli.lines("show", "1")

        #expect(lines.first == "Task 1 Pay rent")
        #expect(lines.contains("  state          upcoming"))
        #expect(lines.contains { $0.hasPrefix("  due            Tue 1 Dec 2099 17:00 (in ") })
        #expect(lines.contains("  category       Home"))
        #expect(lines.contains("  priority       high"))
        #expect(lines.contains("  notes          ask about the deposit"))
        #expect(lines.contains("  reminder       on"))
        #expect(lines.contains { $0.hasPrefix("    morning      Tue 1 Dec 2099 09:00 (in ") })
        #expect(lines.contains { $0.hasPrefix("    at due time  Tue 1 Dec 2099 17:00 (in ") })
        #expect(lines.contains { $0.hasPrefix("  created        today ") })
    }

    @Test("show marks reminders that have passed, and the completion of a done task")
    func showPassed() throws {
        let cli = try CLI()
        defer { cli.remove() }
        // Added before its reminders, which then were due and passed.
        try cli.ok("add", "Old", "--due", "2020-06-01 17:00", "--now", "2020-05-01 12:00")
        try cli.ok("add", "Finished", "--due", "2099-06-01")
        try cli.ok("done", "Finished")

        let old = try cli.lines("show", "Old")
        let finished = try cli.lines("show", "Finished")

        #expect(old.contains("  state          overdue"))
        #expect(old.contains { $0.hasPrefix("    morning      Mon 1 Jun 2020 09:00 (") && $0.hasSuffix(" ago, passed)") })
        #expect(finished.contains("  state          done"))
        #expect(finished.contains { $0.hasPrefix("  completed      today ") })
    }

    @Test("show --json prints the same object as list --json")
    func showJSON() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addFullTask(to: cli)
        try cli.ok("add", "Read that book")

        let shown = try cli.task("1")
        let listed = try #require(try cli.objects("list", "--json").first { $0["id"] as? Int == 1 })

        ListTests.checkTaskShape(shown)
        #expect(JSON.text(shown) == JSON.text(listed))
        #expect(shown["title"] as? String == "Pay rent")
        #expect(shown["nextReminder"] as? String == "2099-12-01T09:00:00+01:00")
    }

    @Test("show finds a task by its id, by #id, or by part of its title in any case", arguments: ["2", "#2", "rent", "RENT", "Pay R", " rent "])
    func showByReference(reference: String) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Buy milk")
        try cli.ok("add", "Pay rent")

        #expect(try cli.task(reference)["id"] as? Int == 2)
    }

    @Test("edit changes one field and leaves the others", arguments: [
        (["--title", "Pay the rent"], ["title": #""Pay the rent""#]),
        (["--title", "  Pay the rent  "], ["title": #""Pay the rent""#]),
        (["--due", "2099-12-24"], ["due": #"{"day":"2099-12-24"}"#, "dueInstant": #""2099-12-25T00:00:00+01:00""#]),
        (["--due", "2099-12-24 18:00"], ["due": #"{"time":"2099-12-24T18:00:00+01:00"}"#, "dueInstant": #""2099-12-24T18:00:00+01:00""#]),
        (["--no-due"], ["due": "null", "dueInstant": "null", "nextReminder": "null", "reminders": "[]", "state": #""noDueDate""#, "group": #""someday""#]),
        (["--notes", "bring the receipt"], ["notes": #""bring the receipt""#]),
        (["--notes", ""], ["notes": "null"]),
        (["--category", "Work"], ["category": #""Work""#, "tags": #"["Work"]"#]),
        (["--tag", "weekend"], ["tags": #"["Home","weekend"]"#]),
        (["--untag", "home"], ["tags": "[]", "category": #""General""#]),
        (["--start", "2099-11-30"], ["start": #"{"day":"2099-11-30"}"#, "waiting": "true"]),
        (["--priority", "low"], ["priority": #""low""#]),
    ] as [([String], [String: String])])
    func editOneField(options: [String], changed: [String: String]) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addFullTask(to: cli)
        let before = try cli.task("1")

        let output = try cli.ok(["edit", "1"] + options)
        let after = try cli.task("1")

        #expect(output.hasPrefix("Changed 1 "))
        for (key, value) in changed {
            #expect(JSON.text(after[key]) == value, "\(key)")
        }
        // A new due date moves the reminders too; everything else stays.
        let derived: Set = options.first == "--due" ? ["nextReminder", "reminders"] : []
        for key in before.keys where changed[key] == nil && !derived.contains(key) {
            #expect(JSON.text(after[key]) == JSON.text(before[key]), "\(key) changed")
        }
    }

    @Test("edit changes several fields at once, finding the task by title")
    func editSeveral() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addFullTask(to: cli)
        try cli.ok("add", "Read that book")

        let output = try cli.ok("edit", "book", "--title", "Read Dune", "--due", "2099-12-02", "--notes", "the first one",
                                "--category", "Personal", "--priority", "low")
        let task = try cli.task("2")

        #expect(output.hasPrefix("Changed 2 Read Dune: due Wed 2 Dec 2099 (in "))
        #expect(task["title"] as? String == "Read Dune")
        #expect(JSON.text(task["due"]) == #"{"day":"2099-12-02"}"#)
        #expect(task["notes"] as? String == "the first one")
        #expect(task["category"] as? String == "Personal")
        #expect(task["priority"] as? String == "low")
        #expect(task["nextReminder"] as? String == "2099-12-02T09:00:00+01:00")
        #expect(try cli.task("1")["title"] as? String == "Pay rent")
    }

    @Test("edit keeps a completed task completed")
    func editCompleted() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addFullTask(to: cli)
        try cli.ok("done", "1")
        let before = try cli.task("1")

        try cli.ok("edit", "1", "--priority", "low")
        let after = try cli.task("1")

        #expect(after["completed"] as? Bool == true)
        #expect(JSON.text(after["completedAt"]) == JSON.text(before["completedAt"]))
    }
}
