import Foundation
import TestSupport
import Testing
import TodoCore
import TodoStore

/// How the daemon tells another process's writes from its own
/// (`TaskStore.dataVersion`): its store watcher sees both.
@Suite("Writes of others told from a store's own")
struct DataVersionTests {
    let folder: TemporaryFolder
    /// 2026-05-28 20:26:40 UTC.
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test("The data version stays through the store's own writes and changes with a commit of another connection", arguments: [
        TaskStore.Connections.kept, .pool,
    ])
    func ownWritesLeaveItOthersChangeIt(connections: TaskStore.Connections) throws {
        let path = folder.file("tasks.sqlite")
        let daemon = try TaskStore(path: path, connections: connections)
        let first = try daemon.dataVersion()

        // Given the daemon's own writes: a task, the ledger's bookkeeping,
        _ = try daemon.add(TaskDraft(title: "Own", due: .time(now)), now: now)
        try daemon.recordPlannedThrough(now)
        // then its data version is the same,
        #expect(try daemon.dataVersion() == first)

        // and once a command commits through a connection of its own,
        let command = try TaskStore(path: path)
        _ = try command.add(TaskDraft(title: "From the command"), now: now)
        // it has changed, and stays so until the next commit of another.
        let second = try daemon.dataVersion()
        #expect(second != first)
        #expect(try daemon.dataVersion() == second)
        try command.close()
    }

    @Test("The daemon's lock file lies beside its store")
    func lockBesideTheStore() {
        #expect(TaskStore.daemonLockPath(forStore: "/home/me/.local/share/todo-remind/tasks.sqlite")
            == "/home/me/.local/share/todo-remind/tasks.sqlite.daemon-lock")
    }
}
