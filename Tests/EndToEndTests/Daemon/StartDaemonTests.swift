import Foundation
import TestSupport
import Testing

/// A task waiting to start: the daemon fires none of its
/// reminders before its start but those an alarm asks for on purpose.
@Suite("daemon, end to end: a task not yet started", .serialized, .ownThread)
struct StartDaemonTests {
    @Test("An alarm a minute before the due that falls before the start does not fire; the alarm at the start does, once")
    func notBeforeItsStart() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }

        // Starting in 6 s, due 58 s after that: its -1m alarm falls 2 s
        // before the start, its start alarm at the start.
        let start = WallTime.secondsAhead(6)
        let due = start.addingTimeInterval(58)
        let task = try cli.addTask("Book flights", due: due, "--start", WallTime.iso(start), "--remind", "-1m,start")
        _ = try daemon.waitUntilArmed(task: task)
        WallTime.sleep(until: start.addingTimeInterval(2))

        let firings = daemon.firings(of: task)
        #expect(firings.count == 1, "\(daemon)")
        let entry = try desktop.entry(id: try daemon.notificationID(task: task, kind: "alarm"))
        #expect(entry.summary == "Book flights")
        let ledger = try cli.ledger(task: task)
        #expect(ledger.count == 1 && ledger.first.map { abs($0.at.timeIntervalSince(start)) < 0.5 } == true, "\(ledger)")
    }
}
