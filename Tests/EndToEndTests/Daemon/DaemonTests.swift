import Foundation
import TestSupport
import Testing

/// `todo-remind daemon`, the real built binary, against a real dunst: each
/// test has a desktop of its own (a session bus and dunst, see `PrivateDesktop`),
/// tasks due a few seconds ahead, and reads what happened back from dunst's
/// history, the daemon's stdout and log, the ledger in the store, and
/// `todo-remind status`.
///
/// They wait for wall-clock instants and stop, freeze and restart dunst, so
/// they run one at a time. Measured delays are printed, never asserted
/// (docs/ARCHITECTURE.md §8): `make bench` is where they are judged.
@Suite("daemon, end to end against dunst", .serialized, .ownThread)
struct DaemonTests {
    @Test("A task due a few seconds ahead fires at its due time, with its title verbatim, its body, app name, category and urgency")
    func firesAtTheDueTime() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }

        let due = WallTime.secondsAhead(3)
        let rent = try cli.addTask("Pay <rent> & <b>bills</b>", due: due, "--priority", "high", "--notes", "Bring the <cheque> & book")
        let plants = try cli.addTask("Water the plants", due: due, "--priority", "medium")
        let mail = try cli.addTask("Sort the mail", due: due, "--priority", "low")

        let expected = [
            (rent, "Pay <rent> & <b>bills</b>", "Due now\nBring the &lt;cheque&gt; &amp; book", "critical"),
            (plants, "Water the plants", "Due now", "normal"),
            (mail, "Sort the mail", "Due now", "low"),
        ]
        for (task, title, body, urgency) in expected {
            let entry = try desktop.entry(id: try daemon.notificationID(task: task))
            #expect(entry.summary == title)
            #expect(entry.body == body)
            #expect(entry.appName == "todo-remind")
            #expect(entry.category == "x-todo-remind.reminder")
            #expect(entry.message.hasPrefix("urgency=\(urgency)\n"), "\(entry)")

            let firings = daemon.firings(of: task)
            #expect(firings.count == 1, "\(daemon)")
            let lateness = try #require(firings.first?.lateness, "no lateness in \(firings)")
            #expect(lateness >= 0, "fired before its instant: \(firings)")
            print("daemon e2e: task \(task) fired \(Self.milliseconds(lateness)) after its due time")
        }
        #expect(try desktop.history().count == 3)
    }

    @Test("A task added while the daemon runs is picked up without a restart; one switched off, completed or deleted before its time never fires")
    func picksUpChanges() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }

        let early = WallTime.secondsAhead(4)
        let due = early.addingTimeInterval(1)
        var delays: [String] = []
        /// Runs a command and waits for the daemon to arm its timer for the
        /// task `arms` names, given the command's output; notes how long
        /// after the command returned that happened.
        func run(_ arguments: String..., arms: (String) throws -> Int) throws -> Int {
            let mark = daemon.log.count
            let output = try cli.ok(arguments)
            let returned = Date()
            let task = try arms(output)
            let armed = try daemon.waitUntilArmed(task: task, after: mark)
            delays.append("`\(arguments[0])` \(Self.milliseconds(armed.time.timeIntervalSince(returned)))")
            return task
        }

        // Given a task due at `due`, added while the daemon runs,
        let plumber = try run("add", "Call the plumber", "--due", WallTime.iso(due)) { try CLI.addedTaskID($0) }
        // when three tasks due before it are added, then switched off,
        // completed and deleted before their time,
        var changed: [Int] = []
        for (change, title) in [("off", "Muted reminder"), ("done", "Finished task"), ("delete", "Deleted task")] {
            let task = try run("add", title, "--due", WallTime.iso(early)) { try CLI.addedTaskID($0) }
            _ = try run(change, String(task)) { _ in plumber }
            changed.append(task)
        }
        try #require(Date() < early, "the changes took longer than the 4 s before their tasks fell due, so they prove nothing")
        print("daemon e2e: the timer was armed for the task after each command returned by " + delays.joined(separator: ", "))

        // then the plumber's reminder fires, and theirs never do.
        let entry = try desktop.entry(id: try daemon.notificationID(task: plumber))
        #expect(entry.summary == "Call the plumber")
        WallTime.sleep(until: due.addingTimeInterval(1))
        #expect(daemon.firings.count == daemon.firings(of: plumber).count, "\(daemon)")
        #expect(try desktop.history().map(\.summary).filter { $0 != "Call the plumber" } == [])
        #expect(try cli.ledger().map(\.taskID).filter { changed.contains($0) } == [])
        #expect(try cli.ledgerStatuses(task: plumber, becoming: ["delivered"]) == ["delivered"])
    }

    @Test("A daemon killed with SIGKILL and started again later fires the reminder it missed once, late, and nothing twice")
    func killedAndRestarted() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        // Ahead far enough that a daemon starts, arms and is killed before
        // it on a loaded machine (3 s was too few under the faked-time sweep).
        let due = WallTime.secondsAhead(10)
        let passport = try cli.addTask("Renew the passport", due: due)
        // Its morning reminder gives every daemon started below something to arm once it has planned.
        let dentist = try cli.addTask("Book the dentist", due: due.addingTimeInterval(2 * 86_400))

        // Given a daemon killed before the reminder's instant,
        let first = try RunningDaemon(cli)
        defer { first.end() }
        _ = try first.waitUntilArmed(task: passport)
        first.killAbruptly()
        try #require(Date() < due, "the first daemon was killed after the reminder's instant")

        // when it is started again three minutes after that instant,
        try cli.letTimePass(180)
        let missedAt = due.addingTimeInterval(-180)
        let second = try RunningDaemon(cli)
        defer { second.end() }

        // then the reminder fires once, late, and says it was missed.
        let entry = try desktop.entry(id: try second.notificationID(task: passport))
        #expect(entry.summary == "Renew the passport")
        #expect(entry.body.hasPrefix("Overdue since ") && entry.body.contains(" · missed "), "\(entry)")
        #expect(entry.body.hasSuffix("at \(WallTime.hourAndMinute(missedAt))"), "\(entry)")
        let firings = second.firings(of: passport)
        #expect(firings.count == 1, "\(second)")
        if let lateness = firings.first?.lateness {
            #expect(lateness > 60)
            print("daemon e2e: the missed reminder fired \(Self.milliseconds(lateness)) after its instant")
        }
        #expect(try cli.ledgerStatuses(task: passport, becoming: ["delivered"]) == ["delivered"])

        // And a daemon killed and started once more fires nothing again.
        _ = try second.waitUntilArmed(task: dentist)
        second.killAbruptly()
        let third = try RunningDaemon(cli)
        defer { third.end() }
        _ = try third.waitUntilArmed(task: dentist)
        #expect(third.firings.isEmpty, "\(third)")
        #expect(try desktop.history().filter { $0.summary == "Renew the passport" }.count == 1)
        #expect(try cli.ledger(task: passport).map(\.status) == ["delivered"])
        #expect(third.terminate()?.status == 0)
    }

    @Test("With catch-up-hours = 0 a reminder still fires on time, and one missed while the daemon was down is skipped: never shown, and on the ledger as skipped")
    func skipsWhatIsOlderThanTheCatchUpWindow() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let config = try cli.write("catch-up.toml", PrivateDesktop.farMorningConfig + "catch-up-hours = 0\n")
        let onTimeDue = WallTime.secondsAhead(2)
        // Far enough after it that the daemon is killed in between on a
        // loaded machine (3 s was too few under the faked-time sweep).
        let missedDue = onTimeDue.addingTimeInterval(12)
        let ferns = try cli.addTask("Water the ferns", due: onTimeDue)
        let books = try cli.addTask("Return the library books", due: missedDue)

        // Given a daemon that catches nothing up, which fires a reminder on time
        let first = try RunningDaemon(cli, arguments: ["--config", config])
        defer { first.end() }
        #expect(try desktop.entry(id: try first.notificationID(task: ferns)).summary == "Water the ferns")
        #expect(try cli.ledgerStatuses(task: ferns, becoming: ["delivered"]) == ["delivered"])
        // and is killed before the next one's instant,
        _ = try first.waitUntilArmed(task: books)
        first.killAbruptly()
        try #require(Date() < missedDue, "the first daemon was killed after the reminder's instant")

        // when it is started again five minutes after that instant,
        try cli.letTimePass(300)
        let second = try RunningDaemon(cli, arguments: ["--config", config])
        defer { second.end() }

        // then the reminder is skipped, and the ledger says so.
        #expect(second.waitForLog { $0.event == "skip" && $0.number("count") == 1 } != nil, "\(second)")
        #expect(second.firings.isEmpty, "\(second)")
        let rows = try cli.ledger(task: books)
        #expect(rows.map(\.status) == ["skipped"], "\(rows)")
        #expect(rows.first?.detail == "older than the catch-up window")
        #expect(try desktop.history().map(\.summary) == ["Water the ferns"])
        let status = try cli.lines("status")
        #expect(status.contains { $0.hasPrefix("last fired ") && $0.hasSuffix(": \(ferns) Water the ferns (at due time, delivered)") }, "\(status)")
    }

    @Test("With no notification server the reminder is written to stdout and logged once, and reaches the server by the retries once it is back")
    func consoleFallbackThenRetry() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }

        // Given no server on the bus,
        try desktop.stopServer()
        let due = WallTime.secondsAhead(2)
        let alarm = try cli.addTask("Test the smoke alarm", due: due, "--notes", "Press <b>test</b> & wait")

        // when the reminder falls due, it is written to stdout once and the
        // daemon keeps running and trying,
        let secondFailure = daemon.waitForLog(within: .seconds(8)) {
            $0.event == "delivery" && $0["outcome"] == "retrying" && $0.task == alarm && $0["kind"] == "atDueTime"
                && $0.number("retry_in_s") == 4
        }
        try #require(secondFailure != nil, "the daemon did not try the reminder twice: \(daemon)")
        #expect(daemon.output == "[reminder] Test the smoke alarm — Due now — Press <b>test</b> & wait — todo-remind done 1 — todo-remind snooze 1\n")
        #expect(daemon.log.filter { $0.event == "server-lost" }.count == 1, "\(daemon)")
        #expect(daemon.isRunning)
        #expect(try cli.ledgerStatuses(task: alarm, becoming: ["failed"]) == ["failed"])

        // then once a server is back, a retry shows it there.
        try desktop.startServer()
        let serverBack = Date()
        let delivery = try daemon.delivery(task: alarm, within: .seconds(20))
        let delivered = try #require(delivery.number("notification").flatMap { UInt32(exactly: $0) }, "\(delivery)")
        print("daemon e2e: delivered through the server \(Self.milliseconds(delivery.time.timeIntervalSince(serverBack))) after it was back")
        let entry = try desktop.entry(id: delivered)
        #expect(entry.summary == "Test the smoke alarm")
        #expect(entry.body.hasSuffix("\nPress &lt;b&gt;test&lt;/b&gt; &amp; wait"), "\(entry)")
        #expect(daemon.log.contains { $0.event == "server-back" }, "\(daemon)")
        #expect(daemon.output.split(separator: "\n").count == 1)
        #expect(try cli.ledgerStatuses(task: alarm, becoming: ["delivered"]) == ["delivered"])
        let attempts = try cli.ledger(task: alarm).first?.attempts ?? 0
        #expect(attempts >= 3)
    }

    @Test("With a hung notification server the reminder is logged and on the ledger within a second of its instant, and the daemon keeps planning")
    func hungServer() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let due = WallTime.secondsAhead(3)
        let bins = try cli.addTask("Take out the bins", due: due)
        _ = try daemon.waitUntilArmed(task: bins)

        // Given a server that owns its name on the bus but answers nothing,
        try desktop.freezeServer()
        defer { desktop.thawServer() }

        // when the reminder falls due, it is fired and on the ledger at once,
        let fired = try #require(daemon.waitForLog(within: .seconds(6)) { $0.event == "fire" }, "\(daemon)")
        let firedAt = fired.time
        #expect(firedAt >= due && firedAt < due.addingTimeInterval(1), "\(fired)")
        let rows = try cli.ledger(task: bins)
        #expect(rows.map(\.status) == ["sending"], "\(rows)")
        #expect(rows.allSatisfy { $0.firedAt >= due && $0.firedAt < due.addingTimeInterval(1) }, "\(rows)")
        print("daemon e2e: with a hung server, fired and on the ledger \(Self.milliseconds(firedAt.timeIntervalSince(due))) after the instant")

        // and the daemon still follows the store while the call hangs,
        let mark = daemon.log.count
        let bottles = try cli.addTask("Return the bottles", due: due.addingTimeInterval(86_400))
        let added = Date()
        let armed = try daemon.waitUntilArmed(task: bottles, after: mark)
        print("daemon e2e: with a hung server, armed a new task \(Self.milliseconds(armed.time.timeIntervalSince(added))) after `add` returned")
        // and `status` still answers, after its own wait for the server.
        let status = try cli.lines("status")
        #expect(status.contains { $0.hasPrefix("notifications none reachable: ") }, "\(status)")
        #expect(status.contains { $0.hasPrefix("last fired ") && $0.contains(": \(bins) Take out the bins (at due time, ") }, "\(status)")

        // then once the server answers again, the reminder reaches it.
        desktop.thawServer()
        let entry = try desktop.entry(id: try daemon.notificationID(task: bins, within: .seconds(15)))
        #expect(entry.summary == "Take out the bins")
        #expect(try cli.ledgerStatuses(task: bins, becoming: ["delivered"]) == ["delivered"])
    }

    @Test("status right after add names the new next reminder, from the plan, and says the daemon has not read the change until it has")
    func statusRightAfterAdd() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let old = try cli.addTask("Water the plants", due: WallTime.secondsAhead(3 * 86_400))
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        _ = try daemon.waitUntilArmed(task: old)
        // The daemon held still, as a busy machine may hold it for a moment.
        kill(daemon.pid, SIGSTOP)
        let race = try cli.addTask("Race check", due: WallTime.secondsAhead(1200))
        let before = try cli.lines("status")
        kill(daemon.pid, SIGCONT)
        #expect(before.contains { $0.hasPrefix("next due      ") && $0.contains(": \(race) Race check (")
            && $0.hasSuffix("; the daemon has not read the last change yet") }, "\(before)")
        _ = try daemon.waitUntilArmed(task: race)
        let after = try cli.lines("status")
        #expect(after.contains { $0.hasPrefix("next armed    ") && $0.contains(": \(race) Race check (") }, "\(after)")
    }

    @Test("status names the running daemon, the server, the last reminder fired and the next armed; notify-test shows a bubble; a second daemon is refused; SIGTERM ends the daemon with exit status 0")
    func statusNotifyTestAndStopping() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let due = WallTime.secondsAhead(2)
        let cat = try cli.addTask("Feed the cat", due: due)
        let dentist = try cli.addTask("Book the dentist", due: due.addingTimeInterval(2 * 86_400))
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        #expect(daemon.log.contains { $0.event == "server" && $0["server"]?.hasPrefix("dunst ") == true }, "\(daemon)")
        _ = try desktop.entry(id: try daemon.notificationID(task: cat))
        _ = try daemon.waitUntilArmed(task: dentist)

        let status = try cli.lines("status")
        #expect(status.first?.hasPrefix("daemon        running (pid \(daemon.pid), since ") == true, "\(status)")
        #expect(status.contains { $0.hasPrefix("notifications dunst ") }, "\(status)")
        #expect(status.contains { $0.hasPrefix("last fired    ") && $0.hasSuffix(": \(cat) Feed the cat (at due time, delivered)") }, "\(status)")
        #expect(status.contains { $0.hasPrefix("next armed    ") && $0.hasSuffix(": \(dentist) Book the dentist (morning)") }, "\(status)")

        let notifyTest = try cli.lines("notify-test")
        #expect(notifyTest.first?.hasPrefix("Notification server: dunst ") == true, "\(notifyTest)")
        let sent = try #require(notifyTest.last, "notify-test printed nothing")
        let prefix = "Sent: the server showed it as notification "
        let id = try #require(sent.hasPrefix(prefix) ? UInt32(sent.dropFirst(prefix.count).dropLast()) : nil, "\(notifyTest)")
        let bubble = try desktop.entry(id: id)
        #expect(bubble.summary == "todo-remind works")
        #expect(bubble.appName == "todo-remind")

        let refusal = try cli.fails(["daemon"])
        #expect(refusal.contains("pid \(daemon.pid)"), "\(refusal)")
        // In local time, as status says it, never UTC.
        #expect(refusal.contains("A daemon is already running for ") && refusal.contains(", since today ")
            && refusal.hasSuffix("todo-remind status shows it; kill \(daemon.pid) stops it."), "\(refusal)")
        #expect(daemon.isRunning)

        let ending = daemon.terminate()
        #expect(ending?.reason == .exit && ending?.status == 0, "\(daemon)")
        #expect(daemon.log.last?.event == "stopping", "\(daemon)")
        #expect(try cli.lines("status").first?.hasPrefix("daemon        not running for ") == true)
    }

    /// "12.3 ms".
    static func milliseconds(_ seconds: TimeInterval) -> String {
        String(format: "%.1f ms", seconds * 1000)
    }
}
