import Foundation
import TestSupport
import Testing

/// `add`: what it stores and what it prints.
@Suite("add", .ownThread)
struct AddTests {
    @Test("add prints the new task's id and its next reminder")
    func printsIDAndNextReminder() throws {
        let cli = try CLI()
        defer { cli.remove() }

        let first = try cli.ok("add", "Pay rent", "--due", "2099-12-01 17:00")
        let second = try cli.ok("add", "Read that book")

        #expect(first.hasPrefix("Added 1 Pay rent: due Tue 1 Dec 2099 17:00 (in "))
        #expect(first.hasSuffix(" · reminder on · next Tue 1 Dec 2099 09:00 (morning)\n"))
        #expect(second == "Added 2 Read that book: no due date · reminder on (nothing to remind of without a due date)\n")
    }

    @Test("a task due at 08:30 is reminded the day before at 09:00, and at 08:30")
    func earlyTask() throws {
        let cli = try CLI()
        defer { cli.remove() }

        let output = try cli.ok("add", "Early train", "--due", "2099-12-01 08:30")
        let task = try cli.task("1")

        #expect(output.contains("next Mon 30 Nov 2099 09:00 (morning)"))
        #expect(JSON.text(task["reminders"])
            == #"[{"at":"2099-11-30T09:00:00+01:00","kind":"morning"},{"at":"2099-12-01T08:30:00+01:00","kind":"atDueTime"}]"#)
    }

    @Test("add stores every option")
    func everyOption() throws {
        let cli = try CLI()
        defer { cli.remove() }

        // Added before its reminders: one that fell before the task had
        // its due is no reminder, and the JSON lists none such.
        try cli.ok("add", "Pay rent", "--due", "2026-12-01 17:00", "--notes", "ask about the deposit",
                   "--category", "Home", "--priority", "high", "--reminder", "--now", "2026-01-01 12:00")
        let task = try cli.task("1")

        #expect(task["id"] as? Int == 1)
        #expect(task["title"] as? String == "Pay rent")
        #expect(task["notes"] as? String == "ask about the deposit")
        #expect(task["category"] as? String == "Home")
        #expect(task["priority"] as? String == "high")
        #expect(JSON.text(task["due"]) == #"{"time":"2026-12-01T17:00:00+01:00"}"#)
        #expect(task["dueInstant"] as? String == "2026-12-01T17:00:00+01:00")
        #expect(task["reminder"] as? Bool == true)
        #expect(task["completed"] as? Bool == false)
        #expect(JSON.isNull(task["completedAt"]))
        #expect(JSON.text(task["reminders"])
            == #"[{"at":"2026-12-01T09:00:00+01:00","kind":"morning"},{"at":"2026-12-01T17:00:00+01:00","kind":"atDueTime"}]"#)
    }

    @Test("add without options: category General, priority medium, no due date, reminder on")
    func defaults() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let start = Date().addingTimeInterval(-2)

        try cli.ok("add", "  Read that book  ")
        let task = try cli.task("1")

