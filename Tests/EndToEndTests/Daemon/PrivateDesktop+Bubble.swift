import Testing
import TestSupport

extension PrivateDesktop {
    /// Waits for `daemon`'s bubble of `task` to be on screen, and gives its id.
    func displayedBubble(of task: Int, from daemon: RunningDaemon) throws -> UInt32 {
        let id = try daemon.notificationID(task: task)
        try #require(eventually { (try? displayedCount()) == 1 }, "the bubble of task \(task) is not displayed")
        return id
    }
}
