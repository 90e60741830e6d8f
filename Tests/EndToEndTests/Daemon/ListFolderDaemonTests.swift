import Foundation
import TestSupport
import Testing

/// The daemon and the lists' folders: the real daemon against dunst, with
/// files written into the folders as vdirsyncer writes them.
@Suite("daemon, end to end: list folders", .serialized, .ownThread)
struct ListFolderDaemonTests {
    /// A VTODO due at `instant` (UTC), as a phone's client writes it.
    static func todo(uid: String, summary: String, due: Date, completed: Bool = false) -> String {
        var extra = ["DUE:" + Self.utc(due)]
        if completed { extra += ["STATUS:COMPLETED", "COMPLETED:" + Self.utc(Date())] }
        return ListFolders.todo(uid: uid, summary: summary, extra: extra)
    }

    static func utc(_ instant: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: instant)
    }

    @Test("A reminder acknowledged on another device (X-MOZ-LASTACK) while the daemon was stopped is not fired late after it starts")
    func acknowledgedElsewhereIsNotCaughtUp() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let due = WallTime.secondsAhead(2)
        let handled = try cli.addTask("Handled in Thunderbird", due: due)
        let missed = try cli.addTask("Missed here", due: due, "--list", "work")
        Thread.sleep(until: due.addingTimeInterval(1))
        // Thunderbird showed it and the user dismissed it: it writes X-MOZ-LASTACK.
        let name = try lists.onlyFile("personal").name
        // (Replacing the one written when the task was added after 09:00.)
        let acknowledged = try lists.read("personal", name).withoutLines(starting: "X-MOZ-LASTACK:").replacingOccurrences(
            of: "END:VTODO", with: "X-MOZ-LASTACK:\(Self.utc(Date()))\r\nEND:VTODO"
        )
        try lists.put("personal", name, acknowledged)

        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        // The other missed reminder is caught up: the daemon would have fired both.
        #expect(daemon.waitForLog(within: .seconds(10)) { $0.event == "fire" && $0.task == missed } != nil, "\(daemon)")
        Thread.sleep(forTimeInterval: 1)
        #expect(daemon.firings(of: handled).isEmpty, "\(daemon)")
    }

    @Test("A task completed in todoman on another device is done here as the sync brings it, and its pending reminder never fires")
    func completedInTodomanViaCalDAV() throws {
        let setup = try CrossDeviceReminderTests.Setup()
        defer { setup.end() }
        let (peer, cli) = (setup.peer, setup.cli)
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }

        let due = WallTime.secondsAhead(12)
        let task = try cli.addTask("Call the plumber", due: due)
        _ = try daemon.waitUntilArmed(task: task)
        try peer.deviceA.sync()
        try peer.deviceB.sync()
        let id = try #require(try peer.todomanTasks().first { $0.summary == "Call the plumber" }?.id)
        #expect(try peer.todoman(["done", String(id)]).status == 0)
        try peer.deviceB.sync()

        let mark = daemon.log.count
        try peer.deviceA.sync()
        // Read in as the sync renames the file into place (how fast is
        // bench/sync.py's measure, not a test's: BENCHMARKS.md).
        #expect(daemon.waitForLog(after: mark) { $0.event == "read-in" } != nil, "\(daemon)")
        #expect(try cli.task(String(task))["completed"] as? Bool == true)
        Thread.sleep(until: due.addingTimeInterval(1.5))
        #expect(daemon.firings(of: task).isEmpty, "\(daemon)")
    }

    @Test("Another client's VALARM 30 minutes before a timed due fires 30 minutes before it, once")
    func foreignAlarmFiresOnce() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let due = WallTime.secondsAhead(30 * 60 + 3)
        try lists.put("work", "phone-3.ics", ListFolders.todo(uid: "phone-3", summary: "Board the train", extra: [
            "DUE:" + Self.utc(due),
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Board the train", "TRIGGER;RELATED=END:-PT30M", "END:VALARM",
        ]))
        let fired = daemon.waitForLog(within: .seconds(10)) { $0.event == "fire" && $0.task == 1 }
        let line = try #require(fired, "\(daemon)")
        #expect(line["kind"] == "alarm", "\(line)")
        #expect(abs(line.time.timeIntervalSince(due.addingTimeInterval(-1800))) < 5, "\(line)")
        Thread.sleep(forTimeInterval: 1.5)
        #expect(daemon.firings(of: 1).count == 1, "\(daemon)")
        #expect(try desktop.history().filter { $0.summary == "Board the train" }.count == 1)
    }

    @Test("An alarm set with --remind fires at its instant, once, with the defaults off")
    func alarmFiresOnce() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let alarm = WallTime.secondsAhead(3)
        let task = try cli.addTask("Leave for the station", due: WallTime.secondsAhead(3600),
                                   "--remind", WallTime.iso(alarm), "--no-remind-defaults")
        _ = try daemon.waitUntilArmed(task: task)
        let fired = daemon.waitForLog(within: .seconds(10)) { $0.event == "fire" && $0.task == task }
        let line = try #require(fired, "\(daemon)")
        #expect(line["kind"] == "alarm", "\(line)")
        Thread.sleep(forTimeInterval: 1.5)
        #expect(daemon.firings(of: task).count == 1, "\(daemon)")
        #expect(try desktop.history().filter { $0.summary == "Leave for the station" }.count == 1)
    }

    @Test("A task written into a folder is planned at once and fires; one completed elsewhere before its instant never does")
    func folderChangesReachTheDaemon() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        #expect(daemon.waitForLog { $0.event == "lists" && $0.number("count") == 2 } != nil, "\(daemon)")

        let due = WallTime.secondsAhead(4)
        try lists.put("work", "phone-1.ics", Self.todo(uid: "phone-1", summary: "From the phone", due: due))
        _ = try daemon.waitUntilArmed(task: 1)
        let later = WallTime.secondsAhead(5)
        let mark = daemon.log.count
        try lists.put("work", "phone-2.ics", Self.todo(uid: "phone-2", summary: "Done on the phone", due: later))
        #expect(daemon.waitForLog(after: mark) { $0.event == "read-in" && $0.number("count") == 1 } != nil, "\(daemon)")
        // Completed on the phone before its reminder: handled there, never shown here.
        try lists.put("work", "phone-2.ics", Self.todo(uid: "phone-2", summary: "Done on the phone", due: later, completed: true))

        let fired = daemon.waitForLog(within: .seconds(10)) { $0.event == "fire" && $0.task == 1 }
        #expect(fired != nil, "\(daemon)")
        Thread.sleep(until: later.addingTimeInterval(1.5))
        #expect(daemon.firings(of: 2).isEmpty, "\(daemon)")
        // Firing wrote nothing into the folder: only user actions write.
        #expect(try lists.read("work", "phone-1.ics") == Self.todo(uid: "phone-1", summary: "From the phone", due: due))
        #expect(try cli.task("2")["completed"] as? Bool == true)
    }
}
