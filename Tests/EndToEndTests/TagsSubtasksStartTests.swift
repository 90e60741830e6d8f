import Foundation
import TestSupport
import Testing

/// Tags, subtasks and a start date on the command line: each form,
/// and each refusal (one sentence, the README's exit status, nothing changed).
@Suite("tags, subtasks and starts", .ownThread)
struct TagsSubtasksStartTests {
    @Test("--tag, repeated, tags a task; the first tag is its category; show, the JSON and tags carry them; edit --tag and --untag change them")
    func tags() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Paint the kitchen", "--tag", "home", "--tag", "weekend")
        try cli.ok("add", "Mow the lawn", "--category", "Garden", "--tag", "Home")
        try cli.ok("add", "Read that book")

        let paint = try cli.task("1")
        #expect(paint["tags"] as? [String] == ["home", "weekend"] && paint["category"] as? String == "home")
        #expect(try cli.task("2")["tags"] as? [String] == ["Garden", "Home"])
        let book = try cli.task("3")
        #expect(book["tags"] as? [String] == [] && book["category"] as? String == "General")
        #expect(try cli.lines("show", "1").contains("  tags           home, weekend"))
        #expect(try cli.lines("tags") == ["Garden   1 open of 1", "home     2 open of 2", "weekend  1 open of 1"])