        #expect(task["title"] as? String == "Read that book")
        #expect(JSON.isNull(task["notes"]))
        #expect(task["category"] as? String == "General")
        #expect(task["priority"] as? String == "medium")
        #expect(JSON.isNull(task["due"]))
        #expect(task["reminder"] as? Bool == true)
        let created = try #require(JSON.instant(task["createdAt"]))
        #expect(created >= start && created <= Date().addingTimeInterval(2))
    }

    @Test("add --no-reminder switches the reminder off")
    func noReminder() throws {
        let cli = try CLI()
        defer { cli.remove() }

        let output = try cli.ok("add", "Pay rent", "--due", "2099-12-01 17:00", "--no-reminder")
        let task = try cli.task("1")

        #expect(output.hasSuffix(" · reminder off\n"))
        #expect(task["reminder"] as? Bool == false)
        #expect(JSON.isNull(task["nextReminder"]))
        #expect(JSON.text(task["reminders"]) == "[]")
    }

    @Test("WHEN in an absolute form gives this due date", arguments: [
        ("2026-12-01", #"{"day":"2026-12-01"}"#, "2026-12-02T00:00:00+01:00", "2026-12-01T09:00:00+01:00"),
        ("2026-12-01 17:00", #"{"time":"2026-12-01T17:00:00+01:00"}"#, "2026-12-01T17:00:00+01:00", "2026-12-01T09:00:00+01:00"),
        ("2026-12-01T17:00", #"{"time":"2026-12-01T17:00:00+01:00"}"#, "2026-12-01T17:00:00+01:00", "2026-12-01T09:00:00+01:00"),
        ("2026-12-01 5pm", #"{"time":"2026-12-01T17:00:00+01:00"}"#, "2026-12-01T17:00:00+01:00", "2026-12-01T09:00:00+01:00"),
        ("2026-12-01T17:00:00+01:00", #"{"time":"2026-12-01T17:00:00+01:00"}"#, "2026-12-01T17:00:00+01:00", "2026-12-01T09:00:00+01:00"),
        ("2026-12-01T16:00:00Z", #"{"time":"2026-12-01T17:00:00+01:00"}"#, "2026-12-01T17:00:00+01:00", "2026-12-01T09:00:00+01:00"),
        ("2026-12-01 08:30", #"{"time":"2026-12-01T08:30:00+01:00"}"#, "2026-12-01T08:30:00+01:00", "2026-11-30T09:00:00+01:00"),
        ("2026-12-01 09:00", #"{"time":"2026-12-01T09:00:00+01:00"}"#, "2026-12-01T09:00:00+01:00", "2026-11-30T09:00:00+01:00"),
        ("2026-07-01 17:00", #"{"time":"2026-07-01T17:00:00+02:00"}"#, "2026-07-01T17:00:00+02:00", "2026-07-01T09:00:00+02:00"),
        ("2026-03-29", #"{"day":"2026-03-29"}"#, "2026-03-30T00:00:00+02:00", "2026-03-29T09:00:00+02:00"),
        // 02:30 does not exist on 29 March (02:00 → 03:00), and happens twice on 25 October.
        ("2026-03-29 02:30", #"{"time":"2026-03-29T03:30:00+02:00"}"#, "2026-03-29T03:30:00+02:00", "2026-03-28T09:00:00+01:00"),
        ("2026-10-25 02:30", #"{"time":"2026-10-25T02:30:00+02:00"}"#, "2026-10-25T02:30:00+02:00", "2026-10-24T09:00:00+02:00"),
    ])
    func absoluteDue(when: String, due: String, dueInstant: String, morning: String) throws {
        let cli = try CLI()
        defer { cli.remove() }

        try cli.ok("add", "Task", "--due", when, "--now", "2026-01-01 12:00")
        let task = try cli.task("1")

        #expect(JSON.text(task["due"]) == due)
        #expect(task["dueInstant"] as? String == dueInstant)
        let reminders = task["reminders"] as? [[String: Any]] ?? []
        #expect(reminders.first?["at"] as? String == morning)
        #expect(reminders.first?["kind"] as? String == "morning")
    }

    @Test("a due day floats with the time zone; a due time stays the same instant")
    func timeZoneMove() throws {
        var cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Buy milk", "--due", "2026-12-01")
        try cli.ok("add", "Pay rent", "--due", "2026-12-01 17:00")

        cli.environment["TZ"] = "America/New_York"
        let tasks = try cli.objects("list", "--json", "--now", "2026-11-01")

        let milk = try #require(tasks.first { $0["id"] as? Int == 1 })
        let rent = try #require(tasks.first { $0["id"] as? Int == 2 })
        #expect(JSON.text(milk["due"]) == #"{"day":"2026-12-01"}"#)
        #expect(milk["dueInstant"] as? String == "2026-12-02T00:00:00-05:00")
        #expect(milk["nextReminder"] as? String == "2026-12-01T09:00:00-05:00")
        #expect(JSON.text(rent["due"]) == #"{"time":"2026-12-01T11:00:00-05:00"}"#)
        #expect(rent["dueInstant"] as? String == "2026-12-01T11:00:00-05:00")
    }

    @Test("WHEN relative to today gives that day in Europe/Berlin", arguments: [
        ("today", 0), ("tomorrow", 1), ("yesterday", -1), ("+3d", 3), ("in 3 days", 3), ("+2w", 14), ("in 2 weeks", 14),
    ])
    func relativeDue(when: String, days: Int) throws {
        let cli = try CLI()
        defer { cli.remove() }

        try cli.ok("add", "Task", "--due", when)
        let task = try cli.task("1")

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let day = try #require(calendar.date(byAdding: .day, value: days, to: Date()))
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        let expected = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        #expect(JSON.text(task["due"]) == #"{"day":"\#(expected)"}"#)
    }

    @Test("WHEN in hours from now gives a due time that far away")
    func dueInHours() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let start = Date()

        try cli.ok("add", "Task", "--due", "+4h")
        let task = try cli.task("1")

        let due = try #require(JSON.instant((task["due"] as? [String: Any])?["time"]))
        #expect(abs(due.timeIntervalSince(start) - 4 * 3600) < 120)
    }
}

/// A relative alarm of a task due on a day counts from that day's midnight:
/// `add` and `edit` say where it lands.
@Suite("a day's alarm said", .ownThread)
struct DayAlarmNoteTests {
    @Test("add --remind -1d on a day due says the alarm falls at midnight the day before; a timed due says nothing more")
    func said() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let added = try cli.lines("add", "Call the bank", "--due", "2026-12-09", "--remind", "-1d", "--now", "2026-12-06 12:00")
        #expect(added.count == 2 && added[1] == "  alarm Tue 8 Dec 00:00 (1 day before the due): a day's alarm counts from its midnight, as Thunderbird counts it", "\(added)")
        let timed = try cli.lines("add", "Dentist", "--due", "2026-12-09 10:00", "--remind", "-1d", "--now", "2026-12-06 12:00")
        #expect(timed.count == 1, "\(timed)")
        let edited = try cli.lines("edit", "Call the bank", "--title", "Call the bank again")
        #expect(edited.count == 1, "\(edited)")
    }
}
