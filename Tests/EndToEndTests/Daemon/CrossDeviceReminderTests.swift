import Foundation
import TestSupport
import Testing

/// Reminders that follow the task across devices, end to end: the
/// real daemon against dunst, its list folder synced by vdirsyncer with a
/// radicale server on 127.0.0.1 that a second device (another vdirsyncer
/// folder, written as Thunderbird writes) shares. Times are seconds, not the
/// minutes a person would use; what is checked is the same.
@Suite("daemon, end to end: reminders across devices (CalDAV)", .serialized, .ownThread)
struct CrossDeviceReminderTests {
    /// A private desktop, the CalDAV peer, and a CLI whose list folders are
    /// device A's (the zone the peer's clients use; `extraConfig` added).
    struct Setup {
        let desktop: PrivateDesktop
        let peer: CalDAVPeer
        let cli: CLI

        init(extraConfig: String = "") throws {
            desktop = try PrivateDesktop()
            peer = try CalDAVPeer.start()
            var cli = try desktop.cli()
            cli.environment["TZ"] = peer.timeZone
            let config = PrivateDesktop.farMorningConfig + extraConfig
                + "\n[[calendar]]\npath = \"\(peer.deviceA.folder.deletingLastPathComponent().path)/*\"\n"
            cli.environment["TODO_REMIND_CONFIG"] = try cli.write("caldav.toml", config)
            self.cli = cli
        }

        func end() {
            cli.remove()
            peer.stop()
            desktop.end()
        }

        /// Carries device B's changes to the server, and the server's to device A.
        func syncBToA() throws {
            try peer.deviceB.sync()
            try peer.deviceA.sync()
        }

        /// Carries device A's changes to the server, and the server's to device B.
        func syncAToB() throws {
            try peer.deviceA.sync()
            try peer.deviceB.sync()
        }
    }