        try cli.ok("edit", "1", "--tag", "Garden", "--untag", "WEEKEND")
        #expect(try cli.task("1")["tags"] as? [String] == ["home", "Garden"])
        try cli.ok("edit", "1", "--untag", "home")
        #expect(try cli.task("1")["category"] as? String == "Garden")
    }

    @Test("--untag of a tag the task does not have is refused: one sentence, exit 1, nothing changed")
    func untagRefused() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Paint the kitchen", "--tag", "home", "--tag", "weekend")
        let message = try cli.failsWithoutChange(["edit", "1", "--untag", "office"])
        #expect(message == "Task 1 “Paint the kitchen” has no tag “office”, so nothing was changed: its tags are home, weekend.")
        try cli.failsWithoutChange(["add", "Empty", "--tag", " "], status: 64)
    }

    @Test("--parent makes a subtask (by id or title); show lists the subtasks and the parent; the JSON says the parent; edit --no-parent ends it")
    func subtasks() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Paint the kitchen")
        try cli.ok("add", "Buy paint", "--parent", "Paint the kitchen", "--due", "2099-12-05")
        try cli.ok("add", "Tape the edges", "--parent", "1")
        try cli.ok("add", "Pick a colour", "--parent", "Buy paint")
        try cli.ok("done", "Tape")

        #expect(try cli.task("2")["parent"] as? Int == 1)
        let shown = try cli.lines("show", "1")
        #expect(shown.contains("  subtasks       1 of 2 done"))
        #expect(shown.contains("                   2 Buy paint"))
        #expect(shown.contains("                     4 Pick a colour"))
        #expect(shown.contains("                 ✓ 3 Tape the edges"))
        #expect(try cli.lines("show", "4").contains("  parent         2 Buy paint"))

        try cli.ok("edit", "Buy paint", "--no-parent")
        #expect(JSON.isNull(try cli.task("2")["parent"]))
        try cli.ok("edit", "2", "--parent", "1")
        #expect(try cli.task("2")["parent"] as? Int == 1)
    }

    @Test("A subtask added without a category is in its parent's; one named keeps its own")
    func subtaskCategory() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Plan Lisbon trip", "--category", "Travel")
        try cli.ok("add", "Book flights", "--parent", "Lisbon")
        try cli.ok("add", "Renew passport", "--parent", "Lisbon", "--category", "Personal")
        try cli.ok("add", "Pack", "--parent", "Lisbon", "--tag", "home")
        #expect(try cli.task("2")["category"] as? String == "Travel")
        #expect(try cli.task("3")["category"] as? String == "Personal")
        #expect(try cli.task("4")["category"] as? String == "home")
    }

    @Test("A task cannot be its own parent, nor a subtask of its own subtask: one sentence, exit 1, nothing changed", arguments: [
        (["edit", "1", "--parent", "1"], "Task 1 “Paint” cannot be its own parent, so nothing was changed: give another task as --parent."),
        (["edit", "1", "--parent", "3"], "Task 3 “Pick” is a subtask of task 1 “Paint”, so it cannot be its parent: nothing was changed."),
        (["add", "New", "--parent", "9"], "There is no task 9: `todo-remind list --all` shows every task's id."),
        (["edit", "1", "--parent", "2", "--no-parent"], nil),
    ] as [([String], String?)])
    func parentRefused(arguments: [String], message: String?) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Paint")
        try cli.ok("add", "Buy", "--parent", "1")
        try cli.ok("add", "Pick", "--parent", "2")
        let said = try cli.failsWithoutChange(arguments, status: message == nil ? 64 : 1)
        if let message { #expect(said == message) }
    }

    @Test("--start sets when a task can begin: show and the JSON say it and that it waits; --no-start removes it")
    func start() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Book flights", "--start", "2027-01-05", "--due", "2027-01-20", "--now", "2026-12-01 10:00")
        let task = try cli.json("show", "1", "--json", "--now", "2026-12-01 10:00") as? [String: Any]
        #expect(JSON.text(task?["start"]) == #"{"day":"2027-01-05"}"#)
        #expect(task?["waiting"] as? Bool == true)
        let shown = try cli.lines("show", "1", "--now", "2026-12-01 10:00")
        #expect(shown.contains("  state          upcoming, waiting to start"))
        #expect(shown.contains { $0.hasPrefix("  start          Tue 5 Jan 2027") })
        #expect((try cli.json("show", "1", "--json", "--now", "2027-01-05 00:00") as? [String: Any])?["waiting"] as? Bool == false)

        try cli.ok("edit", "1", "--start", "2027-01-10 09:30")
        #expect(JSON.text(try cli.task("1")["start"]) == #"{"time":"2027-01-10T09:30:00+01:00"}"#)
        try cli.ok("edit", "1", "--no-start")
        #expect(JSON.isNull(try cli.task("1")["start"]))
    }

    @Test("A due before the start is refused on add and on edit, naming both: one sentence, exit 64, nothing changed", arguments: [
        ["add", "Book flights", "--start", "2027-01-20", "--due", "2027-01-05"],
        ["edit", "1", "--start", "2027-01-21"],
        ["edit", "1", "--due", "2027-01-04"],
        ["edit", "1", "--start", "2027-01-05", "--no-start"],
    ])
    func dueBeforeStart(arguments: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--start", "2027-01-05", "--due", "2027-01-20")
        let message = try cli.failsWithoutChange(arguments, status: 64)
        if arguments.last != "--no-start" {
            #expect(message.hasPrefix("The due (") && message.contains(") comes before the start ("))
        }
    }

    @Test("--remind takes start and lengths from the start, which show and the JSON say")
    func startAlarms() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Book flights", "--start", "2099-01-05 09:00", "--due", "2099-01-20", "--remind", "start,-1d@start")
        #expect(JSON.text(try cli.task("1")["alarms"]) == #"[{"fromStart":0},{"fromStart":-86400}]"#)
        #expect(try cli.lines("show", "1").contains("  alarms         at the start, 1 day before the start"))
        let reminders = (try cli.task("1")["reminders"] as? [[String: Any]] ?? []).compactMap { $0["at"] as? String }
        #expect(reminders.prefix(2) == ["2099-01-04T09:00:00+01:00", "2099-01-05T09:00:00+01:00"])
    }

    @Test("done of a parent with open subtasks is refused off a terminal, asked on one, and --with-subtasks completes them too")
    func doneParent() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Paint the kitchen")
        try cli.ok("add", "Buy paint", "--parent", "1")
        try cli.ok("add", "Pick a colour", "--parent", "2")
        let message = try cli.failsWithoutChange(["done", "1"])
        #expect(message == "Task 1 “Paint the kitchen” has 2 open subtasks (2 “Buy paint”, 3 “Pick a colour”), so nothing was changed: `todo-remind done 1 --with-subtasks` completes them too.")

        let declined = try cli.runOnTerminal(["done", "1"], typing: "n\n")
        #expect(declined.status == 1 && declined.stderr.contains("Task 1 “Paint the kitchen” has 2 open subtasks. Mark them done too? [y/N]"))
        #expect(try cli.task("1")["completed"] as? Bool == false)

        let agreed = try cli.runOnTerminal(["done", "1"], typing: "y\n")
        #expect(agreed.status == 0, "\(agreed)")
        #expect(try (1...3).allSatisfy { try cli.task(String($0))["completed"] as? Bool == true })

        try cli.ok("add", "Tidy up")
        try cli.ok("add", "Sort books", "--parent", "4")
        #expect(try cli.lines("done", "4", "--with-subtasks") == ["Done: 4 Tidy up", "Done: 5 Sort books"])
    }

    @Test("delete of a parent takes its subtasks, asked or with --with-subtasks; refused otherwise, nothing deleted")
    func deleteParent() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Paint the kitchen")
        try cli.ok("add", "Buy paint", "--parent", "1")
        try cli.ok("done", "2")
        try cli.ok("add", "Read that book")
        let message = try cli.failsWithoutChange(["delete", "1"])
        #expect(message.hasPrefix("Task 1 “Paint the kitchen” has 1 subtask (2 “Buy paint”)"))
        #expect(try cli.lines("delete", "1", "--with-subtasks") == ["Deleted: 1 Paint the kitchen", "Deleted: 2 Buy paint"])
        #expect(try cli.objects("export").map { $0["title"] as? String } == ["Read that book"])
    }

    @Test("export and import carry tags, parents and starts; a parent not in the file is refused, nothing imported")
    func exportImport() throws {
        let source = try CLI()
        defer { source.remove() }
        try source.ok("add", "Plan the trip", "--tag", "travel", "--start", "2099-01-05", "--due", "2099-01-20", "--remind", "start")
        try source.ok("add", "Book flights", "--parent", "1", "--tag", "travel", "--tag", "phone")
        try source.ok("add", "Delete me")
        try source.ok("delete", "3")
        try source.ok("add", "Pick seats", "--parent", "2")
        let exported = try source.ok("export")

        let target = try CLI()
        defer { target.remove() }
        try target.ok("add", "Already here")
        #expect(try target.ok("import", "-", input: exported) == "Imported 3 tasks.\n")
        let tasks = try target.objects("export")
        #expect(tasks.map { $0["parent"] as? Int } == [nil, nil, 2, 3])
        #expect(tasks[2]["tags"] as? [String] == ["travel", "phone"])
        #expect(JSON.text(tasks[1]["start"]) == #"{"day":"2099-01-05"}"#)
        #expect(JSON.text(tasks[1]["alarms"]) == #"[{"fromStart":0}]"#)

        let message = try target.failsWithoutChange(["import", "-"], status: 65, input: #"[{"id": 1, "title": "A"}, {"title": "B", "parent": 7}]"#)
        #expect(message == "Element 1 of standard input cannot be imported: \"parent\" is 7, the \"id\" of no other element of the file; nothing was imported.")
        try target.failsWithoutChange(["import", "-"], status: 65, input: #"[{"id": 1, "title": "A", "parent": 2}, {"id": 2, "title": "B", "parent": 1}]"#)
        try target.failsWithoutChange(["import", "-"], status: 65, input: #"[{"title": "A", "start": {"day": "2099-01-05"}, "due": {"day": "2099-01-04"}}]"#)
    }

    @Test("A subtask goes in its parent's list; another list is refused; moving the parent moves its subtasks and their files")
    func subtasksInLists() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try cli.ok("add", "Plan the trip", "--list", "work", "--tag", "travel", "--start", "2099-01-05")
        try cli.ok("add", "Book flights", "--parent", "1")
        #expect(try cli.task("2")["list"] as? String == "work")
        let message = try cli.failsWithoutChange(["add", "Pack", "--parent", "1", "--list", "personal"])
        #expect(message == "Task 1 “Plan the trip” is in the list work, and a subtask is in its parent's list, so nothing was changed: leave out --list, or give --list work.")
        #expect(try cli.failsWithoutChange(["edit", "2", "--list", "personal"])
            == "Task 2 “Book flights” is a subtask of task 1 “Plan the trip”, and a subtask is in its parent's list, "
            + "so nothing was changed: move the parent, or take the task out of it too (--no-parent, or an empty Parent).")

        let parentFile = try lists.files("work").first { try lists.read("work", $0).contains("SUMMARY:Plan the trip") }
        let parentText = try lists.read("work", try #require(parentFile))
        #expect(parentText.contains("CATEGORIES:travel\r\n") && parentText.contains("DTSTART;VALUE=DATE:20990105\r\n"))
        let uid = try #require(ListFolders.contentLines(parentText).first { $0.hasPrefix("UID:") }?.dropFirst(4))
        let childFile = try #require(try lists.files("work").first { $0 != parentFile })
        #expect(try lists.read("work", childFile).contains("RELATED-TO;RELTYPE=PARENT:\(uid)\r\n"))

        #expect(try cli.lines("edit", "1", "--list", "personal").last == "Moved 1 subtask with it to personal.")
        #expect(try lists.files("work").isEmpty)
        #expect(try lists.files("personal").count == 2)
        #expect(try cli.task("2")["list"] as? String == "personal")
    }

    @Test("sync --check names a subtask whose parent is in no list, and it is listed at the top level, not lost")
    func looseSubtaskReported() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try lists.put("personal", "child.ics", ListFolders.todo(uid: "child", summary: "Buy paint", extra: ["RELATED-TO:gone-parent"]))
        try cli.ok("sync")
        let check = try cli.lines("sync", "--check")
        #expect(check.contains("subtask shown at the top level: task 1 “Buy paint”: its parent (UID gone-parent) is in no list."))
        #expect(check.last == "In step: the store and the folders agree.")
        #expect(try cli.objects("list", "--json").map { $0["title"] as? String } == ["Buy paint"])
    }
}

