import Foundation
import TestSupport
import Testing

/// A repeating task with the real daemon against dunst (issue 11): its
/// occurrence fires once, and done moves it on without a second bubble.
@Suite("repeating tasks, the daemon end to end", .serialized)
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
}
