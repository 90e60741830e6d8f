import Foundation
import TestSupport
import Testing

/// The interactive view beside the daemon: what the daemon and its bubbles
/// change is on screen within a second. In the serialized suite of
/// DaemonTests, as it waits for a wall-clock instant.
extension DaemonTests {
    @Test("A reminder fires while the view is open; Mark done on its bubble, and the view shows the task done within a second")
    func markDoneWhileTheViewIsOpen() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let rent = try cli.addTask("Pay rent", due: WallTime.secondsAhead(4), "--priority", "high")
        try cli.ok("add", "Buy milk")
        let view = try RunningView(cli, width: 99)
        defer { view.end() }
        #expect(view.waitFor("~ \(rent)  Pay rent"), "\(view.screenOrError)")

        // Given the reminder's bubble on screen while the view is open,
        let id = try displayedBubble(of: rent, daemon, on: desktop)
        // (the task, due now, shown overdue)
        #expect(view.waitFor("! \(rent)  Pay rent"), "\(view.screenOrError)")

        // when Mark done is chosen on it,
        _ = try desktop.pickFromContextMenu(id: id, key: "done")
        #expect(daemon.waitForLog { $0.event == "action" && $0["outcome"] == "marked-done" && $0.task == rent } != nil, "\(daemon)")

        // then the view shows it done within a second.
        #expect(view.tmux.waitForScreen(within: .seconds(1)) { !$0.contains("Pay rent") && $0.contains("1 of 2 done") },
                "\(view.screenOrError)")
        #expect(try view.quit() == 0)
        try view.expectRestored()
    }
}