/// `list` with tags, subtasks and starts.
@Suite("list with tags, subtasks and starts", .ownThread)
struct ListTagsSubtasksStartTests {
    static let noon = "2026-12-01 12:00"

    /// A parent with two subtasks (one done, one with a subtask of its
    /// own), a task waiting to start, and one of its own.
    static func addKitchen(to cli: CLI) throws {
        try cli.ok("add", "Paint the kitchen", "--tag", "home", "--tag", "weekend", "--due", "2026-12-05", "--now", noon)
        try cli.ok("add", "Buy paint", "--parent", "1", "--due", "2026-12-02", "--category", "General", "--now", noon)
        try cli.ok("add", "Pick a colour", "--parent", "1", "--category", "General", "--now", noon)
        try cli.ok("add", "Sand the walls", "--parent", "3", "--tag", "home", "--now", noon)
        try cli.ok("add", "Book flights", "--start", "2027-01-05", "--due", "2027-01-20", "--now", noon)
        try cli.ok("add", "Read that book", "--now", noon)
        try cli.ok("done", "2", "--now", noon)
    }

    @Test("list shows subtasks indented under their parent, in its group, with its progress; a task waiting to start is left out and counted")
    func subtasksAndWaiting() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addKitchen(to: cli)

        #expect(try cli.ok("list", "--now", Self.noon) == """
            Upcoming
            · 1  Paint the kitchen [1/2]  home     medium  Sat 5 Dec · in 4 days  Sat 5 Dec 09:00
              3    Pick a colour [0/1]    General  medium
              4      Sand the walls       home     medium

