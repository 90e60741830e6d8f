import Foundation
import TestSupport
import Testing

/// The daemon's store deleted, replaced by another program's database, or
/// stopped cleanly: the real daemon against a real dunst, with the files
/// looked at on disk.
@Suite("daemon, end to end: its store deleted or replaced", .serialized, .ownThread)
struct StoreSwapTests {
    /// The log line that says the daemon let go of its store.
    static func isLetGo(_ line: LogLine) -> Bool {
        line.event == "store-gone"
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// The first line `status` prints about the daemon.
    static func daemonLine(_ cli: CLI) throws -> String {
        try cli.run(["status"]).stdout.split(separator: "\n").first.map(String.init) ?? ""
    }

    @Test("A store deleted while the daemon runs fires nothing more, and a new store made at its path is picked up and fires")
    func deletedStore() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let due = WallTime.secondsAhead(3)
        let stale = try cli.addTask("Stale task", due: due)
        _ = try daemon.waitUntilArmed(task: stale)

        let mark = daemon.log.count
        try FileManager.default.removeItem(atPath: cli.storePath)

        try #require(daemon.waitForLog(after: mark, Self.isLetGo) != nil, "\(daemon)")
        // Closed: SQLite removed the deleted store's -wal and -shm.
        #expect(!Self.exists(cli.storePath + "-wal"))
        #expect(!Self.exists(cli.storePath + "-shm"))
        Thread.sleep(until: due.addingTimeInterval(1.5))
        #expect(daemon.firings.isEmpty, "\(daemon)")
        let waiting = try cli.lines("status")
        #expect(waiting.first?.hasPrefix("daemon        waiting for a store at \(cli.storePath) (pid \(daemon.pid), since ") == true, "\(waiting)")
        #expect(waiting.contains("next armed    nothing to remind of"), "\(waiting)")
        // At a path named with --store, a missing store is an error, after the daemon's line.
        let named = try cli.run(["status", "--store", cli.storePath])
        #expect(named.stdout.hasPrefix("daemon        waiting for a store at \(cli.storePath) (pid \(daemon.pid), since "), "\(named)")
        #expect(named.status == 74 && named.stderr.contains("no task store"), "\(named)")

        let fresh = try cli.addTask("Fresh task", due: WallTime.secondsAhead(3))

        let fired = daemon.waitForLog(after: mark, within: .seconds(10)) { $0.event == "fire" && $0["summary"] == "Fresh task" }
        #expect(fired != nil, "\(daemon)")
        #expect(daemon.firings.count == 1, "\(daemon)")
        #expect(daemon.isRunning)
        #expect(try cli.ledgerStatuses(task: fresh, becoming: ["delivered"]) == ["delivered"])
        #expect(try Self.daemonLine(cli).hasPrefix("daemon        running (pid \(daemon.pid), since "))
    }

    @Test("Another program's database moved over the store while the daemon runs is never written: byte for byte as it was, no -wal or -shm beside it, even after the daemon stops")
    func replacedByForeignDatabase() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let due = WallTime.secondsAhead(3)
        let stale = try cli.addTask("Stale task", due: due)
        _ = try daemon.waitUntilArmed(task: stale)
        let foreign = cli.path("other.db")
        try cli.python("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)")
            db.executemany("INSERT INTO note (text) VALUES (?)", [("one",), ("two",)])
            db.commit()
            db.close()
            """, foreign)
        let before = try Data(contentsOf: URL(fileURLWithPath: foreign))

        let mark = daemon.log.count
        try #require(rename(foreign, cli.storePath) == 0)

        try #require(daemon.waitForLog(after: mark, Self.isLetGo) != nil, "\(daemon)")
        #expect(daemon.waitForLog(after: mark) { $0.event == "store-refused" } != nil, "\(daemon)")
        // Past the stale task's due: the daemon would have written its ledger.
        Thread.sleep(until: due.addingTimeInterval(1.5))
        #expect(daemon.firings.isEmpty, "\(daemon)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.storePath)) == before)
        #expect(!Self.exists(cli.storePath + "-wal"))
        #expect(!Self.exists(cli.storePath + "-shm"))
        #expect(try Self.daemonLine(cli).hasPrefix("daemon        waiting for a store at \(cli.storePath) (pid \(daemon.pid), since "))

        let ended = daemon.terminate()
        #expect(ended?.status == 0, "\(daemon)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.storePath)) == before)
        #expect(!Self.exists(cli.storePath + "-wal"))
        #expect(!Self.exists(cli.storePath + "-shm"))
        let rows = try cli.python("""
            import sqlite3, sys
            print(sqlite3.connect(sys.argv[1]).execute("SELECT group_concat(text) FROM note").fetchone()[0])
            """, cli.storePath)
        #expect(rows == "one,two\n")
    }

    @Test("A daemon stopped with SIGTERM leaves no -wal or -shm beside its store")
    func cleanStop() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let task = try cli.addTask("Later", due: WallTime.secondsAhead(3600))
        _ = try daemon.waitUntilArmed(task: task)

        let ended = daemon.terminate()

        #expect(ended?.status == 0, "\(daemon)")
        #expect(!Self.exists(cli.storePath + "-wal"))
        #expect(!Self.exists(cli.storePath + "-shm"))
    }
}
