import Foundation
import TestSupport
import Testing

/// `on`, `off`, `toggle` and `next`.
@Suite("reminders", .ownThread)
struct ReminderTests {
    static let nextMorning = "reminder on · next Tue 1 Dec 2099 09:00 (morning)"

    @Test("off and on switch the reminder and print its state and next reminder")
    func offAndOn() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--due", "2099-12-01 17:00")

        #expect(try cli.ok("off", "1") == "1 Pay rent: reminder off\n")
        #expect(try cli.task("1")["reminder"] as? Bool == false)
        #expect(JSON.text(try cli.task("1")["reminders"]) == "[]")

        #expect(try cli.ok("on", "rent") == "1 Pay rent: \(Self.nextMorning)\n")
        #expect(try cli.task("1")["reminder"] as? Bool == true)
        #expect(try cli.task("1")["nextReminder"] as? String == "2099-12-01T09:00:00+01:00")
    }

    @Test("on and off are idempotent", arguments: ["on", "off"])
    func idempotent(command: String) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--due", "2099-12-01 17:00")

        let first = try cli.ok(command, "1")
        let state = try cli.task("1")["reminder"] as? Bool
        let second = try cli.ok(command, "1")

        #expect(first == second)
        #expect(try cli.task("1")["reminder"] as? Bool == state)
        #expect(state == (command == "on"))
    }

    @Test("toggle flips each task's reminder its own way")
    func toggle() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--due", "2099-12-01 17:00")
        try cli.ok("add", "Buy milk", "--due", "2099-12-01", "--no-reminder")

        let output = try cli.ok("toggle", "1", "2")

        #expect(output == "1 Pay rent: reminder off\n2 Buy milk: \(Self.nextMorning)\n")
        #expect(try cli.task("1")["reminder"] as? Bool == false)
        #expect(try cli.task("2")["reminder"] as? Bool == true)

        #expect(try cli.ok("toggle", "rent") == "1 Pay rent: \(Self.nextMorning)\n")
    }

    @Test("on explains a reminder with nothing to fire", arguments: [
        (["add", "Someday"], "1 Someday: reminder on (nothing to remind of without a due date)\n"),
        // With overdue-in-digest off: on, the daily reminder would be next (ForecastTests).
        (["add", "Long ago", "--due", "2020-01-01"], "1 Long ago: reminder on (none left to fire)\n"),
    ])
    func nothingToFire(add: [String], expected: String) throws {
        let cli = try Self.ownRemindersOnly()
        defer { cli.remove() }
        try cli.ok(add)

        #expect(try cli.ok("on", "1") == expected)
    }

    /// A CLI whose config turns off the daily reminder of overdue tasks, so
    /// that `next` lists the tasks' own reminders alone (ForecastTests has
    /// the daily ones).
    static func ownRemindersOnly() throws -> CLI {
        var cli = try CLI()
        cli.environment["TODO_REMIND_CONFIG"] = try cli.write("own-only.toml", "overdue-in-digest = false\n")
        return cli
    }

    /// Tasks whose reminders fall on 1 and 2 December 2026, and some with none.
    static func addReminders(to cli: CLI) throws {
        try cli.ok("add", "Pay rent", "--due", "2026-12-01 17:00")                    // 1: morning 1 Dec 09:00, at 17:00
        try cli.ok("add", "Buy milk", "--due", "2026-12-01")                          // 2: morning 1 Dec 09:00
        try cli.ok("add", "Early train", "--due", "2026-12-02 08:30")                 // 3: morning 1 Dec 09:00, at 2 Dec 08:30
        try cli.ok("add", "Muted", "--due", "2026-12-01 12:00", "--no-reminder")      // 4: none
        try cli.ok("add", "Finished", "--due", "2026-12-01 12:00")                    // 5: none once done
        try cli.ok("done", "Finished")
        try cli.ok("add", "Someday")                                                  // 6: none
        try cli.ok("add", "Long ago", "--due", "2026-11-29")                          // 7: passed
    }

    @Test("next --json lists the coming reminders in order with at, kind, taskId, title, held, digest and laterOccurrence")
    func nextJSON() throws {
        let cli = try Self.ownRemindersOnly()
        defer { cli.remove() }
        try Self.addReminders(to: cli)

        let reminders = try cli.objects("next", "--json", "--now", "2026-11-30 00:00")

        for reminder in reminders {
            #expect(Set(reminder.keys) == ["at", "kind", "taskId", "title", "held", "digest", "laterOccurrence"])
            #expect(JSON.isInstant(reminder["at"]))
            #expect(JSON.isInteger(reminder["taskId"]))
            #expect(JSON.isString(reminder["title"]))
        }
        let seen = reminders.map { "\($0["at"] as? String ?? "?") \($0["kind"] as? String ?? "?") \($0["taskId"] as? Int ?? 0) \($0["title"] as? String ?? "?")" }
        #expect(seen == [
            "2026-12-01T09:00:00+01:00 morning 1 Pay rent",
            "2026-12-01T09:00:00+01:00 morning 2 Buy milk",
            "2026-12-01T09:00:00+01:00 morning 3 Early train",
            "2026-12-01T17:00:00+01:00 atDueTime 1 Pay rent",
            "2026-12-02T08:30:00+01:00 atDueTime 3 Early train",
        ])
    }

    @Test("next --now counts only reminders after that instant", arguments: [
        ("2026-12-01 08:59", [1, 2, 3, 1, 3]),
        ("2026-12-01 09:00", [1, 3]),
        ("2026-12-01 12:00", [1, 3]),
        ("2026-12-01 17:00", [3]),
        ("2026-12-02 08:30", []),
    ])
    func nextAfter(now: String, expected: [Int]) throws {
        let cli = try Self.ownRemindersOnly()
        defer { cli.remove() }
        try Self.addReminders(to: cli)

        let reminders = try cli.objects("next", "--json", "--now", now)

        #expect(reminders.compactMap { $0["taskId"] as? Int } == expected)
    }

    @Test("next --limit N shows the first N")
    func nextLimit() throws {
        let cli = try Self.ownRemindersOnly()
        defer { cli.remove() }
        try Self.addReminders(to: cli)

        let two = try cli.objects("next", "--json", "--limit", "2", "--now", "2026-11-30 00:00")
        let lines = try cli.lines("next", "--limit", "4", "--now", "2026-11-30 00:00")

        #expect(two.compactMap { $0["taskId"] as? Int } == [1, 2])
        #expect(lines.count == 4)
    }

    @Test("next shows ten reminders unless --limit says otherwise")
    func nextDefaultLimit() throws {
        let cli = try CLI()
        defer { cli.remove() }
        for day in 1...6 { try cli.ok("add", "Task \(day)", "--due", "2099-12-0\(day) 17:00") }

        #expect(try cli.objects("next", "--json").count == 10)
        #expect(try cli.objects("next", "--json", "--limit", "50").count == 12)
    }

    @Test("next prints one line per reminder: when, kind, task")
    func nextText() throws {
        let cli = try Self.ownRemindersOnly()
        defer { cli.remove() }
        try Self.addReminders(to: cli)

        let output = try cli.ok("next", "--now", "2026-11-30 00:00")

        #expect(output == """
            tomorrow 09:00 (in 33 h)     morning      1 Pay rent
            tomorrow 09:00 (in 33 h)     morning      2 Buy milk
            tomorrow 09:00 (in 33 h)     morning      3 Early train
            tomorrow 17:00 (in 41 h)     at due time  1 Pay rent
            Wed 2 Dec 08:30 (in 2 days)  at due time  3 Early train

            """)
    }

    @Test("next with nothing to come says so")
    func nextNothing() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Someday")

        #expect(try cli.ok("next") == "No reminders to come.\n")
        #expect(try cli.objects("next", "--json").isEmpty)
    }

    @Test("next agrees with each task's nextReminder")
    func nextMatchesTasks() throws {
        let cli = try Self.ownRemindersOnly()
        defer { cli.remove() }
        try Self.addReminders(to: cli)
        let now = "2026-12-01 10:00"

        let reminders = try cli.objects("next", "--json", "--now", now)
        let tasks = try cli.objects("list", "--all", "--json", "--now", now)

        for task in tasks {
            let first = reminders.first { $0["taskId"] as? Int == task["id"] as? Int }
            #expect(JSON.text(first?["at"] ?? NSNull()) == JSON.text(task["nextReminder"]), "task \(task["id"] ?? "?")")
        }
    }
}