            Someday
              6  Read that book           General  medium

            1 of 6 done · 0 overdue · 0 due within 24 h · 1 waiting

            """)
        #expect(try cli.ok("list", "--all", "--now", Self.noon) == """
            Upcoming
            · 1  Paint the kitchen [1/2]               home     medium  Sat 5 Dec · in 4 days         Sat 5 Dec 09:00
              3    Pick a colour [0/1]                 General  medium
              4      Sand the walls                    home     medium
            ✓ 2    Buy paint                           General  medium  tomorrow                      -
            · 5  Book flights (starts Tue 5 Jan 2027)  General  medium  Wed 20 Jan 2027 · in 50 days  Wed 20 Jan 2027 09:00

            Someday
              6  Read that book                        General  medium

            1 of 6 done · 0 overdue · 0 due within 24 h · 1 waiting

            """)
        // The JSON is in the same order, each subtask after its parent.
        #expect(try cli.objects("list", "--json", "--now", Self.noon).map { $0["id"] as? Int } == [1, 3, 4, 6])
    }

    @Test("list --waiting shows only the tasks whose start is still ahead; from the start on, the task is listed as any other")
    func waiting() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addKitchen(to: cli)

        #expect(try cli.objects("list", "--waiting", "--json", "--now", Self.noon).map { $0["id"] as? Int } == [5])
        #expect(try cli.lines("list", "--waiting", "--now", Self.noon).first { $0.contains("Book flights") }?
            .contains("Book flights (starts Tue 5 Jan 2027)") == true)
        let started = try cli.objects("list", "--json", "--now", "2027-01-05 00:00").map { $0["id"] as? Int }
        #expect(started.contains(5))
        #expect(try cli.objects("list", "--waiting", "--json", "--now", "2027-01-05 00:00").isEmpty)
    }

    @Test("list --tag shows the tasks with that tag, in any case; several --tag, those with all of them; a subtask whose parent is not shown stands on its own")
    func tags() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addKitchen(to: cli)

        #expect(try cli.ok("list", "--tag", "HOME", "--now", Self.noon) == """
            Upcoming
            · 1  Paint the kitchen [1/2]  home  medium  Sat 5 Dec · in 4 days  Sat 5 Dec 09:00

