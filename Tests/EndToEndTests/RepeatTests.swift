import Foundation
import TestSupport
import Testing

/// Recurring tasks from the command line: one open occurrence,
/// missed occurrences collapse, the rule kept byte for byte.
@Suite("repeating tasks", .ownThread)
struct RepeatTests {
    /// Monday 23 November 2026, 10:00 in Berlin.
    static let now = "2026-11-23 10:00"

    @Test("--repeat takes the natural forms and keeps each as its RRULE", arguments: [
        ("daily", "FREQ=DAILY"),
        ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
        ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"),
        ("every month on the last weekday", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
        ("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8", "FREQ=YEARLY;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8"),
    ])
    func naturalForms(text: String, rrule: String) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Task", "--due", "2026-11-24", "--repeat", text, "--now", Self.now)

        let task = try cli.task("1")
        let repeating = try #require(task["repeat"] as? [String: Any])

        #expect(repeating["rule"] as? String == rrule)
        #expect(repeating["from"] as? String == "due")
        #expect((task["occurrences"] as? [Any])?.count == 10)
    }

    @Test("a daily 09:00 task left undone Monday to Thursday and done Thursday 10:00 is next due Friday 09:00, once")
    func missedCollapse() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Water plants", "--due", "2026-11-23 09:00", "--repeat", "daily", "--now", "2026-11-23 08:00")

        let done = try cli.ok("done", "Water plants", "--now", "2026-11-26 10:00")

