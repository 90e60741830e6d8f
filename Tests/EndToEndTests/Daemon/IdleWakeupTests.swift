import Foundation
import TestSupport
import Testing

/// The daemon makes no wake-ups while nothing is due (docs/ARCHITECTURE.md §5), whatever
/// it went through: counted on every thread of the real daemon from
/// /proc/PID/task/*/status, as `make bench` counts them (bench/daemon.py).
extension DaemonTests {
    /// Context switches (voluntary and not) of each thread of `pid`, by thread id.
    static func contextSwitches(of pid: pid_t) -> [String: Int] {
        let tasks = "/proc/\(pid)/task"
        var counts: [String: Int] = [:]
        for thread in (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? [] {
            // A thread that ended while we looked has no status left.
            guard let status = try? String(contentsOfFile: "\(tasks)/\(thread)/status", encoding: .utf8) else { continue }
            counts[thread] = status.split(separator: "\n").reduce(0) { sum, line in
                guard line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:") else { return sum }
                return sum + (Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0)
            }
        }
        return counts
    }

    /// How many times the threads of `pid` woke between two counts: a
    /// thread started in between counts whole, one that ended counts nothing.
    static func wakeups(from before: [String: Int], to after: [String: Int]) -> Int {
        after.reduce(0) { $0 + $1.value - (before[$1.key] ?? 0) }
    }

    /// Waits until the daemon has settled after a step: no wake-up for
    /// half a second, within 5 s (the step's own tail, a D-Bus signal from
    /// dunst or the debounce timer, ends first).
    static func settle(_ daemon: RunningDaemon) {
        var last = contextSwitches(of: daemon.pid)
        _ = eventually(within: .seconds(5)) {
            Thread.sleep(forTimeInterval: 0.5)
            let now = contextSwitches(of: daemon.pid)
            defer { last = now }
            return wakeups(from: last, to: now) == 0
        }
    }

    /// Waits until the daemon has settled after a step (`settle`), then
    /// counts its wake-ups over `window`.
    static func wakeupsWhileIdle(_ daemon: RunningDaemon, over window: Duration) -> Int {
        settle(daemon)
        let before = contextSwitches(of: daemon.pid)
        Thread.sleep(forTimeInterval: Double(window.components.seconds))
        return wakeups(from: before, to: contextSwitches(of: daemon.pid))
    }

    /// Whether `line` says the daemon keeps `count` list folders in step.
    static func keepsLists(_ count: Int, _ line: LogLine) -> Bool {
        line.event == "lists" && (line["count"] == String(count) || line.number("count") == Double(count))
    }

    @Test("A daemon started before its store existed makes no wake-ups while idle after the store appears, is deleted, re-made, replaced, after folders are configured and changed, SIGHUP, and a reminder fired and acted on")
    func noWakeupsWhileIdle() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let config = try #require(cli.environment["TODO_REMIND_CONFIG"])
        let farMorning = try String(contentsOfFile: config, encoding: .utf8)
        #expect(!FileManager.default.fileExists(atPath: cli.storePath))
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let farAhead = Date().addingTimeInterval(30 * 86400)
        // Once libdispatch's worker pool has started, its monitor wakes the
        // process once a second for good: a step that starts it shows in its
        // own window, and in every one after it.
        let window = Duration.seconds(3)
        var measured: [(step: String, wakeups: Int)] = []
        func measure(_ step: String) {
            measured.append((step, Self.wakeupsWhileIdle(daemon, over: window)))
        }

        // The store appears (the daemon made it, empty) and gets a task.
        let first = try cli.addTask("Renew the passport", due: farAhead)
        _ = try daemon.waitUntilArmed(task: first)
        measure("store appeared")

        // Deleted, then made again by the next add.
        var mark = daemon.log.count
        try FileManager.default.removeItem(atPath: cli.storePath)
        try #require(daemon.waitForLog(after: mark) { $0.event == "store-gone" } != nil, "\(daemon)")
        _ = try cli.addTask("Renew the passport", due: farAhead)
        try #require(daemon.waitForLog(after: mark) { $0.event == "store-back" } != nil, "\(daemon)")
        measure("store deleted and made again")

        // Replaced: another store renamed over it.
        mark = daemon.log.count
        let other = cli.path("other.sqlite")
        _ = try cli.ok(["add", "Book the dentist", "--due", WallTime.iso(farAhead), "--store", other])
        try #require(rename(other, cli.storePath) == 0)
        try #require(daemon.waitForLog(after: mark) { $0.event == "store-back" } != nil, "\(daemon)")
        measure("store replaced")

        // List folders configured, then changed, each read on SIGHUP.
        _ = try ListFolders(cli)
        mark = daemon.log.count
        kill(daemon.pid, SIGHUP)
        try #require(daemon.waitForLog(after: mark) { Self.keepsLists(2, $0) } != nil, "\(daemon)")
        measure("folders configured")
        try FileManager.default.createDirectory(atPath: cli.path("lists/home"), withIntermediateDirectories: true)
        try Data((farMorning + "\n[[calendar]]\npath = \"~/lists/home\"\n").utf8).write(to: URL(fileURLWithPath: config))
        mark = daemon.log.count
        kill(daemon.pid, SIGHUP)
        try #require(daemon.waitForLog(after: mark) { Self.keepsLists(1, $0) } != nil, "\(daemon)")
        measure("folders changed")
        mark = daemon.log.count
        kill(daemon.pid, SIGHUP)
        try #require(daemon.waitForLog(after: mark) { $0.event == "lists" } != nil, "\(daemon)")
        measure("SIGHUP")

        // A reminder fired, and marked done from its bubble.
        let soon = try cli.addTask("Take out the bins", due: WallTime.secondsAhead(2))
        let id = try displayedBubble(of: soon, daemon, on: desktop)
        _ = try desktop.pickFromContextMenu(id: id, key: "done")
        try #require(daemon.waitForLog { $0.event == "action" && $0["outcome"] == "marked-done" } != nil, "\(daemon)")
        #expect(eventually { (try? desktop.displayedCount()) == 0 })
        measure("reminder fired and marked done")

        print("wake-ups over \(window) windows: " + measured.map { "\($0.step) \($0.wakeups)" }.joined(separator: ", "))
        for (step, wakeups) in measured {
            #expect(wakeups == 0, "\(wakeups) wake-ups in \(window) after: \(step)")
        }
        #expect(daemon.isRunning)
    }
}
