import Foundation
import TestSupport
import Testing

/// `next`, `show` and `list` say what the daemon will do:
/// a reminder held by quiet hours at the time it will fire, marked held; the
/// daily reminder of overdue tasks; a digest said in advance.
@Suite("what the daemon will do, said by next, show and list", .ownThread)
struct ForecastEndToEndTests {
    /// Tuesday 1 December 2026, 21:00 in Berlin, quiet hours 22:00–07:00.
    static let now = "2026-12-01 21:00"

    static func cli(quietHours: Bool = true) throws -> CLI {
        var cli = try CLI()
        let config = try cli.write("config.toml", quietHours ? "quiet-hours = \"22:00-07:00\"\n" : "")
        cli.environment["TODO_REMIND_CONFIG"] = config
        return cli
    }

    @Test("a reminder inside quiet hours is listed at their end, marked held, by next, show, list and JSON")
    func held() throws {
        let cli = try Self.cli()
        defer { cli.remove() }
        let added = try cli.ok("add", "Late call", "--due", "2026-12-01 23:00", "--now", Self.now)
        #expect(added == "Added 1 Late call: due today 23:00 (in 2 h) · reminder on · next tomorrow 07:00 (at due time, held)\n")

        // Its daily reminder once overdue is listed once, at its first
        // morning: the list is one of different reminders.
        #expect(try cli.lines("next", "--limit", "3", "--now", Self.now) == [
            "tomorrow 07:00 (in 10 h)  at due time, held  1 Late call",
            "tomorrow 09:00 (in 12 h)  daily overdue      1 Late call",
        ])
        let block = try cli.lines("show", "1", "--now", "2026-12-01 23:10")
        #expect(block.contains("    at due time  today 23:00, held until tomorrow 07:00 (in 7 h 50 min)"), "\(block)")
        let row = try #require(try cli.lines("list", "--now", Self.now).first { $0.contains("Late call") })
        #expect(row.hasSuffix("tomorrow 07:00 (held)"), "\(row)")

        let json = try cli.objects("next", "--json", "--now", Self.now)
        #expect(json.first?["at"] as? String == "2026-12-02T07:00:00+01:00")
        #expect(json.first?["held"] as? Bool == true)
        #expect(try cli.task("1")["nextReminder"] is String)
    }

    @Test("an overdue task's daily reminder appears in next, list and show while overdue-in-digest is on")
    func dailyOverdue() throws {
        let cli = try Self.cli(quietHours: false)
        defer { cli.remove() }
        try cli.ok("add", "Renew passport", "--due", "2026-11-28", "--now", Self.now)

        #expect(try cli.lines("next", "--limit", "2", "--now", Self.now) == [
            "tomorrow 09:00 (in 12 h)  daily overdue  1 Renew passport",
        ])
        let json = try cli.objects("next", "--json", "--now", Self.now)
        #expect(json.first?["kind"] as? String == "overdue")
        let row = try #require(try cli.lines("list", "--now", Self.now).first { $0.contains("Renew passport") })
        #expect(row.hasSuffix("tomorrow 09:00 (overdue)"), "\(row)")
        #expect(try cli.lines("show", "1", "--now", Self.now).contains("    overdue      tomorrow 09:00 (in 12 h), every day until done"))

        let off = try cli.write("off.toml", "overdue-in-digest = false\n")
        let quiet = try cli.lines(["next", "--now", Self.now], environment: ["TODO_REMIND_CONFIG": off])
        #expect(quiet == ["No reminders to come."])
    }

    @Test("next --limit 1000 with 15 tasks overdue lists each one's daily reminder once, at its next instant, marked daily, among the other reminders")
    func dailyOverdueOnce() throws {
        // Given 15 tasks overdue since November and one due next Tuesday at 17:00
        let cli = try Self.cli(quietHours: false)
        defer { cli.remove() }
        let overdue = (1...15).map { #"{"title": "Overdue \#($0)", "due": {"day": "2026-11-\#(String(format: "%02d", $0))"}}"# }
        let later = #"{"title": "Next week", "due": {"time": "2026-12-08T17:00:00+01:00"}}"#
        try cli.ok("import", try cli.write("tasks.json", "[" + (overdue + [later]).joined(separator: ",") + "]"))

        // When next lists up to 1000
        let lines = try cli.lines("next", "--limit", "1000", "--now", Self.now)

        // Then each overdue task comes once, tomorrow at 09:00 in one digest,
        // most overdue first; then next week's task, its two reminders and,
        // once overdue, its own daily one (the others' come with it again,
        // so it is in a digest too): 18 different reminders.
        #expect(lines.count == 18, "\(lines)")
        #expect(lines.prefix(15).map { $0.components(separatedBy: "  ").last } == (1...15).map { "\($0) Overdue \($0)" })
        #expect(lines.prefix(15).allSatisfy { $0.hasPrefix("tomorrow 09:00 (in 12 h)") && $0.contains("  daily overdue, in digest  ") },
                "\(lines)")
        #expect(lines[15].hasPrefix("Tue 8 Dec 09:00") && lines[15].contains("  morning, in digest  "), "\(lines)")
        #expect(lines[16].hasPrefix("Tue 8 Dec 17:00") && lines[16].contains("  at due time  "), "\(lines)")
        #expect(lines[17].hasPrefix("Wed 9 Dec 09:00") && lines[17].contains("  daily overdue, in digest  ") && lines[17].hasSuffix("16 Next week"),
                "\(lines)")

        // and the JSON says the same in the same shape: one object per reminder.
        let json = try cli.objects("next", "--json", "--limit", "1000", "--now", Self.now)
        #expect(json.count == 18)
        #expect(json.allSatisfy { Set($0.keys) == ["at", "kind", "taskId", "title", "held", "digest", "laterOccurrence"] })
        let daily = json.filter { $0["kind"] as? String == "overdue" }
        #expect(daily.compactMap { $0["taskId"] as? Int } == Array(1...16))
        #expect(daily.prefix(15).allSatisfy { $0["at"] as? String == "2026-12-02T09:00:00+01:00" })
    }

    @Test("reminders that will come as one digest are marked so in next")
    func digest() throws {
        let cli = try Self.cli(quietHours: false)
        defer { cli.remove() }
        try cli.ok("add", "Alone", "--due", "2026-12-02", "--now", Self.now)
        for title in ["One", "Two", "Three", "Four"] {
            try cli.ok("add", title, "--due", "2026-12-03", "--now", Self.now)
        }

        let lines = try cli.lines("next", "--limit", "5", "--now", Self.now)

        #expect(lines.count == 5)
        #expect(lines[0].contains("morning  "), "\(lines)")
        #expect(!lines[0].contains("digest"), "\(lines)")
        // Alone, overdue by then, joins the four in Thursday's digest with its daily reminder.
        #expect(lines.dropFirst().allSatisfy { $0.contains(", in digest") }, "\(lines)")
        let json = try cli.objects("next", "--json", "--limit", "5", "--now", Self.now)
        #expect(json.map { $0["digest"] as? Bool } == [false, true, true, true, true])
    }
}
