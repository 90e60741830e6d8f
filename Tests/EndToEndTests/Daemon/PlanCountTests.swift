import Foundation
import TestSupport
import Testing

/// One edit from outside is one plan (docs/ARCHITECTURE.md §3: the daemon must not wake
/// itself with its own writes). The daemon's store watcher sees every write
/// to the `-wal`, its own too (the ledger, the timer it armed, a bubble's
/// action, a file read in); planning again for those would plan each edit
/// twice. Counted from the `planned` lines of the real daemon's log.
extension DaemonTests {
    /// The `planned` lines logged after the first `mark` lines.
    static func plans(_ daemon: RunningDaemon, after mark: Int) -> [LogLine] {
        daemon.log.dropFirst(mark).filter { $0.event == "planned" }
    }

    @Test("One edit from outside is planned once, whatever the daemon writes after it: a command's, an action chosen on a bubble, a file read in from a list folder")
    func oneEditOnePlan() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        Self.settle(daemon)

        // A command adds the task that fires first from now on: the daemon
        // arms for it and records that it did.
        var mark = daemon.log.count
        let passport = try cli.addTask("Renew the passport", due: Date().addingTimeInterval(30 * 86400))
        _ = try daemon.waitUntilArmed(task: passport, after: mark)
        Self.settle(daemon)
        #expect(Self.plans(daemon, after: mark).count == 1, "\(daemon)")

        // Mark done chosen on a bubble: the daemon writes the completion
        // itself, and plans once from it.
        let bins = try cli.addTask("Take out the bins", due: WallTime.secondsAhead(2))
        let id = try displayedBubble(of: bins, daemon, on: desktop)
        Self.settle(daemon)
        mark = daemon.log.count
        _ = try desktop.pickFromContextMenu(id: id, key: "done")
        try #require(daemon.waitForLog(after: mark) { $0.event == "action" && $0["outcome"] == "marked-done" } != nil, "\(daemon)")
        Self.settle(daemon)
        #expect(Self.plans(daemon, after: mark).count == 1, "\(daemon)")

        // A file put into a list folder (as vdirsyncer puts it): read in by
        // the daemon, which writes it into the store, and planned once.
        let lists = try ListFolders(cli)
        mark = daemon.log.count
        kill(daemon.pid, SIGHUP)
        try #require(daemon.waitForLog(after: mark) { Self.keepsLists(2, $0) } != nil, "\(daemon)")
        Self.settle(daemon)
        mark = daemon.log.count
        let due = Date().addingTimeInterval(20 * 86400)
        try lists.put("work", "phone-1.ics", ListFolderDaemonTests.todo(uid: "phone-1", summary: "Call the plumber", due: due))
        try #require(daemon.waitForLog(after: mark) { $0.event == "read-in" } != nil, "\(daemon)")
        // The task it fires first from now on: armed for. Its id is read from
        // the log, not by a command: a command that reads the folder may
        // record how it found it (`FolderScan`), a commit of another
        // process that the daemon rightly plans for.
        let armed = try #require(daemon.waitForLog(after: mark) { $0.armedTask != nil }?.armedTask, "\(daemon)")
        Self.settle(daemon)
        #expect(Self.plans(daemon, after: mark).count == 1, "\(daemon)")
        let plumber = try cli.objects("list", "--json").first { $0["title"] as? String == "Call the plumber" }?["id"] as? Int
        #expect(armed == plumber, "\(daemon)")
        #expect(daemon.isRunning)
    }
}
