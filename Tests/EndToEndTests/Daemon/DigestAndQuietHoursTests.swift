import Foundation
import TestSupport
import Testing

/// The digest and quiet hours, end to end: the real daemon and the real dunst.
/// In the serialized suite of DaemonTests, as they wait for wall-clock instants.
extension DaemonTests {
    @Test("More reminders than digest-threshold at one instant come as one bubble listing them, escaped, and each is on the ledger")
    func digestBubble() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let due = WallTime.secondsAhead(4)
        let titles = ["Pay <rent> & bills", "Buy milk", "Call mom", "Fix the bike"]
        var ids: [Int] = []
        for (title, priority) in zip(titles, ["high", "medium", "low", "medium"]) {
            ids.append(try cli.addTask(title, due: due, "--priority", priority))
        }
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }

        // When their instant comes, one bubble is shown for all four,
        WallTime.sleep(until: due.addingTimeInterval(1))
        #expect(eventually { (try? desktop.displayedCount()) == 1 }, "\(daemon)")
        Thread.sleep(forTimeInterval: 0.5)
        let entries = try desktop.history()
        let digest = try #require(entries.count == 1 ? entries.first : nil, "expected one bubble, got \(entries)")

        // whose summary counts them and whose body lists them, the most urgent
        // first, with the task's own text escaped for markup,
        #expect(digest.summary.hasPrefix("4 "), "\(digest)")
        #expect(digest.body.contains("Pay &lt;rent&gt; &amp; bills"), "\(digest)")
        for title in titles.dropFirst() { #expect(digest.body.contains(title), "\(digest)") }
        let lines = digest.body.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Pay &lt;rent&gt;") == true, "\(lines)")
        #expect(digest.message.hasPrefix("urgency=critical\n"), "\(digest)")

        // and every reminder of it is recorded as delivered.
        for id in ids {
            #expect(try cli.ledgerStatuses(task: id, becoming: ["delivered"]) == ["delivered"], "task \(id)")
        }
    }

    @Test("A reminder falling in quiet hours is held to their end, fires then, once, and says it was held")
    func quietHoursHold() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        var cli = try desktop.cli()
        defer { cli.remove() }
        // Quiet hours from this minute to the next: start late enough in a
        // minute that the reminder, due in 3 s, still falls inside them.
        if WallTime.secondsOfDay(Date()).truncatingRemainder(dividingBy: 60) > 50 {
            WallTime.sleep(until: WallTime.secondsAhead(11))
        }
        let now = Date()
        let start = WallTime.hourAndMinute(now)
        let end = WallTime.hourAndMinute(now.addingTimeInterval(60))
        let endInstant = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60)
        cli.environment["TODO_REMIND_CONFIG"] = try cli.write(
            "quiet.toml", PrivateDesktop.farMorningConfig + "quiet-hours = \"\(start)-\(end)\"\n"
        )
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let due = WallTime.secondsAhead(3)
        let plants = try cli.addTask("Water the plants", due: due)

        // At its instant, nothing is shown: quiet hours hold it,
        WallTime.sleep(until: due.addingTimeInterval(2))
        #expect(daemon.firings(of: plants).isEmpty, "\(daemon)")
        #expect(try desktop.displayedCount() == 0)

        // and when they end, it fires, once, saying it was held.
        WallTime.sleep(until: endInstant.addingTimeInterval(2))
        #expect(eventually { daemon.firings(of: plants).count == 1 }, "\(daemon)")
        let entries = try desktop.history()
        let bubble = try #require(entries.count == 1 ? entries.first : nil, "expected one bubble, got \(entries)")
        #expect(bubble.summary == "Water the plants")
        #expect(bubble.body.contains("held for quiet hours"), "\(bubble)")
        #expect(try cli.ledgerStatuses(task: plants, becoming: ["delivered"]) == ["delivered"])
    }
}