        #expect(done == "Done: 1 Water plants · next due tomorrow 09:00 (in 23 h)\n")
        let tasks = try cli.objects("list", "--json", "--now", "2026-11-26 10:00")
        #expect(tasks.count == 1)
        #expect((tasks[0]["due"] as? [String: String])?["time"] == "2026-11-27T09:00:00+01:00")
        #expect((tasks[0]["completions"] as? [Any])?.count == 1)
        #expect(try cli.lines("list", "--now", "2026-11-26 10:00").contains { $0.contains("Water plants ↻ every day") })
    }

    @Test("a timed rule keeps 17:00 Berlin across the change to winter time")
    func acrossDST() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Team report", "--due", "2026-10-20 17:00", "--repeat", "weekly", "--now", "2026-10-19 10:00")

        let occurrences = try #require(try cli.task("1")["occurrences"] as? [[String: String]])

        #expect(occurrences.prefix(2).map { $0["time"] } == ["2026-10-20T17:00:00+02:00", "2026-10-27T17:00:00+01:00"])
    }

    @Test("COUNT ends the series: the last done completes the task for good, and reopen brings back the last occurrence")
    func countEnds() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Twice", "--due", "2026-11-24", "--repeat", "FREQ=DAILY;COUNT=2", "--now", Self.now)

        try cli.ok("done", "1", "--now", "2026-11-24 10:00")
        #expect((try cli.task("1")["due"] as? [String: String])?["day"] == "2026-11-25")
        try cli.ok("done", "1", "--now", "2026-11-25 10:00")
        #expect(try cli.task("1")["completed"] as? Bool == true)

        try cli.ok("reopen", "1")
        let reopened = try cli.task("1")
        #expect(reopened["completed"] as? Bool == false)
        #expect((reopened["due"] as? [String: String])?["day"] == "2026-11-25")
        #expect((reopened["completions"] as? [Any])?.count == 1)
    }

    @Test("a bad rule is refused with a sentence naming the part, exit 64, and nothing changes", arguments: [
        (["add", "Task", "--due", "2026-12-01", "--repeat", "fortnightly-ish"], "fortnightly-ish"),
        (["add", "Task", "--due", "2026-12-01", "--repeat", "FREQ=FORTNIGHTLY"], "FREQ=FORTNIGHTLY"),
        (["add", "Task", "--due", "2026-12-01", "--repeat", "FREQ=WEEKLY;BYDAY=XX"], "XX"),
        (["add", "Task", "--due", "2026-12-01", "--repeat", "FREQ=DAILY;COUNT=0"], "COUNT=0"),
        (["add", "Task", "--due", "2026-12-01", "--repeat", "FREQ=DAILY;UNTIL=20261101"], "UNTIL=20261101"),
        (["add", "Task", "--repeat", "daily"], "due date"),
        (["edit", "1", "--repeat", "FREQ=YEARLY;BYWEEKNO=20"], "BYWEEKNO"),
    ] as [([String], String)])
    func badRule(arguments: [String], named: String) throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Existing", "--due", "2026-12-01")

        let message = try cli.failsWithoutChange(arguments, status: 64)

        #expect(message.contains(named), "\(message)")
    }

    @Test("a rule written as RRULE text survives export, import and an unrelated edit byte for byte")
    func verbatim() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let rule = "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;WKST=SU"
        try cli.ok("add", "Timesheet", "--due", "2026-11-30", "--repeat", rule, "--now", Self.now)
        let exported = try cli.ok("export")
        let file = try cli.write("tasks.json", exported)

        let other = try CLI()
        defer { other.remove() }
        try other.ok("import", file)
        try other.ok("edit", "1", "--notes", "hours for November")

        let repeating = try #require(try other.task("1")["repeat"] as? [String: Any])
        #expect(repeating["rule"] as? String == rule)
        #expect(try other.task("1")["occurrences"] as? [[String: String]] == (try cli.task("1")["occurrences"] as? [[String: String]]))
    }

    @Test("repeating from completion, occurrences are the dues if each is done on its due day: done early, they all move with it")
    func occurrencesFromCompletion() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Haircut", "--due", "2026-12-22", "--repeat", "every 6 weeks", "--repeat-from", "completion", "--now", Self.now)

        // Done on 10 December, twelve days early: next due six weeks on,
        try cli.ok("done", "Haircut", "--now", "2026-12-10 10:00")
        let task = try cli.task("1")

        // and each due after it six weeks after the one before, not on the
        // rule's own dates from 22 December (2 February, 16 March…).
        #expect((task["occurrences"] as? [[String: String]])?.map { $0["day"] } == [
            "2027-01-21", "2027-03-04", "2027-04-15", "2027-05-27", "2027-07-08",
            "2027-08-19", "2027-09-30", "2027-11-11", "2027-12-23", "2028-02-03",
        ])
    }

    @Test("--no-repeat ends the series; the task stays with its due")
    func noRepeat() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Gym", "--due", "2026-11-30 07:00", "--repeat", "every mon,wed,fri", "--now", Self.now)

        try cli.ok("edit", "Gym", "--no-repeat")

        let task = try cli.task("1")
        #expect(task["repeat"] is NSNull)
        #expect((task["due"] as? [String: String])?["time"] == "2026-11-30T07:00:00+01:00")
        try cli.ok("done", "Gym")
        #expect(try cli.task("1")["completed"] as? Bool == true)
    }

    @Test("next lists the reminders of the coming occurrences too, marked, as if each is done by its due; an overdue one is reminded daily instead")
    func nextOccurrences() throws {
        var cli = try CLI()
        defer { cli.remove() }
        cli.environment["TODO_REMIND_CONFIG"] = "/dev/null"
        try cli.ok("add", "Water plants", "--due", "2026-11-24 09:00", "--repeat", "daily", "--now", Self.now)

        #expect(try cli.lines("next", "--limit", "3", "--now", Self.now) == [
            "tomorrow 09:00 (in 23 h)      at due time                   1 Water plants",
            "Wed 25 Nov 09:00 (in 47 h)    at due time, next occurrence  1 Water plants",
            "Thu 26 Nov 09:00 (in 3 days)  at due time, next occurrence  1 Water plants",
        ])
        let json = try cli.objects("next", "--json", "--limit", "2", "--now", Self.now)
        #expect(json.map { $0["laterOccurrence"] as? Bool } == [false, true])

        #expect(try cli.lines("next", "--limit", "2", "--now", "2026-11-25 10:00") == [
            "tomorrow 09:00 (in 23 h)  daily overdue  1 Water plants",
        ])
    }
}
