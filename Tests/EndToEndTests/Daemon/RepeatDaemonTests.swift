import Foundation
import TestSupport
import Testing

/// A repeating task with the real daemon against dunst: its
/// occurrence fires once, done moves it on without a second bubble, and a
/// SIGKILL around an occurrence's bubble shows it once and loses no later one.
@Suite("repeating tasks, the daemon end to end", .serialized, .ownThread)
struct RepeatDaemonTests {
    @Test("A daily task fires at its due time once; done moves it to tomorrow and the daemon arms for that occurrence")
    func dailyOccurrence() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }

        let due = WallTime.secondsAhead(3)
        let task = try cli.addTask("Water the plants", due: due, "--repeat", "daily")

        let entry = try desktop.entry(id: try daemon.notificationID(task: task))
        #expect(entry.summary == "Water the plants")
        #expect(daemon.firings(of: task).count == 1, "\(daemon)")

        // Done: the open occurrence is tomorrow's, at the same time of day.
        let mark = daemon.log.count
        let done = try cli.ok("done", String(task))
        #expect(done.hasPrefix("Done: \(task) Water the plants · next due tomorrow "), "\(done)")
        _ = try daemon.waitUntilArmed(task: task, after: mark)
        let json = try cli.task(String(task))
        #expect((json["completions"] as? [Any])?.count == 1)
        #expect(json["completed"] as? Bool == false)

        // Nothing more fires for it today.
        WallTime.sleep(until: Date().addingTimeInterval(1))
        #expect(daemon.firings(of: task).count == 1, "\(daemon)")
        #expect(try desktop.history().filter { $0.summary == "Water the plants" }.count == 1)
    }

    /// When a round kills the daemon: the moment occurrence N's Notify call
    /// is on the bus (before the daemon can have had the server's answer and
    /// recorded the delivery), or a number of milliseconds after N's instant.
    enum KillMoment: CustomStringConvertible {
        case onTheBus
        case after(milliseconds: Int)

        var description: String {
            switch self {
            case .onTheBus: "as its Notify call reached the bus"
            case .after(let milliseconds): "\(milliseconds) ms after its instant"
            }
        }
    }

    @Test("A daemon killed with SIGKILL between showing occurrence N and recording it shows N once, never twice, after a restart, and N+1 still fires once")
    func killedBetweenShowingAndRecording() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        // No catch-up beyond the minute a reminder on time always has: the
        // day that passes below would otherwise bring each next occurrence's
        // morning reminder (half a day off, see farMorningConfig) into the
        // window, a bubble the test does not count on.
        let config = try cli.write("kill.toml", PrivateDesktop.farMorningConfig + "catch-up-hours = 0\n")
        let bus = try BusMonitor(on: desktop)
        defer { bus.end() }
        var daemons = [try RunningDaemon(cli, arguments: ["--config", config])]
        defer { daemons.forEach { $0.end() } }

        // Given, in each round, a daily task whose occurrence N fires, and a
        // daemon killed around that moment and started again at once,
        let moments: [KillMoment] = [.after(milliseconds: 0), .onTheBus, .onTheBus, .after(milliseconds: 40)]
        var tasks: [(id: Int, title: String)] = []
        for (round, moment) in moments.enumerated() {
            let title = "Water plant \(round + 1)"
            let mark = daemons[daemons.count - 1].log.count
            let due = WallTime.secondsAhead(2)
            let task = try cli.addTask(title, due: due, "--repeat", "daily")
            tasks.append((task, title))
            _ = try daemons[daemons.count - 1].waitUntilArmed(task: task, after: mark)
            switch moment {
            case .onTheBus:
                try #require(bus.waitForNotify(summary: title), "no Notify call for “\(title)” reached the bus")
            case .after(let milliseconds):
                WallTime.sleep(until: due.addingTimeInterval(Double(milliseconds) / 1000))
            }
            daemons[daemons.count - 1].killAbruptly()
            // What the ledger held when it died: nothing (N not fired yet),
            // "sending" (N handed to the server, which may have shown it),
            // or "delivered".
            let atKill = try cli.ledger(task: task).map(\.status)
            let restarted = try RunningDaemon(cli, arguments: ["--config", config])
            daemons.append(restarted)

            // then N ends up delivered, and the new daemon sends it only if the
            // killed one may not have: fired when it never was, sent again
            // under the same stack tag (which replaces the bubble) when the
            // server's answer never came, and not at all once it was recorded.
            #expect(try cli.ledgerStatuses(task: task, becoming: ["delivered"]) == ["delivered"], "\(restarted)")
            let sentAgain = restarted.firings(of: task)
            switch atKill {
            case []:
                #expect(sentAgain.count == 1, "\(restarted)")
            case ["sending"]:
                #expect(sentAgain.count == 1 && sentAgain.allSatisfy { $0.message.hasSuffix(", attempt 2)") }, "\(restarted)")
            case ["delivered"]:
                #expect(sentAgain.isEmpty, "N was recorded as delivered, and sent again: \(restarted)")
            default:
                Issue.record("the ledger held \(atKill) for task \(task) when the daemon was killed")
            }
            // Every Notify call of N carries one stack tag: a server that
            // replaces by it (dunst does) shows one bubble, however often sent.
            let sent = bus.notifyCalls(summary: title)
            #expect(sent.count >= 1 && sent.allSatisfy { $0.stackTag != nil && $0.stackTag == sent.first?.stackTag }, "\(sent)")
            print("daemon e2e: killed \(moment), the ledger held \(atKill.first ?? "nothing") for occurrence N; "
                + "\(sent.count) Notify call(s) for it")
        }

        // Every occurrence N is shown once (a re-send replaced its bubble).
        let shown = try desktop.history()
        for (task, title) in tasks {
            #expect(shown.filter { $0.summary == title }.count == 1, "task \(task): \(shown)")
        }

        // When each N is done, and a day passes while no daemon runs,
        for (task, title) in tasks {
            let done = try cli.ok("done", String(task))
            #expect(done.hasPrefix("Done: \(task) \(title) · next due tomorrow "), "\(done)")
        }
        let last = daemons[daemons.count - 1]
        #expect(last.terminate()?.status == 0, "\(last)")
        let firstNext = try #require(JSON.instant(try cli.task(String(tasks[0].id))["dueInstant"]))
        try cli.letTimePass(firstNext.timeIntervalSinceNow.rounded(.down) - 2)
        let nextDay = try RunningDaemon(cli, arguments: ["--config", config])
        daemons.append(nextDay)

        // then each N+1 fires once, and no N again.
        for (task, title) in tasks {
            #expect(try desktop.entry(id: try nextDay.notificationID(task: task, within: .seconds(20))).summary == title)
            // (Its morning reminder, half a day old, is on the ledger as skipped.)
            var atDueTime: [String] = []
            _ = try eventually {
                atDueTime = try cli.ledger(task: task).filter { $0.kind == "atDueTime" }.map(\.status)
                return atDueTime == ["delivered", "delivered"]
            }
            let rows = try cli.ledger(task: task)
            #expect(atDueTime == ["delivered", "delivered"], "task \(task): \(rows)")
        }
        let all = try desktop.history()
        for (task, title) in tasks {
            #expect(nextDay.firings(of: task).count == 1, "\(nextDay)")
            #expect(all.filter { $0.summary == title }.count == 2, "task \(task): \(all)")
        }
    }
}
