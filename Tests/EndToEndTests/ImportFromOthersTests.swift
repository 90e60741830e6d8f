import Foundation
import TestSupport
import Testing

/// `import --from taskwarrior|todotxt|ics` and `export --format ics` with the
/// built binary: real data made by Debian's `task`, the todo.txt
/// specification's examples and a 200-line file, other clients' `.ics`.
@Suite(.ownThread) struct ImportFromOthersTests {
    /// The repository's `Tests/Fixtures` folder.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// A Taskwarrior 2.6 database made by `Tests/Fixtures/taskwarrior-export.sh`
    /// with the real `task`, in the CLI's zone (Europe/Berlin), as `task export` gives it.
    static func taskwarriorExport(_ cli: CLI) throws -> (path: String, elements: [[String: Any]]) {
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"),
                                           [fixtures.appendingPathComponent("taskwarrior-export.sh").path, cli.path("taskwarrior")],
                                           environment: cli.environment, name: "taskwarrior-export.sh")
        #expect(result.status == 0, "\(result.stderr)")
        let path = try cli.write("tasks.json", result.stdout)
        let elements = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return (path, elements)
    }

    /// Taskwarrior's `20300105T000000Z` as an instant.
    static func instant(_ text: Any?) -> Date? {
        guard let text = text as? String else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.date(from: text)
    }

    /// What the import makes of a Taskwarrior date: a day at local
    /// midnight, else the instant, as the JSON of `export` writes them.
    static func due(_ text: Any?) -> String? {
        guard let instant = instant(text) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        let day = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        if parts.hour == 0, parts.minute == 0, parts.second == 0 { return "day " + day }
        return "time \(Int(instant.timeIntervalSince1970))"
    }

    static func exported(_ value: Any?) -> String? {
        guard let object = value as? [String: Any] else { return nil }
        if let day = object["day"] as? String { return "day " + day }
        return JSON.instant(object["time"]).map { "time \(Int($0.timeIntervalSince1970))" }
    }

    @Test("Taskwarrior 2.6's export, made by the real task with every attribute, is imported field by field, and a second import changes nothing")
    func taskwarriorFieldByField() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let (path, elements) = try Self.taskwarriorExport(cli)

        let output = try cli.ok("import", "--from", "taskwarrior", path)
        let before = try cli.ok("export")
        let again = try cli.ok("import", path)

        #expect(output.hasPrefix("Imported 14 tasks.\n"), "\(output)")
        #expect(output.contains("2 (deleted in Taskwarrior)"), "\(output)")
        #expect(again.hasPrefix("Read as Taskwarrior's export.\nImported 0 tasks.\nLeft 14 tasks imported before as they are.\n"), "\(again)")
        #expect(try cli.ok("export") == before)
        let tasks = try #require(JSONSerialization.jsonObject(with: Data(before.utf8)) as? [[String: Any]])
        #expect(tasks.count == 14)
        for element in elements where element["parent"] == nil && element["status"] as? String != "deleted" {
            let title = try #require(element["description"] as? String)
            let task = try #require(tasks.first { $0["title"] as? String == title }, "\(title)")
            let project = (element["project"] as? String).map { [$0] } ?? []
            #expect(task["tags"] as? [String] == project + ((element["tags"] as? [String]) ?? []), "\(title)")
            let priority = ["H": "high", "M": "medium", "L": "low"][(element["priority"] as? String) ?? "M"]
            #expect(task["priority"] as? String == priority, "\(title)")
            #expect(JSON.instant(task["createdAt"]).map { Int($0.timeIntervalSince1970) } == Self.instant(element["entry"]).map { Int($0.timeIntervalSince1970) }, "\(title)")
            #expect(JSON.instant(task["completedAt"]).map { Int($0.timeIntervalSince1970) } == Self.instant(element["end"]).map { Int($0.timeIntervalSince1970) }, "\(title)")
            // One line each, after its date: "2026-11-27 Number is in the fridge".
            let notes = ((element["annotations"] as? [[String: Any]]) ?? []).compactMap { $0["description"] as? String }
            #expect(((task["notes"] as? String) ?? "").split(separator: "\n").map { String($0.dropFirst(11)) } == notes, "\(title)")
            let start = [element["scheduled"], element["wait"]].compactMap { Self.instant($0) }.max()
            #expect(Self.exported(task["start"]) == start.flatMap { Self.due(Self.text($0)) }, "\(title)")
            if element["status"] as? String == "recurring" {
                // The series' open occurrence: its earliest pending instance.
                let pending = elements.filter { $0["parent"] as? String == element["uuid"] as? String && $0["status"] as? String == "pending" }
                let first = pending.compactMap { Self.instant($0["due"]) }.min()
                #expect(Self.exported(task["due"]) == first.flatMap { Self.due(Self.text($0)) }, "\(title)")
                let repeatRule = try #require((task["repeat"] as? [String: Any])?["rule"] as? String, "\(title)")
                let rules = ["monthly": "FREQ=MONTHLY", "daily": "FREQ=DAILY", "weekly": "FREQ=WEEKLY", "2wk": "FREQ=WEEKLY;INTERVAL=2",
                             "quarterly": "FREQ=MONTHLY;INTERVAL=3", "10d": "FREQ=DAILY;INTERVAL=10", "yearly": "FREQ=YEARLY"]
                #expect(repeatRule.hasPrefix(try #require(rules[(element["recur"] as? String) ?? ""])), "\(title)")
                #expect(repeatRule.contains("UNTIL=") == (element["until"] != nil), "\(title)")
                let done = elements.filter { $0["parent"] as? String == element["uuid"] as? String && $0["status"] as? String == "completed" }
                #expect(((task["completions"] as? [Any]) ?? []).count == done.count, "\(title)")
            } else {
                #expect(Self.exported(task["due"]) == Self.due(element["due"]), "\(title)")
                #expect(task["repeat"] is NSNull, "\(title)")
            }
        }

        // What has no field here is in the iCalendar export: the uuid as
        // UID, the UDAs, the dependency.
        let ics = try cli.ok("export", "--format", "ics")
        let plumber = try #require(elements.first { $0["description"] as? String == "Call the plumber" })
        let paint = try #require(elements.first { $0["description"] as? String == "Buy paint" })
        #expect(ics.contains("UID:\(plumber["uuid"] as? String ?? "-")\r\n"))
        #expect(ics.contains("X-TASKWARRIOR-ESTIMATE:PT2H\r\n"))
        #expect(ics.contains("X-TASKWARRIOR-CLIENT-REF;X-NAME=client_ref:ACME-42\r\n"))
        #expect(ics.contains("X-TASKWARRIOR-SIZE:3\r\n"))
        #expect(ics.contains("RELATED-TO;RELTYPE=DEPENDS-ON:\(paint["uuid"] as? String ?? "-")\r\n"))
        #expect(try cli.ok("show", "Paint the kitchen").contains("Depends on: "))
    }

    static func text(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    @Test("--dry-run says what would be imported and left out, and changes nothing; --list puts every task into a folder's list, in files named by the uuids with the UDAs")
    func taskwarriorDryRunAndList() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let (path, elements) = try Self.taskwarriorExport(cli)
        try FileManager.default.createDirectory(atPath: cli.path("cal/personal"), withIntermediateDirectories: true)
        let config = try cli.write("c.toml", "[[calendar]]\npath = \"\(cli.path("cal"))/*\"\n")

        let dry = try cli.ok(["import", path, "--list", "personal", "--dry-run", "--config", config])
        #expect(dry.hasPrefix("Read as Taskwarrior's export.\nWould import 14 tasks into personal:\n"), "\(dry)")
        #expect(dry.contains("Thrown away (element "), "\(dry)")
        #expect(dry.contains("deleted in Taskwarrior"), "\(dry)")
        #expect(dry.hasSuffix("Nothing was changed (--dry-run).\n"), "\(dry)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("cal/personal")).isEmpty)

        try cli.ok(["import", path, "--list", "personal", "--config", config])

        let plumber = try #require(elements.first { $0["description"] as? String == "Call the plumber" }?["uuid"] as? String)
        let file = try String(contentsOfFile: cli.path("cal/personal/\(plumber).ics"), encoding: .utf8)
        #expect(file.contains("SUMMARY:Call the plumber\r\n"))
        #expect(file.contains("X-TASKWARRIOR-ESTIMATE:PT2H\r\n"))
        #expect(file.contains("CATEGORIES:Home.Kitchen,phone,urgent\r\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("cal/personal")).count == 14)
        #expect(try cli.ok(["import", path, "--list", "personal", "--config", config]).contains("Imported 0 tasks."))

        // Undone, the import's tasks go with their files; imported again, they come back.
        #expect(try cli.ok(["undo", "--config", config]) == "Undid: import 14 tasks\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("cal/personal")).isEmpty)
        #expect(try cli.ok(["list", "--all", "--json", "--config", config]) == "[]\n")
        #expect(try cli.ok(["import", path, "--list", "personal", "--config", config]).contains("Imported 14 tasks."))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("cal/personal")).count == 14)
    }

    @Test("Taskwarrior 3.x's export (from its documentation: depends as a list, no waiting status, UDAs, ISO periods) and 2.5's (depends as text, status waiting)")
    func taskwarriorThreeAndOld() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let path = Self.fixtures.appendingPathComponent("taskwarrior-3.json").path

        let output = try cli.ok("import", path)

        #expect(output.hasPrefix("Read as Taskwarrior's export.\nImported 5 tasks.\n"), "\(output)")
        let review = try cli.task("Review the budget")
        #expect(Self.exported(review["due"]) == "day 2031-02-03")
        #expect(((review["repeat"] as? [String: Any])?["rule"] as? String) == "FREQ=WEEKLY;INTERVAL=2")
        let waiting = try cli.task("Renew the car insurance")
        #expect(Self.exported(waiting["start"]) == "day 2031-03-01")
        #expect(try cli.ok("show", "Pack for the trip").contains("Depends on: "))
        let ics = try cli.ok("export", "--format", "ics")
        #expect(ics.contains("X-TASKWARRIOR-ENERGY:low\r\n"))
        // Taskwarrior 3 writes a numeric UDA unquoted (Task::composeJSON).
        #expect(ics.contains("X-TASKWARRIOR-POINTS:3\r\n"))
        #expect(ics.contains("X-TASKWARRIOR-MODIFIED:"))
    }

    @Test("a bad element of Taskwarrior's export imports nothing and names the element, its line and what is wrong (65)", arguments: [
        (#"[{"uuid":"a","description":"x","status":"pending"},{"uuid":"b","description":"y","status":"pending","due":"tomorrow"}]"#, "element 2, line 1", "tomorrow"),
        ("[\n{\"uuid\":\"a\",\"description\":\"x\"},\n{\"description\":\"y\"}\n]", "element 2, line 3", "uuid"),
        (#"[{"uuid":"a","description":"x","status":"recurring","recur":"sometimes","due":"20300101T000000Z"}]"#, "element 1", "sometimes"),
        (#"[{"uuid":"a","description":"x","status":"lost"}]"#, "element 1", "lost"),
    ])
    func taskwarriorBad(json: String, place: String, named: String) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Already here")

        let message = try cli.failsWithoutChange(["import", "--from", "taskwarrior", "-"], status: 65, input: json)

        #expect(message.contains(place), "\(message)")
        #expect(message.contains(named), "\(message)")
        #expect(message.contains("nothing was imported"), "\(message)")
    }
}

extension ImportFromOthersTests {
    @Test("a real-life todo.txt of 200 lines is recognised by its name and imported line by line; done.txt's are done; a second import changes nothing")
    func todoTxt() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("todo.txt"), encoding: .utf8)
        let path = try cli.write("todo.txt", text)
        let done = try cli.write("done.txt", "x 2026-11-02 2026-10-30 Fix the bike +Bike\nx 2026-11-03 Call the bank @phone\n")

        let output = try cli.ok("import", path)
        let doneOutput = try cli.ok("import", "--from", "todotxt", done)
        let before = try cli.ok("export")
        let again = try cli.ok("import", path)

        #expect(output == "Read as todo.txt.\nImported 200 tasks.\n")
        #expect(doneOutput == "Imported 2 tasks.\n")
        #expect(again.contains("Imported 0 tasks.\nLeft 200 tasks imported before as they are.\n"), "\(again)")
        #expect(try cli.ok("export") == before)
        let tasks = try #require(JSONSerialization.jsonObject(with: Data(before.utf8)) as? [[String: Any]])
        let lines = text.split(separator: "\n")
        #expect(tasks.filter { $0["completed"] as? Bool == true }.count == lines.filter { $0.hasPrefix("x ") }.count + 2)
        #expect(tasks.filter { $0["repeat"] is [String: Any] }.count == lines.filter { $0.contains(" rec:") }.count)
        #expect(tasks.filter { $0["due"] is [String: Any] }.count >= lines.filter { $0.contains(" due:") }.count)
        let thank = try cli.task("Thank Mom for the meatballs")
        #expect(thank["tags"] as? [String] == ["phone", "Family"])
        #expect(thank["priority"] as? String == "high")
        #expect(Self.exported(thank["due"]) == "day 2026-11-29")
    }

    /// One VCALENDAR holding the VTODOs of the files Thunderbird, Evolution,
    /// tasks.org, Nextcloud, todoman and Apple's clients wrote (the
    /// fixtures of `TodoCalendarTests`), their zones, and an event: what
    /// a calendar's export gives.
    static func clientsCalendar() throws -> String {
        let folder = fixtures.deletingLastPathComponent().appendingPathComponent("TodoCalendarTests/Fixtures")
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//todo-remind tests//clients//EN"]
        for name in ["thunderbird", "thunderbird-recurring", "evolution", "tasksorg", "tasksorg-parent", "tasksorg-child", "nextcloud", "todoman", "apple", "event"] {
            let text = try String(contentsOf: folder.appendingPathComponent("\(name).ics"), encoding: .utf8)
            let own = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            var depth = 0
            for line in own {
                let upper = line.uppercased()
                if upper.hasPrefix("BEGIN:"), upper != "BEGIN:VCALENDAR" { depth += 1 }
                if depth > 0 { lines.append(String(line)) }
                if upper.hasPrefix("END:"), upper != "END:VCALENDAR" { depth -= 1 }
            }
        }
        return (lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    @Test("an .ics of other clients' VTODOs is read as their files are (subtasks linked, the event counted and left out), and export --format ics gives every property back to Python's icalendar")
    func icsRoundTrip() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let original = try cli.write("clients.ics", try Self.clientsCalendar())

        let output = try cli.ok("import", original)
        let exported = try cli.write("exported.ics", try cli.ok("export", "--format", "ics"))
        let compared = try cli.execute(URL(fileURLWithPath: "/usr/bin/python3"), [Self.fixtures.appendingPathComponent("ics-compare.py").path, original, exported],
                                       environment: cli.environment, input: nil, name: "ics-compare.py")

        #expect(output == "Read as iCalendar.\nImported 9 tasks.\nLeft out 1 (an event (VEVENT): import takes tasks only).\n")
        #expect(compared.stdout == "same\n", "\(compared.stdout)\(compared.stderr)")
        #expect(try cli.task("Buy paint")["parent"] as? Int == (try cli.task("Paint the kitchen")["id"] as? Int))
        // Back here, into a fresh store: the same tasks.
        let fresh = try CLI()
        defer { fresh.remove() }
        #expect(try fresh.ok("import", "--from", "ics", exported).contains("Imported 9 tasks."))
        let titles = { (c: CLI) in try c.objects("export").compactMap { $0["title"] as? String }.sorted() }
        #expect(try titles(fresh) == (try titles(cli)))
        #expect(try cli.ok("import", exported).contains("Imported 0 tasks.\nLeft 9 tasks imported before as they are."))
    }

    @Test("export --format ics of tasks imported from Taskwarrior and made here is read by todoman with titles, dues and priorities, and back here with when each was created")
    func icsReadByTodoman() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let (path, _) = try Self.taskwarriorExport(cli)
        try cli.ok("import", path)
        try cli.ok("add", "Made here", "--due", "2030-06-01 17:00", "--category", "Work", "--tag", "desk")
        try FileManager.default.createDirectory(atPath: cli.path("todoman/tasks"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: cli.path("todoman-config"), withIntermediateDirectories: true)
        _ = try cli.write("todoman/tasks/all.ics", try cli.ok("export", "--format", "ics"))
        let config = try cli.write("todoman-config/config.py", """
            path = "\(cli.path("todoman"))/*"
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            default_list = "tasks"
            cache_path = "\(cli.path("todoman-cache.sqlite"))"
            """)

        let result = try cli.execute(URL(fileURLWithPath: "/usr/bin/todoman"), ["--config", config, "--porcelain", "list", "--status", "ANY"],
                                     environment: cli.environment, input: nil, name: "todoman list")

        #expect(result.status == 0, "\(result.stderr)")
        let todos = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let ours = try cli.objects("export")
        #expect(Set(todos.compactMap { $0["summary"] as? String }) == Set(ours.compactMap { $0["title"] as? String }))
        let made = try #require(todos.first { $0["summary"] as? String == "Made here" })
        #expect(made["due"] as? Int == 1_906_556_400)
        let plumber = try #require(todos.first { $0["summary"] as? String == "Call the plumber" })
        #expect(plumber["due"] as? Int == 1_896_164_100)
        let rent = try #require(todos.first { $0["summary"] as? String == "Pay rent" })
        #expect((rent["priority"] as? Int).map { (1...4).contains($0) } == true)
        // Back here, into a fresh store: each task created when it was (Taskwarrior's entry, the add's moment).
        let fresh = try CLI()
        defer { fresh.remove() }
        try fresh.ok("import", "--from", "ics", cli.path("todoman/tasks/all.ics"))
        let created = { (c: CLI) in try c.objects("export").map { "\($0["title"] ?? "") \($0["createdAt"] ?? "")" }.sorted() }
        #expect(try created(fresh) == (try created(cli)))
    }
}
