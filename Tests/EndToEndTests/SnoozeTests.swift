import Foundation
import TestSupport
import Testing

/// `snooze` and `unsnooze`: a snooze shows in `list`, `show` and `next` and
/// their JSON, reads WHEN as a moment ahead, and ends with done, delete, off
/// or a new due date.
@Suite("snooze", .ownThread)
struct SnoozeTests {
    /// Berlin, the zone every end-to-end run uses.
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = WallTime.timeZone
        return calendar
    }()

    /// The task's reminders of kind "snoozed", as `show --json` lists them.
    static func snoozes(_ cli: CLI, _ task: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let reminders = try cli.task(task, sourceLocation: sourceLocation)["reminders"] as? [[String: Any]] ?? []
        return reminders.filter { $0["kind"] as? String == "snoozed" }.compactMap { $0["at"] as? String }
    }

    @Test("snooze with no WHEN snoozes for an hour, and list, show, next and their JSON show it")
    func defaultHour() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--due", "2099-12-01 17:00")
        let start = Date()

        let output = try cli.ok("snooze", "1")

        // It says until when, an hour from now
        #expect(output.wholeMatch(of: /Snoozed 1 Pay rent until (today|tomorrow) \d\d:\d\d \(in 1 h\)\n/) != nil, "\(output)")
        let at = try #require(JSON.instant(try Self.snoozes(cli, "1").first))
        #expect(at >= start.addingTimeInterval(3_600 - 1) && at <= Date().addingTimeInterval(3_600 + 1), "\(at)")
        let iso = WallTime.iso(at)

        // show --json: the snooze is among the reminders, in order, and is the next one
        let task = try cli.task("1")
        #expect((task["reminders"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["snoozed", "morning", "atDueTime"])
        #expect(task["nextReminder"] as? String == iso)
        #expect(task["reminder"] as? Bool == true)

        // show: a reminder row of its own, and the next reminder
        let block = try cli.lines("show", "1")
        #expect(block.contains { $0.wholeMatch(of: /\ {4}snoozed +(today|tomorrow) \d\d:\d\d \(in (59 min|1 h)\)/) != nil }, "\(block)")
        #expect(block.contains { $0.hasPrefix("  reminder ") && $0.hasSuffix(" on") }, "\(block)")

        // next and next --json: first
        let next = try cli.objects("next", "--json")
        #expect(next.first?["kind"] as? String == "snoozed")
        #expect(next.first?["at"] as? String == iso)
        #expect(next.first?["taskId"] as? Int == 1)
        #expect(next.first?["title"] as? String == "Pay rent")
        let nextLines = try cli.lines("next", "--limit", "1")
        let nextLine = try #require(nextLines.first, "\(nextLines)")
        #expect(nextLine.wholeMatch(of: /(today|tomorrow) \d\d:\d\d \(in (59 min|1 h)\)  snoozed  1 Pay rent/) != nil, "\(nextLine)")

        // list: the reminder column says it is the snooze; list --json has it too
        let row = try #require(try cli.lines("list").first { $0.contains("Pay rent") })
        #expect(row.hasSuffix(" (snoozed)"), "\(row)")
        let listed = try cli.objects("list", "--json")
        #expect(listed.first?["nextReminder"] as? String == iso)
    }

    @Test("next lists a snooze with its kind")
    func nextText() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--due", "2099-12-01 17:00")
        try cli.ok("snooze", "1", "2099-06-01", "10:00")

        let lines = try cli.lines("next", "--limit", "1")

        #expect(lines.count == 1, "\(lines)")
        let line = try #require(lines.first)
        #expect(line.wholeMatch(of: /Mon 1 Jun 2099 10:00 \(in \d+ days\)  snoozed  1 Pay rent/) != nil, "\(line)")
    }

    @Test("A task with no due date can be snoozed: its snooze is its reminder")
    func somedayTask() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Read that book")

        let output = try cli.ok("snooze", "book", "2099-06-01 10:00")
        #expect(output.wholeMatch(of: /Snoozed 1 Read that book until Mon 1 Jun 2099 10:00 \(in \d+ days\)\n/) != nil, "\(output)")
        let task = try cli.task("1")

        #expect(JSON.text(task["reminders"]) == #"[{"at":"2099-06-01T10:00:00+02:00","kind":"snoozed"}]"#)
        #expect(task["nextReminder"] as? String == "2099-06-01T10:00:00+02:00")
        #expect(task["group"] as? String == "someday")
        let row = try #require(try cli.lines("list").first { $0.contains("Read that book") })
        #expect(row.hasSuffix("Mon 1 Jun 2099 10:00 (snoozed)"), "\(row)")
        #expect(try cli.lines("show", "1").contains("  reminder       on"))
        #expect(try cli.objects("next", "--json").map { $0["kind"] as? String } == ["snoozed"])
        // `on` tells of the snooze rather than of the missing due date
        #expect(try cli.ok("on", "1") == "1 Read that book: reminder on · next Mon 1 Jun 2099 10:00 (snoozed)\n")
    }

    @Test("WHEN takes lengths, times and days; a day alone means the reminder time on that day", arguments: [
        (["2099-06-01 10:00"], "2099-06-01T10:00:00+02:00"),
        (["2099-06-01", "10:00"], "2099-06-01T10:00:00+02:00"),
        (["2099-12-01"], "2099-12-01T07:30:00+01:00"),
        (["2099-12-01T16:00:00Z"], "2099-12-01T17:00:00+01:00"),
    ])
    func whenForms(when: [String], expected: String) throws {
        let cli = try CLI()
        defer { cli.remove() }
        let config = try cli.write("config.toml", "reminder-time = \"07:30\"\n")
        try cli.ok("add", "Pay rent")

        try cli.ok(["snooze", "1"] + when + ["--config", config])

        #expect(try Self.snoozes(cli, "1") == [expected])
    }

    @Test("tomorrow is tomorrow at the reminder time; lengths count from now")
    func relativeForms() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let config = try cli.write("config.toml", "reminder-time = \"07:30\"\n")
        try cli.ok("add", "Pay rent")
        let today = Self.calendar.startOfDay(for: Date())

        try cli.ok(["snooze", "1", "tomorrow", "--config", config])
        let tomorrow = try #require(Self.calendar.date(byAdding: .day, value: 1, to: today))
        let expected = try #require(Self.calendar.date(bySettingHour: 7, minute: 30, second: 0, of: tomorrow))
        #expect(try Self.snoozes(cli, "1") == [WallTime.iso(expected)])

        for (when, seconds) in [(["10m"], 600.0), (["in", "2", "hours"], 7_200), (["1h30m"], 5_400), (["+4h"], 14_400)] {
            let start = Date()
            try cli.ok(["snooze", "1"] + when)
            let at = try #require(JSON.instant(try Self.snoozes(cli, "1").first))
            #expect(at >= start.addingTimeInterval(seconds - 1) && at <= Date().addingTimeInterval(seconds + 1), "\(when): \(at)")
        }
    }

    @Test("A new snooze replaces the old one")
    func replaces() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent")
        try cli.ok("snooze", "1", "2099-06-01 10:00")

        try cli.ok("snooze", "1", "2099-06-02 10:00")

        #expect(try Self.snoozes(cli, "1") == ["2099-06-02T10:00:00+02:00"])
    }

    @Test("done, delete, off and a new due date end the snooze; other edits keep it", arguments: [
        (["done", "1"], false),
        (["off", "1"], false),
        (["toggle", "1"], false),
        (["edit", "1", "--due", "2099-12-02"], false),
        (["edit", "1", "--no-due"], false),
        (["edit", "1", "--title", "Pay the rent", "--priority", "high"], true),
        (["on", "1"], true),
    ])
    func endedBy(command: [String], kept: Bool) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--due", "2099-12-01 17:00")
        try cli.ok("snooze", "1", "2099-06-01 10:00")

        try cli.ok(command)

        #expect(try Self.snoozes(cli, "1") == (kept ? ["2099-06-01T10:00:00+02:00"] : []))
        #expect(try cli.objects("next", "--json").contains { $0["kind"] as? String == "snoozed" } == kept)
        // Switching the reminder back on, or reopening, does not bring an ended snooze back.
        if !kept {
            try cli.ok(command.first == "done" ? ["reopen", "1"] : ["on", "1"])
            #expect(try Self.snoozes(cli, "1") == [])
        }
    }

    @Test("delete ends the snooze with the task")
    func deleted() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent")
        try cli.ok("add", "Buy milk")
        try cli.ok("snooze", "1", "2099-06-01 10:00")
        try cli.ok("snooze", "2", "2099-06-02 10:00")

        try cli.ok("delete", "1")

        #expect(try cli.objects("next", "--json").map { $0["taskId"] as? Int } == [2])
        let rows = try Self.snoozeTable(cli)
        #expect(rows == ["2"], "\(rows)")
    }

    @Test("unsnooze ends the snooze and keeps the other reminders; a task not snoozed says so")
    func unsnooze() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--due", "2099-12-01 17:00")
        try cli.ok("add", "Buy milk")
        try cli.ok("snooze", "1", "2099-06-01 10:00")

        #expect(try cli.ok("unsnooze", "rent") == "Unsnoozed 1 Pay rent: reminder on · next Tue 1 Dec 2099 09:00 (morning)\n")
        #expect(try Self.snoozes(cli, "1") == [])
        #expect(try cli.ok("unsnooze", "1", "2")
            == "1 Pay rent was not snoozed: reminder on · next Tue 1 Dec 2099 09:00 (morning)\n"
            + "2 Buy milk was not snoozed: reminder on (nothing to remind of without a due date)\n")
        #expect(try Self.snoozeTable(cli) == [])
    }

    @Test("A WHEN that is no moment ahead is refused with a sentence, and nothing changes", arguments: [
        (["eod"], "“eod” is not a moment to snooze to: give a length such as 1h, a time such as 17:00, or a day such as tomorrow."),
        (["yesterday"], "“yesterday” is yesterday 09:00, which has already come: snooze to a later time, such as 1h, 17:00 or tomorrow."),
        (["2020-01-01", "10:00"], "“2020-01-01 10:00” is Wed 1 Jan 2020 10:00, which has already come: snooze to a later time, such as 1h, 17:00 or tomorrow."),
        (["soon"], "“soon” is not a date or time: try today, tomorrow, fri, +3d, in 2 hours, 17:00, 2026-12-01 or 2026-12-01 17:00."),
        (["tomorrow", "25:00"], "“25:00” is not a time of day: hours go from 0 to 23."),
        (["+0m"], nil),
    ])
    func badWhen(when: [String], message: String?) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--due", "2099-12-01 17:00")
        try cli.ok("snooze", "1", "2099-06-01 10:00")

        let said = try cli.failsWithoutChange(["snooze", "1"] + when, status: 64)

        if let message {
            #expect(said == message)
        } else {
            #expect(said.contains("no time at all"), "\(said)")
        }
    }

    @Test("A done task, a task whose reminder is off, and a task that is not there cannot be snoozed", arguments: [
        (["done", "1"], ["snooze", "1"], "Task 1 “Pay rent” is done, so it has nothing to be reminded of: `todo-remind reopen 1` first to snooze it."),
        (["off", "1"], ["snooze", "1", "2h"], "Task 1 “Pay rent” has its reminder off, so a snooze would never fire: `todo-remind on 1` first to snooze it."),
        (["done", "1"], ["snooze", "rent"], "No open task has “rent” in its title: give an id, or other words from the title."),
        (["on", "1"], ["snooze", "7"], "There is no task 7: `todo-remind list --all` shows every task's id."),
    ])
    func refusedTasks(before: [String], command: [String], message: String) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--due", "2099-12-01 17:00")
        try cli.ok(before)

        #expect(try cli.failsWithoutChange(command) == message)
    }

    @Test("A store made before snoozes existed is migrated: its tasks stay, and they can be snoozed")
    func migratesOldStore() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--due", "2099-12-01 17:00")
        try cli.ok("add", "Read that book")
        let before = try cli.contents()
        // The store as version 2 left it: the snooze migration taken back out.
        try cli.python("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("DROP TABLE snooze")
            db.execute("DELETE FROM grdb_migrations WHERE identifier = 'v3-snooze'")
            db.execute("PRAGMA user_version = 0")
            db.commit()
            """, cli.storePath)

        #expect(try cli.contents() == before)
        try cli.ok("snooze", "book", "2099-06-01 10:00")
        #expect(try Self.snoozes(cli, "2") == ["2099-06-01T10:00:00+02:00"])
        #expect(try Self.snoozeTable(cli) == ["2"])
    }

    /// The task ids in the store's snooze table, read with Python's sqlite3.
    static func snoozeTable(_ cli: CLI) throws -> [String] {
        try cli.python("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            for (task_id,) in db.execute("SELECT task_id FROM snooze ORDER BY task_id"):
                print(task_id)
            """, cli.storePath).split(separator: "\n").map(String.init)
    }
}

