import Foundation
import TestSupport
import Testing

/// Calendar events' alarms as the daemon fires them, from files
/// written as khal, Thunderbird, Nextcloud and Outlook write them.
@Suite("daemon, end to end: calendar events", .serialized, .ownThread)
struct EventDaemonTests {
    /// The `fire` lines of an event's bubbles, by its summary.
    static func fired(_ summary: String, _ daemon: RunningDaemon) -> [LogLine] {
        daemon.log.filter { $0.event == "fire" && $0.number("event_id") != nil && $0["summary"] == summary }
    }

    /// The bubble of an event once it is shown, closed so that dunst's history has it.
    static func shownBody(_ summary: String, _ daemon: RunningDaemon, _ desktop: PrivateDesktop) throws -> String {
        _ = try #require(daemon.waitForLog(within: .seconds(10)) {
            $0.event == "delivery" && $0["outcome"] == "delivered" && $0["summary"] == summary
        }, "\(daemon)")
        try desktop.closeAll()
        let history = try desktop.history()
        return try #require(history.first { $0.summary == summary }?.body, "\(history)")
    }

    @Test("A [[calendar]] added to the config file is followed without SIGHUP, its event's alarm fired; a config that cannot be read keeps the last good one, said once")
    func configEditFollowed() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let config = try #require(cli.environment["TODO_REMIND_CONFIG"])
        let good = try String(contentsOfFile: config, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: cli.path("calendars/khal"), withIntermediateDirectories: true)
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        _ = try #require(daemon.waitForLog { $0.event == "watching" }, "\(daemon)")

        // Written in place twice, unreadable both times: one error, the old settings kept.
        var mark = daemon.log.count
        try Data((good + "digest-threshold = 0\n").utf8).write(to: URL(fileURLWithPath: config))
        _ = try #require(daemon.waitForLog(after: mark) { $0.event == "settings" && $0["outcome"] == "kept" }, "\(daemon)")
        try Data((good + "digest-threshold = 0\n\n").utf8).write(to: URL(fileURLWithPath: config))
        Thread.sleep(forTimeInterval: 0.5)
        #expect(daemon.log.dropFirst(mark).count { $0.event == "settings" && $0["outcome"] == "kept" } == 1, "\(daemon)")

        // A khal event, then its calendar added by an editor's rename: its alarm fires.
        let alarm = WallTime.secondsAhead(4)
        let start = alarm.addingTimeInterval(600)
        try Data(try EventFixtures.text("khal-timed.ics", replacing: [
            ("20261201T100000", EventFixtures.local(start)), ("20261201T110000", EventFixtures.local(start.addingTimeInterval(3600))),
        ]).utf8).write(to: URL(fileURLWithPath: cli.path("calendars/khal/dentist.ics")))
        mark = daemon.log.count
        let edited = config + ".swp"
        try Data((good + "\n[[calendar]]\npath = \"~/calendars/*\"\n").utf8).write(to: URL(fileURLWithPath: edited))
        try #require(rename(edited, config) == 0)
        _ = try #require(daemon.waitForLog(after: mark) { $0.event == "lists" && $0.number("count") == 1 }, "\(daemon)")
        let fire = try #require(daemon.waitForLog(within: .seconds(12)) { $0.event == "fire" && $0["summary"] == "Dentist" }, "\(daemon)")
        #expect(fire.time >= alarm && (fire.lateness ?? 99) < 2, "\(fire)")
    }

    @Test("khal's event: its alarm ten minutes before fires on time, the bubble saying when, where and which calendar")
    func khalTimed() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let alarm = WallTime.secondsAhead(4)
        let start = alarm.addingTimeInterval(600)
        try lists.put("personal", "dentist.ics", try EventFixtures.text("khal-timed.ics", replacing: [
            ("20261201T100000", EventFixtures.local(start)), ("20261201T110000", EventFixtures.local(start.addingTimeInterval(3600))),
        ]))
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let fire = try #require(daemon.waitForLog(within: .seconds(12)) { $0.event == "fire" && $0["summary"] == "Dentist" }, "\(daemon)")
        #expect(fire.time >= alarm && (fire.lateness ?? 99) < 2, "\(fire)")
        let body = try Self.shownBody("Dentist", daemon, desktop)
        // From 22:50 the hour's event ends tomorrow, from 23:50 it starts
        // tomorrow too, and the bubble says so.
        let end = start.addingTimeInterval(3600)
        let calendar = WallTime.calendar
        let from = (calendar.isDate(start, inSameDayAs: fire.time) ? "" : "tomorrow ") + WallTime.hourAndMinute(start)
        let span = calendar.isDate(end.addingTimeInterval(-1), inSameDayAs: start)
            ? from + "–" + WallTime.hourAndMinute(end) : from + " – tomorrow " + WallTime.hourAndMinute(end)
        #expect(body.contains("in 10 min · \(span)"), "\(body)")
        #expect(body.contains("Dr. Weber, Hauptstr. 5") && body.contains("personal"), "\(body)")
        Thread.sleep(forTimeInterval: 1)
        #expect(Self.fired("Dentist", daemon).count == 1, "\(daemon)")
    }

    @Test("Nextcloud's all-day event: its alarm, counted from the local midnight that starts the day, fires; the bubble says today, all day")
    func allDay() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let alarm = WallTime.secondsAhead(4)
        try lists.put("work", "party.ics", try EventFixtures.text("nextcloud-allday.ics", replacing: [
            ("DTSTART;VALUE=DATE:20261210", "DTSTART;VALUE=DATE:" + EventFixtures.day(alarm)),
            ("DTEND;VALUE=DATE:20261211", "DTEND;VALUE=DATE:" + EventFixtures.day(alarm.addingTimeInterval(86_400))),
            ("TRIGGER;RELATED=START:-PT15H", "TRIGGER;RELATED=START:PT\(Int(WallTime.secondsOfDay(alarm)))S"),
        ]))
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let fire = try #require(daemon.waitForLog(within: .seconds(12)) { $0.event == "fire" && $0["summary"] == "Company party" }, "\(daemon)")
        #expect((fire.lateness ?? 99) < 2, "\(fire)")
        #expect(try Self.shownBody("Company party", daemon, desktop).hasPrefix("today, all day"))
    }

    @Test("A weekly series begun two weeks ago fires its third occurrence's alarm, once; a moved occurrence fires at its new time, not the old")
    func seriesAndMovedOccurrence() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let third = WallTime.secondsAhead(4).addingTimeInterval(900)
        try lists.put("work", "weekly.ics", try EventFixtures.text("khal-weekly.ics", replacing: [
            ("20261202T093000", EventFixtures.local(third.addingTimeInterval(-14 * 86_400))),
            ("20261202T100000", EventFixtures.local(third.addingTimeInterval(-14 * 86_400 + 1800))),
            ("UNTIL=20270330T230000Z", "UNTIL=" + EventFixtures.utc(third.addingTimeInterval(30 * 86_400))),
        ]))
        // Thunderbird's series whose occurrence of today moved 5 s later, with its own alarm.
        let old = WallTime.secondsAhead(5).addingTimeInterval(900)
        let moved = old.addingTimeInterval(6)
        try lists.put("work", "moved.ics", EventFixtures.thunderbirdSeries(uid: "tb-moved", summary: "Review", start: old, overrides: [[
            "RECURRENCE-ID;TZID=Europe/Berlin:" + EventFixtures.local(old),
            "DTSTART;TZID=Europe/Berlin:" + EventFixtures.local(moved),
            "DTEND;TZID=Europe/Berlin:" + EventFixtures.local(moved.addingTimeInterval(3600)),
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DURATION:-PT15M", "DESCRIPTION:Default Mozilla Description", "END:VALARM",
        ]]))
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let meeting = try #require(daemon.waitForLog(within: .seconds(12)) { $0.event == "fire" && $0["summary"] == "Team meeting" }, "\(daemon)")
        #expect((meeting.lateness ?? 99) < 2, "\(meeting)")
        let review = try #require(daemon.waitForLog(within: .seconds(15)) { $0.event == "fire" && $0["summary"] == "Review" }, "\(daemon)")
        #expect(review.time >= moved.addingTimeInterval(-900), "fired at the old time: \(review)")
        Thread.sleep(forTimeInterval: 1)
        #expect(Self.fired("Team meeting", daemon).count == 1, "\(daemon)")
        #expect(Self.fired("Review", daemon).count == 1, "\(daemon)")
    }

    @Test("A cancelled occurrence and an EXDATE never fire; another event's alarm beside them does")
    func cancelledAndExcluded() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let at = WallTime.secondsAhead(4).addingTimeInterval(900)
        try lists.put("work", "cancelled.ics", EventFixtures.thunderbirdSeries(uid: "tb-cancelled", summary: "Cancelled one", start: at, overrides: [[
            "RECURRENCE-ID;TZID=Europe/Berlin:" + EventFixtures.local(at), "STATUS:CANCELLED",
            "DTSTART;TZID=Europe/Berlin:" + EventFixtures.local(at), "DTEND;TZID=Europe/Berlin:" + EventFixtures.local(at.addingTimeInterval(3600)),
        ]]))
        try lists.put("work", "excluded.ics", EventFixtures.thunderbirdSeries(
            uid: "tb-excluded", summary: "Excluded one", start: at, extra: ["EXDATE;TZID=Europe/Berlin:" + EventFixtures.local(at)]
        ))
        try lists.put("work", "kept.ics", EventFixtures.thunderbirdSeries(uid: "tb-kept", summary: "Kept one", start: at.addingTimeInterval(2)))
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        #expect(daemon.waitForLog(within: .seconds(12)) { $0.event == "fire" && $0["summary"] == "Kept one" } != nil, "\(daemon)")
        Thread.sleep(forTimeInterval: 1)
        #expect(Self.fired("Cancelled one", daemon).isEmpty && Self.fired("Excluded one", daemon).isEmpty, "\(daemon)")
    }

    @Test("An alarm Thunderbird acknowledged is not shown here after a restart; one it did not is shown once, as missed")
    func acknowledgedElsewhere() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let now = Date()
        // Both alarms came a minute ago, while the daemon was not running.
        let start = now.addingTimeInterval(-60 + 900)
        try lists.put("work", "handled.ics", EventFixtures.thunderbirdSeries(
            uid: "tb-handled", summary: "Handled there", start: start, extra: ["X-MOZ-LASTACK:" + EventFixtures.utc(now.addingTimeInterval(-30))]
        ))
        try lists.put("work", "missed.ics", EventFixtures.thunderbirdSeries(uid: "tb-missed", summary: "Missed here", start: start))
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let missed = try #require(daemon.waitForLog(within: .seconds(10)) { $0.event == "fire" && $0["summary"] == "Missed here" }, "\(daemon)")
        #expect((missed.lateness ?? 0) > 30, "\(missed)")
        Thread.sleep(forTimeInterval: 1)
        #expect(Self.fired("Handled there", daemon).isEmpty, "\(daemon)")
        #expect(Self.fired("Missed here", daemon).count == 1, "\(daemon)")
    }

    @Test("Outlook's event in its Windows zone: Snooze from its bubble writes Thunderbird's and RFC 9074's snooze into the file, Outlook's own lines kept, and next lists the snooze")
    func snoozeAndDismissWritten() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let alarm = WallTime.secondsAhead(4)
        let start = alarm.addingTimeInterval(900)
        try lists.put("work", "planning.ics", try EventFixtures.text("outlook.ics", replacing: [
            ("20261204T110000", EventFixtures.local(start)), ("20261204T120000", EventFixtures.local(start.addingTimeInterval(3600))),
        ]))
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let delivered = try #require(daemon.waitForLog(within: .seconds(12)) {
            $0.event == "delivery" && $0["outcome"] == "delivered" && $0["summary"] == "Quarterly planning"
        }, "\(daemon)")
        let id = try #require(delivered.number("notification").flatMap { UInt32(exactly: $0) })
        let mark = daemon.log.count
        let menu = try desktop.pickFromContextMenu(id: id, key: "snooze:10m")
        #expect(!menu.contains { $0.contains("Mark done") }, "\(menu)")
        #expect(daemon.waitForLog(after: mark) { $0.event == "action" && $0["outcome"] == "snoozed" && $0["kept"] == "file" } != nil, "\(daemon)")
        let text = try lists.read("work", "planning.ics")
        #expect(text.contains("X-MOZ-SNOOZE-TIME:"), "\(text)")
        #expect(text.contains("RELATED-TO;RELTYPE=SNOOZE:"), "\(text)")
        #expect(text.contains("X-MICROSOFT-CDO-BUSYSTATUS:BUSY\r\n"), "Outlook's own lines are kept")
        let next = try cli.objects("next", "--json")
        #expect(next.first { $0["kind"] as? String == "event" }?["snooze"] as? Bool == true, "\(next)")
    }
}