    /// Whole seconds from now, rounded up: iCalendar times have no fractions.
    static func secondsAhead(_ seconds: Int) -> Date {
        Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + Double(seconds)).rounded(.up))
    }

    static func utc(_ instant: Date) -> String { ListFolderDaemonTests.utc(instant) }

    /// A VTODO as Thunderbird writes one, with `extra` lines before END:VTODO.
    static func thunderbirdTodo(uid: String, summary: String, due: Date, extra: [String]) -> String {
        ([
            "BEGIN:VCALENDAR", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", "VERSION:2.0",
            "BEGIN:VTODO", "CREATED:\(utc(Date()))", "LAST-MODIFIED:\(utc(Date()))", "DTSTAMP:\(utc(Date()))",
            "UID:\(uid)", "SUMMARY:\(summary)", "DUE:\(utc(due))", "X-MOZ-GENERATION:2",
        ] + extra + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    @Test("A task arriving with Thunderbird's snooze of an alarm that fell 5 s ago shows nothing now and one bubble at the snooze")
    func snoozeArrivingFromAnotherDevice() throws {
        let setup = try Setup()
        defer { setup.end() }
        let daemon = try RunningDaemon(setup.cli)
        defer { daemon.end() }

        // Thunderbird's alarm, an hour before the due, fell 5 s before T; the
        // user snoozed it there (X-MOZ-LASTACK then) until T + 15 s.
        let now = Self.secondsAhead(0)
        let snoozedUntil = now.addingTimeInterval(15)
        try setup.peer.deviceB.write(Self.thunderbirdTodo(uid: "tb-snoozed", summary: "Renew the parking permit", due: now.addingTimeInterval(3595), extra: [
            "X-MOZ-LASTACK:\(Self.utc(now.addingTimeInterval(-2)))", "X-MOZ-SNOOZE-TIME:\(Self.utc(snoozedUntil))",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT1H", "DESCRIPTION:Default Mozilla Description", "END:VALARM",
        ]), as: "tb-snoozed.ics")
        try setup.syncBToA()
        #expect(daemon.waitForLog { $0.event == "read-in" } != nil, "\(daemon)")
        let task = try #require(try setup.cli.objects("list", "--json").first?["id"] as? Int)

        Thread.sleep(until: snoozedUntil.addingTimeInterval(-1.5))
        #expect(daemon.firings(of: task).isEmpty, "nothing before the snooze: \(daemon)")
        let fired = try #require(daemon.waitForLog(within: .seconds(10)) { $0.event == "fire" && $0.task == task }, "\(daemon)")
        #expect(fired["kind"] == "snoozed", "\(fired)")
        #expect(abs(fired.time.timeIntervalSince(snoozedUntil)) < 2, "\(fired)")
        Thread.sleep(forTimeInterval: 1.5)
        #expect(daemon.firings(of: task).count == 1, "\(daemon)")
        #expect(try setup.desktop.history().filter { $0.summary == "Renew the parking permit" }.count == 1)
    }

    @Test("Snooze 1 h chosen on a bubble reaches the server's copy as Thunderbird writes it: X-MOZ-SNOOZE-TIME and X-MOZ-LASTACK in UTC")
    func snoozeFromABubbleReachesTheServer() throws {
        let setup = try Setup(extraConfig: "snooze = [\"1h\"]\n")
        defer { setup.end() }
        let daemon = try RunningDaemon(setup.cli)
        defer { daemon.end() }
        let task = try setup.cli.addTask("Book the ferry", due: WallTime.secondsAhead(3))
        let uid = try #require(try Self.onlyItem(setup.peer.deviceA).uid)
        try setup.syncAToB()

        let id = try daemon.notificationID(task: task)
        #expect(eventually { (try? setup.desktop.displayedCount()) == 1 })
        _ = try setup.desktop.pickFromContextMenu(id: id, key: "snooze:1h")
        let chosen = Date()
        #expect(daemon.waitForLog { $0.event == "action" && $0["outcome"] == "snoozed" && $0.task == task } != nil, "\(daemon)")
        // The daemon writes the task's file once the store has settled.
        #expect(eventually { (try? setup.peer.deviceA.item(uid: uid)?.value(of: "X-MOZ-SNOOZE-TIME")) != nil }, "\(daemon)")
        try setup.syncAToB()

        let server = try #require(try setup.peer.deviceB.item(uid: uid))
        let snooze = try #require(server.value(of: "X-MOZ-SNOOZE-TIME"), "\(server)")
        let acknowledged = try #require(server.value(of: "X-MOZ-LASTACK"), "\(server)")
        #expect(snooze.wholeMatch(of: /\d{8}T\d{6}Z/) != nil && acknowledged.wholeMatch(of: /\d{8}T\d{6}Z/) != nil, "\(server)")
        let until = try #require(Self.instant(snooze))
        let handled = try #require(Self.instant(acknowledged))
        #expect(abs(until.timeIntervalSince(chosen.addingTimeInterval(3600))) < 5, "\(server)")
        #expect(abs(handled.timeIntervalSince(chosen)) < 5, "\(server)")
        // And for Evolution, the snooze as an RFC 9074 alarm naming the one that fired.
        #expect(server.text.contains("RELATED-TO;RELTYPE=SNOOZE:"), "\(server)")
        #expect(server.text.contains("TRIGGER;VALUE=DATE-TIME:\(snooze)"), "\(server)")
    }

    @Test("A bubble still open when the reminder is dismissed on another device closes as the sync brings that in")
    func bubbleClosesWhenHandledElsewhere() throws {
        let setup = try Setup()
        defer { setup.end() }
        let daemon = try RunningDaemon(setup.cli)
        defer { daemon.end() }
        let task = try setup.cli.addTask("Call the bank", due: WallTime.secondsAhead(3))
        try setup.syncAToB()
        _ = try daemon.notificationID(task: task)
        #expect(eventually { (try? setup.desktop.displayedCount()) == 1 })

        // Dismissed in Thunderbird on the other device: X-MOZ-LASTACK, now.
        let item = try Self.onlyItem(setup.peer.deviceB)
        // (Replacing the one written when the task was added after 09:00.)
        try setup.peer.deviceB.write(item.text.withoutLines(starting: "X-MOZ-LASTACK:").replacingOccurrences(
            of: "END:VTODO", with: "X-MOZ-LASTACK:\(Self.utc(Self.secondsAhead(0)))\r\nEND:VTODO"
        ), as: item.fileName)
        let mark = daemon.log.count
        try setup.syncBToA()
        #expect(daemon.waitForLog(after: mark) { $0.event == "closed" && $0.task == task && $0["reason"] == "acknowledged" } != nil, "\(daemon)")
        #expect(eventually { (try? setup.desktop.displayedCount()) == 0 }, "the bubble is still on screen")
        // Closed by the daemon, not dismissed by the user: no action follows.
        #expect(!daemon.log.contains { $0.event == "action" }, "\(daemon)")
        #expect(daemon.firings(of: task).count == 1, "\(daemon)")
    }

    @Test("An occurrence marked done by itself in Thunderbird (a completed RECURRENCE-ID override) is silenced; the series goes on")
    func completedOverrideSilencesOneOccurrence() throws {
        let setup = try Setup()
        defer { setup.end() }
        let daemon = try RunningDaemon(setup.cli)
        defer { daemon.end() }
        let due = Self.secondsAhead(14)
        let task = try setup.cli.addTask("Stretch", due: due, "--repeat", "daily")
        _ = try daemon.waitUntilArmed(task: task)
        try setup.syncAToB()

        // Thunderbird marks today's occurrence done: an override of its own.
        let item = try Self.onlyItem(setup.peer.deviceB)
        let uid = try #require(item.uid)
        let override = [
            "BEGIN:VTODO", "UID:\(uid)", "SUMMARY:Stretch", "RECURRENCE-ID:\(Self.utc(due))", "DUE:\(Self.utc(due))",
            "STATUS:COMPLETED", "COMPLETED:\(Self.utc(Date()))", "PERCENT-COMPLETE:100", "END:VTODO", "",
        ].joined(separator: "\r\n")
        try setup.peer.deviceB.write(item.text.replacingOccurrences(of: "END:VCALENDAR", with: override + "END:VCALENDAR"), as: item.fileName)
        let mark = daemon.log.count
        try setup.syncBToA()
        #expect(daemon.waitForLog(after: mark) { $0.event == "read-in" } != nil, "\(daemon)")

        Thread.sleep(until: due.addingTimeInterval(2))
        #expect(daemon.firings(of: task).isEmpty, "today's occurrence is done: \(daemon)")
        let now = try setup.cli.task(String(task))
        #expect(JSON.instant((now["due"] as? [String: Any])?["time"]) == due.addingTimeInterval(86_400), "\(now)")
        #expect((now["completions"] as? [Any])?.count == 1, "\(now)")
        // Tomorrow's still has its reminders.
        let reminders = try #require(now["reminders"] as? [[String: Any]], "\(now)")
        #expect(reminders.contains { JSON.instant($0["at"]) == due.addingTimeInterval(86_400) }, "\(reminders)")
    }

    @Test("Fifty reminders fired with no user action leave every file of the synced folder as it was")
    func firingWritesNothing() throws {
        let setup = try Setup()
        defer { setup.end() }
        let start = Self.secondsAhead(8)
        for index in 0..<50 {
            try setup.peer.deviceB.write(Self.thunderbirdTodo(
                uid: "fifty-\(index)", summary: "Task \(index)", due: start.addingTimeInterval(Double(index / 5)), extra: []
            ), as: "fifty-\(index).ics")
        }
        try setup.syncBToA()
        let before = try setup.peer.deviceA.items().map { "\($0.fileName)\n\($0.text)" }
        #expect(before.count == 50)

        let daemon = try RunningDaemon(setup.cli)
        defer { daemon.end() }
        // Every task's reminder (at its due time; the defaults, as the files
        // have no alarm) fires, alone or in a digest.
        let fired = { Set(daemon.log.filter { $0.event == "fire" }.flatMap { [$0.task].compactMap { $0 } + $0.tasks }) }
        #expect(eventually(within: .seconds(30)) { fired().count == 50 }, "\(fired().count) fired: \(daemon)")
        Thread.sleep(forTimeInterval: 1)
        let after = try setup.peer.deviceA.items().map { "\($0.fileName)\n\($0.text)" }
        #expect(after == before)
        // Nothing for vdirsyncer to carry to the server.
        let sync = try setup.peer.deviceA.sync()
        #expect(!sync.stderr.contains("Copying"), "\(sync)")
    }

    static func onlyItem(_ device: CalDAVDevice, sourceLocation: SourceLocation = #_sourceLocation) throws -> VdirItem {
        let items = try device.items()
        return try #require(items.count == 1 ? items.first : nil, "\(items)", sourceLocation: sourceLocation)
    }

    static func instant(_ utc: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.date(from: utc)
    }
}
