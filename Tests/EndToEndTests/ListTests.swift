import Foundation
import TestSupport
import Testing

/// `list`: the groups, the footer, every filter and order, and `--json`.
@Suite("list", .ownThread)
struct ListTests {
    /// A week around Tuesday 1 December 2026, seen from noon that day (`--now`).
    static let noon = "2026-12-01 12:00"

    /// When the week's tasks are added: before any of their reminders, so
    /// that each is one (a reminder that fell before its task had its due
    /// is none).
    static let before = "2026-11-27 12:00"

    /// Six tasks, one per situation `list` tells apart.
    static func addWeek(to cli: CLI) throws {
        try cli.ok("add", "Renew passport", "--due", "2026-11-28", "--category", "Personal", "--priority", "high", "--no-reminder", "--now", Self.before)
        try cli.ok("add", "Pay rent", "--due", "2026-12-01 17:00", "--category", "Home", "--priority", "high", "--now", Self.before)
        try cli.ok("add", "Buy milk", "--due", "2026-12-02", "--category", "Shopping", "--now", Self.before)
        try cli.ok("add", "Call mum", "--due", "2026-12-02 10:00", "--priority", "low", "--now", Self.before)
        try cli.ok("add", "Read that book", "--now", Self.before)
        try cli.ok("add", "File taxes", "--due", "2026-11-30", "--now", Self.before)
        try cli.ok("done", "taxes")
    }

    @Test("list shows open tasks grouped Overdue, Today, Upcoming, Someday, and the footer counts them")
    func groupsAndFooter() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addWeek(to: cli)

        let output = try cli.ok("list", "--now", Self.noon)

        #expect(output == """
            Overdue
            ! 1  Renew passport  Personal  high    Sat 28 Nov · 3 days ago   off

            Today
            ~ 2  Pay rent        Home      high    today 17:00 · in 5 h      today 17:00

            Upcoming
            ~ 4  Call mum        General   low     tomorrow 10:00 · in 22 h  tomorrow 09:00
            · 3  Buy milk        Shopping  medium  tomorrow                  tomorrow 09:00

            Someday
              5  Read that book  General   medium

            1 of 6 done · 1 overdue · 2 due within 24 h