/// A snooze through the real daemon and a real dunst (see `DaemonTests`).
@Suite("snooze, end to end against dunst", .serialized, .ownThread)
struct SnoozeDaemonTests {
    @Test("A snooze fires once at its time through the daemon, with a daemon restart in between, and never again after another")
    func firesOnceThroughRestarts() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let book = try CLI.addedTaskID(try cli.ok("add", "Read <that> book"))
        // Its morning reminder gives every daemon something to arm once the snooze has fired.
        let dentist = try cli.addTask("Book the dentist", due: Date().addingTimeInterval(2 * 86_400))
        // Two daemons start and one is killed before then: seconds each
        // on a loaded 2-core machine (4 s was too few under the sweep).
        let until = WallTime.secondsAhead(12)
        try cli.ok("snooze", String(book), WallTime.iso(until))

        // Given a daemon armed for the snooze, killed before its time,
        let first = try RunningDaemon(cli)
        defer { first.end() }
        _ = try first.waitUntilArmed(task: book)
        first.killAbruptly()

        // when another one starts before the snooze's time,
        let second = try RunningDaemon(cli)
        defer { second.end() }
        _ = try second.waitUntilArmed(task: book)
        try #require(Date() < until, "the second daemon started after the snooze's time, so this proves nothing")

        // then the snooze fires once, at its time, titled as the task.
        let entry = try desktop.entry(id: try second.notificationID(task: book, kind: "snoozed", within: .seconds(30)))
        #expect(entry.summary == "Read <that> book")
        let firings = second.firings(of: book)
        #expect(firings.count == 1, "\(second)")
        if let lateness = firings.first?.lateness {
            #expect(lateness >= 0, "fired before its time: \(firings)")
            print("daemon e2e: the snooze fired \(Int(lateness * 1000)) ms after its time")
        }
        #expect(try cli.ledgerStatuses(task: book, becoming: ["delivered"]) == ["delivered"])
        #expect(try cli.ledger(task: book).map(\.kind) == ["snoozed"])

        // And a daemon started once more fires nothing again.
        _ = try second.waitUntilArmed(task: dentist)
        second.killAbruptly()
        let third = try RunningDaemon(cli)
        defer { third.end() }
        _ = try third.waitUntilArmed(task: dentist)
        #expect(third.firings.isEmpty, "\(third)")
        #expect(try desktop.history().filter { $0.summary == "Read <that> book" }.count == 1)
        #expect(third.terminate()?.status == 0)
    }
}