            Someday
              4  Sand the walls           home  medium

            0 of 2 done · 0 overdue · 0 due within 24 h

            """)
        #expect(try cli.objects("list", "--tag", "home", "--tag", "Weekend", "--json", "--now", Self.noon).map { $0["id"] as? Int } == [1])
        #expect(try cli.lines("list", "--tag", "nothing", "--now", Self.noon).first == "No tasks to show.")
        try cli.failsWithoutChange(["list", "--tag", " "], status: 64)
    }
}

/// `undo` and `undo --list` on the command line.
@Suite("undo", .ownThread)
struct UndoTests {
    @Test("undo reverts the newest change not undone yet and says which; again for the one before; tags, start and parent come back; then it refuses")
    func undoEachKind() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Paint the kitchen", "--tag", "home", "--tag", "weekend")
        try cli.ok("add", "Buy paint", "--parent", "1", "--start", "2099-01-05", "--category", "General")
        try cli.ok("edit", "2", "--no-parent", "--no-start", "--tag", "shop")
        #expect(try cli.lines("undo") == ["Undid: edit 2 “Buy paint”"])
        let paint = try cli.task("2")
        #expect(paint["parent"] as? Int == 1 && paint["tags"] as? [String] == [] && JSON.text(paint["start"]) == #"{"day":"2099-01-05"}"#)
        #expect(try cli.lines("tags") == ["home     1 open of 1", "weekend  1 open of 1"])

        try cli.ok("done", "1", "--with-subtasks")
        #expect(try cli.lines("undo") == ["Undid: done 2 tasks"])
        #expect(try cli.objects("list", "--all", "--json").allSatisfy { $0["completed"] as? Bool == false })

        try cli.ok("delete", "1", "--with-subtasks")
        #expect(try cli.lines("undo") == ["Undid: delete 2 tasks"])
        #expect(try cli.task("2")["parent"] as? Int == 1)

        try cli.ok("done", "2")
        try cli.ok("clear", "--completed", "--yes")
        #expect(try cli.lines("undo") == ["Undid: clear 2 “Buy paint”"])
        #expect(try cli.task("2")["completed"] as? Bool == true)

        let listed = try cli.lines("undo", "--list")
        #expect(listed.count == 7 && listed.first?.contains("  command  clear 2 “Buy paint” (undone ") == true)
        #expect(listed.last?.hasSuffix("add 1 “Paint the kitchen”") == true)

        for _ in 0..<3 { try cli.ok("undo") }
        #expect(try cli.objects("list", "--all", "--json").isEmpty)
        let message = try cli.failsWithoutChange(["undo"], status: 1)
        #expect(message == "There is no change left to undo: every change kept is undone already (`todo-remind undo --list` shows them).")
    }
}