            """)
    }

    @Test("the groups come in the order Overdue, Today, Upcoming, Someday, then Completed with --all")
    func groupOrder() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addWeek(to: cli)

        let headers = ["Overdue", "Today", "Upcoming", "Someday", "Completed"]
        let open = try cli.lines("list", "--now", Self.noon).filter(headers.contains)
        let all = try cli.lines("list", "--all", "--now", Self.noon).filter(headers.contains)

        #expect(open == ["Overdue", "Today", "Upcoming", "Someday"])
        #expect(all == headers)
    }

    @Test("the footer is the last line: N of M done · X overdue · Y due within 24 h")
    func footer() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addWeek(to: cli)

        #expect(try cli.lines("list", "--now", Self.noon).last == "1 of 6 done · 1 overdue · 2 due within 24 h")
        // Five days later everything with a date is overdue.
        #expect(try cli.lines("list", "--now", "2026-12-05 18:00").last == "1 of 6 done · 4 overdue · 0 due within 24 h")
        // Long before, nothing is.
        #expect(try cli.lines("list", "--now", "2026-11-01").last == "1 of 6 done · 0 overdue · 0 due within 24 h")
    }

    @Test("an empty store says how to add a task")
    func emptyStore() throws {
        let cli = try CLI()
        defer { cli.remove() }

        let lines = try cli.lines("list")

        // One line: nothing to count.
        #expect(lines == [#"No tasks yet. Add one: todo-remind add "Buy milk" --due tomorrow"#])
    }

    @Test("--all adds the completed tasks, --completed shows only them")
    func completedTasks() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addWeek(to: cli)

        #expect(try Self.ids(cli, "list", "--json", "--now", Self.noon) == [1, 2, 4, 3, 5])
        #expect(try Self.ids(cli, "list", "--all", "--json", "--now", Self.noon) == [1, 2, 4, 3, 5, 6])
        #expect(try Self.ids(cli, "list", "--completed", "--json", "--now", Self.noon) == [6])
        let completed = try cli.lines("list", "--completed")
        #expect(completed.contains { $0.hasPrefix("✓ 6  File taxes") })
        #expect(!completed.contains { $0.contains("Pay rent") })
    }

    @Test("list filters", arguments: [
        (["--category", "Shopping"], [3]),
        (["--category", "shopping"], [3]),
        (["--category", "Nowhere"], []),
        (["--priority", "high"], [1, 2]),
        (["--priority", "low"], [4]),
        (["--priority", "medium"], [3, 5]),
        (["--overdue"], [1]),
        (["--due-soon"], [2, 4]),
        (["--overdue", "--due-soon"], [1, 2, 4]),
        (["--priority", "high", "--overdue"], [1]),
        (["--all", "--category", "General"], [4, 5, 6]),
    ] as [([String], [Int])])
    func filters(options: [String], expected: [Int]) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addWeek(to: cli)

        #expect(try Self.ids(cli, ["list", "--json", "--now", Self.noon] + options) == expected)
    }

    @Test("--search matches title and notes in any case and with any accents", arguments: [
        ("cafe", [1, 2]),
        ("CAFE", [1, 2]),
        ("café", [1, 2]),
        ("CAFÉ", [1, 2]),
        ("au lait", [1]),
        ("corner", [2]),
        ("tea", [2]),
        ("espresso", []),
    ])
    func search(text: String, expected: [Int]) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Café au lait")
        try cli.ok("add", "Tea", "--notes", "at the CAFÉ on the corner")
        try cli.ok("add", "Buy milk")

        #expect(try Self.ids(cli, "list", "--json", "--search", text) == expected)
        let table = try cli.lines("list", "--search", text)
        #expect(!table.contains { $0.contains("Buy milk") })
        #expect(table.last == "0 of \(expected.count) done · 0 overdue · 0 due within 24 h")
    }

    @Test("a filter that matches nothing says so, not that there are no tasks", arguments: [
        ["--search", "espresso"], ["--category", "Nowhere"], ["--priority", "high"],
    ])
    func nothingMatches(filter: [String]) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Buy milk")

        let lines = try cli.lines(["list"] + filter)

        #expect(lines == ["No tasks to show.", "0 of 0 done · 0 overdue · 0 due within 24 h"])
    }

    @Test("--search also finds completed tasks with --all, and the footer counts only the matches")
    func searchAll() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Café au lait")
        try cli.ok("add", "Cafe bill")
        try cli.ok("add", "Buy milk")
        try cli.ok("done", "bill")

        #expect(try Self.ids(cli, "list", "--json", "--search", "cafe") == [1])
        #expect(try Self.ids(cli, "list", "--all", "--json", "--search", "cafe") == [1, 2])
        #expect(try cli.lines("list", "--all", "--search", "cafe").last == "1 of 2 done · 0 overdue · 0 due within 24 h")
    }

    @Test("--search takes % and _ literally")
    func searchWildcards() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "100% juice")
        try cli.ok("add", "snake_case names")
        try cli.ok("add", "Plain")

        #expect(try Self.ids(cli, "list", "--json", "--search", "%") == [1])
        #expect(try Self.ids(cli, "list", "--json", "--search", "_") == [2])
    }

    @Test("A list longer than one output block keeps every row whole, aligned and without trailing spaces")
    func longList() throws {
        let cli = try CLI()
        defer { cli.remove() }
        // Given 3,000 tasks (some 300 KB of table), titles of every length,
        // a wide category on one task, no due date on some (a blank last cell)
        let tasks = (1...3000).map { index in
            let title = String(repeating: "x", count: index % 60 + 1)
            let category = index == 1500 ? String(repeating: "Wide", count: 10) : "Work"
            let due = index % 3 == 0 ? "null" : "{\"day\": \"2099-12-\(String(format: "%02d", index % 28 + 1))\"}"
            return "{\"title\": \"\(title)\", \"category\": \"\(category)\", \"due\": \(due)}"
        }
        try cli.ok("import", "-", input: "[" + tasks.joined(separator: ",") + "]")

        // When they are listed
        let lines = try cli.lines("list", "--now", "2099-11-01")

        // Then every task has one row, in order of its group, and no line ends in a space
        let rows = lines.filter { $0.hasPrefix("·") || $0.hasPrefix(" ") }
        #expect(rows.count == 3000)
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
        // and the category column starts at the same place on every row
        let categoryStarts = Set(rows.compactMap { row in
            (row.range(of: "Work") ?? row.range(of: "WideWide")).map { row.distance(from: row.startIndex, to: $0.lowerBound) }
        })
        #expect(categoryStarts.count == 1)
        #expect(lines.last == "0 of 3000 done · 0 overdue · 0 due within 24 h")
    }

    /// Four tasks whose order differs for every --sort: ids 1–3 upcoming, 4 someday.
    static func addSortable(to cli: CLI) throws {
        let tasks = """
            [
              {"title": "Cherry", "due": {"day": "2099-12-02"}, "priority": "low", "createdAt": "2026-01-01T10:00:00+01:00"},
              {"title": "apple", "due": {"day": "2099-12-03"}, "priority": "medium", "createdAt": "2026-02-01T10:00:00+01:00"},
              {"title": "Banana", "due": {"day": "2099-12-01"}, "priority": "high", "createdAt": "2026-03-01T10:00:00+01:00"},
              {"title": "aardvark", "priority": "high", "createdAt": "2025-01-01T10:00:00+01:00"}
            ]
            """
        try cli.ok("import", "-", input: tasks)
    }

    @Test("--sort orders within each group", arguments: [
        ("due", [3, 1, 2, 4]),
        ("priority", [3, 2, 1, 4]),
        ("title", [2, 3, 1, 4]),
        ("created", [1, 2, 3, 4]),
    ])
    func sort(order: String, expected: [Int]) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addSortable(to: cli)

        #expect(try Self.ids(cli, "list", "--json", "--sort", order, "--now", "2099-11-01") == expected)
        let rows = try cli.lines("list", "--sort", order, "--now", "2099-11-01")
            .compactMap { line in line.dropFirst(2).split(separator: " ").first.flatMap { Int($0) } }
        #expect(rows == expected)
    }

    @Test("list sorts by due date when no --sort is given")
    func defaultSort() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addSortable(to: cli)

        #expect(try Self.ids(cli, "list", "--json", "--now", "2099-11-01") == [3, 1, 2, 4])
    }

    @Test("list --json prints every documented field with its type")
    func jsonFields() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addWeek(to: cli)
        try cli.ok("edit", "rent", "--notes", "ask about the deposit")

        let tasks = try cli.objects("list", "--all", "--json", "--now", Self.noon)

        #expect(tasks.count == 6)
        for task in tasks { Self.checkTaskShape(task) }
    }

    /// Checks one task object against the README's JSON section.
    static func checkTaskShape(_ task: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) {
        let fields: Set = [
            "id", "title", "notes", "category", "tags", "list", "parent", "priority", "due", "dueInstant", "start", "waiting",
            "state", "group", "completed", "completedAt", "createdAt", "reminder", "remindDefaults", "alarms", "nextReminder",
            "reminders", "repeat", "occurrences", "completions",
        ]
        #expect(Set(task.keys) == fields, sourceLocation: sourceLocation)
        #expect((task["tags"] as? [Any])?.allSatisfy(JSON.isString) == true, sourceLocation: sourceLocation)
        #expect(JSON.isInteger(task["parent"]) || JSON.isNull(task["parent"]), sourceLocation: sourceLocation)
        #expect(task["waiting"] is Bool, sourceLocation: sourceLocation)
        if let start = task["start"] as? [String: Any] {
            #expect(start.count == 1 && (JSON.isDay(start["day"]) || JSON.isInstant(start["time"])), "\(start)", sourceLocation: sourceLocation)
        } else {
            #expect(JSON.isNull(task["start"]), sourceLocation: sourceLocation)
        }
        // A one-off task: no rule, no occurrences, no history.
        if JSON.isNull(task["repeat"]) {
            #expect((task["occurrences"] as? [Any])?.isEmpty == true, sourceLocation: sourceLocation)
            #expect((task["completions"] as? [Any])?.isEmpty == true, sourceLocation: sourceLocation)
        } else {
            let repeating = task["repeat"] as? [String: Any]
            #expect(JSON.isString(repeating?["rule"]), sourceLocation: sourceLocation)
            #expect(["due", "completion"].contains(repeating?["from"] as? String), sourceLocation: sourceLocation)
        }
        #expect(JSON.isInteger(task["id"]), sourceLocation: sourceLocation)
        #expect(JSON.isString(task["title"]), sourceLocation: sourceLocation)
        #expect(JSON.isString(task["notes"]) || JSON.isNull(task["notes"]), sourceLocation: sourceLocation)
        #expect(JSON.isString(task["category"]), sourceLocation: sourceLocation)
        #expect(["low", "medium", "high"].contains(task["priority"] as? String), sourceLocation: sourceLocation)
        if let due = task["due"] as? [String: Any] {
            #expect(due.count == 1, sourceLocation: sourceLocation)
            #expect(JSON.isDay(due["day"]) || JSON.isInstant(due["time"]), "\(due)", sourceLocation: sourceLocation)
            #expect(JSON.isInstant(task["dueInstant"]), sourceLocation: sourceLocation)
        } else {
            #expect(JSON.isNull(task["due"]), sourceLocation: sourceLocation)
            #expect(JSON.isNull(task["dueInstant"]), sourceLocation: sourceLocation)
        }
        #expect(["completed", "noDueDate", "overdue", "dueSoon", "upcoming"].contains(task["state"] as? String), sourceLocation: sourceLocation)
        #expect(["overdue", "today", "upcoming", "someday", "completed"].contains(task["group"] as? String), sourceLocation: sourceLocation)
        #expect(JSON.isBool(task["completed"]), sourceLocation: sourceLocation)
        if task["completed"] as? Bool == true {
            #expect(JSON.isInstant(task["completedAt"]), sourceLocation: sourceLocation)
        } else {
            #expect(JSON.isNull(task["completedAt"]), sourceLocation: sourceLocation)
        }
        #expect(JSON.isInstant(task["createdAt"]), sourceLocation: sourceLocation)
        #expect(JSON.isBool(task["reminder"]), sourceLocation: sourceLocation)
        #expect(JSON.isInstant(task["nextReminder"]) || JSON.isNull(task["nextReminder"]), sourceLocation: sourceLocation)
        let reminders = task["reminders"] as? [[String: Any]]
        #expect(reminders != nil, sourceLocation: sourceLocation)
        for reminder in reminders ?? [] {
            #expect(Set(reminder.keys) == ["at", "kind"], sourceLocation: sourceLocation)
            #expect(JSON.isInstant(reminder["at"]), sourceLocation: sourceLocation)
            #expect(["morning", "atDueTime"].contains(reminder["kind"] as? String), sourceLocation: sourceLocation)
        }
    }

    @Test("list --json gives each task's due, state, group and reminders as of --now")
    func jsonValues() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try Self.addWeek(to: cli)

        let tasks = try cli.objects("list", "--all", "--json", "--now", Self.noon)
        let byID = Dictionary(uniqueKeysWithValues: tasks.map { ($0["id"] as? Int ?? 0, $0) })

        let passport = try #require(byID[1])
        #expect(JSON.text(passport["due"]) == #"{"day":"2026-11-28"}"#)
        #expect(passport["dueInstant"] as? String == "2026-11-29T00:00:00+01:00")
        #expect(passport["state"] as? String == "overdue")
        #expect(passport["group"] as? String == "overdue")
        #expect(passport["reminder"] as? Bool == false)
        #expect(JSON.isNull(passport["nextReminder"]))
        #expect(JSON.text(passport["reminders"]) == "[]")
        #expect(passport["category"] as? String == "Personal")
        #expect(passport["priority"] as? String == "high")

        let rent = try #require(byID[2])
        #expect(rent["title"] as? String == "Pay rent")
        #expect(JSON.text(rent["due"]) == #"{"time":"2026-12-01T17:00:00+01:00"}"#)
        #expect(rent["dueInstant"] as? String == "2026-12-01T17:00:00+01:00")
        #expect(rent["state"] as? String == "dueSoon")
        #expect(rent["group"] as? String == "today")
        #expect(rent["nextReminder"] as? String == "2026-12-01T17:00:00+01:00")
        #expect(JSON.text(rent["reminders"])
            == #"[{"at":"2026-12-01T09:00:00+01:00","kind":"morning"},{"at":"2026-12-01T17:00:00+01:00","kind":"atDueTime"}]"#)

        let milk = try #require(byID[3])
        #expect(milk["dueInstant"] as? String == "2026-12-03T00:00:00+01:00")
        #expect(milk["state"] as? String == "upcoming")
        #expect(milk["group"] as? String == "upcoming")
        #expect(milk["nextReminder"] as? String == "2026-12-02T09:00:00+01:00")

        let mum = try #require(byID[4])
        #expect(mum["state"] as? String == "dueSoon")
        #expect(mum["group"] as? String == "upcoming")

        let book = try #require(byID[5])
        #expect(JSON.isNull(book["due"]))
        #expect(book["state"] as? String == "noDueDate")
        #expect(book["group"] as? String == "someday")
        #expect(book["reminder"] as? Bool == true)
        #expect(JSON.isNull(book["nextReminder"]))

        let taxes = try #require(byID[6])
        #expect(taxes["completed"] as? Bool == true)
        #expect(JSON.isInstant(taxes["completedAt"]))
        #expect(taxes["state"] as? String == "completed")
        #expect(taxes["group"] as? String == "completed")
        #expect(JSON.text(taxes["reminders"]) == "[]")
    }

    @Test("--now moves the evaluation: a task due 2026-12-01 17:00 is overdue on 2026-12-05 at 18:00")
    func evaluationInstant() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--due", "2026-12-01 17:00")

        func view(at now: String) throws -> (state: String?, group: String?, next: String?) {
            let task = try #require(try cli.objects("list", "--json", "--now", now).first)
            return (task["state"] as? String, task["group"] as? String, task["nextReminder"] as? String)
        }

        let before = try view(at: "2026-11-20 12:00")
        #expect(before.state == "upcoming" && before.group == "upcoming" && before.next == "2026-12-01T09:00:00+01:00")
        let sameDay = try view(at: "2026-12-01 10:00")
        #expect(sameDay.state == "dueSoon" && sameDay.group == "today" && sameDay.next == "2026-12-01T17:00:00+01:00")
        let later = try view(at: "2026-12-05 18:00")
        // Overdue, it is reminded again each morning (overdue-in-digest).
        #expect(later.state == "overdue" && later.group == "overdue" && later.next == "2026-12-06T09:00:00+01:00")

        let overdue = try cli.lines("list", "--overdue", "--now", "2026-12-05 18:00")
        #expect(overdue.first == "Overdue")
        #expect(overdue.contains { $0.hasPrefix("! 1  Pay rent") })
        #expect(overdue.last == "0 of 1 done · 1 overdue · 0 due within 24 h")
    }

    @Test("a day due is due by the end of the day: overdue at the next midnight")
    func dayDue() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Buy milk", "--due", "2026-12-01")

        func state(at now: String) throws -> String? {
            try cli.objects("list", "--json", "--now", now).first?["state"] as? String
        }

        #expect(try state(at: "2026-11-30 00:00") == "upcoming")
        #expect(try state(at: "2026-12-01 00:00") == "dueSoon")
        #expect(try state(at: "2026-12-01T23:59") == "dueSoon")
        #expect(try state(at: "2026-12-02") == "overdue")
    }

    /// The ids of a JSON listing, in order.
    static func ids(_ cli: CLI, _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> [Int] {
        try ids(cli, arguments, sourceLocation: sourceLocation)
    }

    static func ids(_ cli: CLI, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [Int] {
        let parsed = try cli.json(arguments, sourceLocation: sourceLocation)
        let tasks = try #require(parsed as? [[String: Any]], sourceLocation: sourceLocation)
        return tasks.compactMap { $0["id"] as? Int }
    }

    @Test("a title's bidi override and zero-width characters are shown in list and show, never sent to the terminal")
    func bidiControlsShown() throws {
        // A U+202E from a synced title once reversed the rest of the row.
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay \u{202E}tner\u{200B}", "--due", "2026-12-10 17:00", "--now", "2026-12-01 12:00")

        for output in [try cli.ok("list", "--now", "2026-12-01 12:00"), try cli.ok("show", "1")] {
            #expect(output.contains("Pay \\u{202E}tner\\u{200B}"), "\(output)")
            #expect(!output.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200B}" }, "\(output.debugDescription)")
        }
    }
}
