import Foundation
import TestSupport
import Testing

/// Hostile files in a list folder, for the daemon: with every file of the
/// hostile-input probe in its list folder, it reports each once, stays
/// within 200 MiB, fires another task's reminder on time and stops within a
/// second of SIGTERM.
@Suite("daemon, end to end: a hostile list folder", .serialized, .ownThread)
struct HostileFolderDaemonTests {
    @Test("With the probe's hostile files in its folder the daemon logs each as skipped, fires another task's reminder on time and stops within 1 s of SIGTERM")
    func hostileFolder() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let due = WallTime.secondsAhead(6)
        let task = try cli.addTask("Leave for the train", due: due)
        var paths: [String] = []
        for entry in HostileFolderTests.entries {
            let path = lists.folder("work") + "/" + entry.name
            try entry.make(path)
            paths.append(path)
        }

        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let fired = try #require(daemon.waitForLog(within: .seconds(15)) { $0.event == "fire" && $0.task == task }, "\(daemon)")
        let lateness = try #require(fired.lateness, "\(fired)")
        // The limit set for a hostile file: 5 s (this one is due 6 s
        // after the daemon started reading the folder).
        #expect(lateness >= 0 && lateness < 5, "\(daemon)")
        let skipped = Set(daemon.log.filter { $0.event == "file-skipped" }.compactMap { $0["file"] })
        #expect(skipped == Set(paths), "\(daemon)")
        #expect(daemon.log.filter { $0.event == "file-skipped" }.count == paths.count, "each once: \(daemon)")
        let peak = try #require(MeasuredRun.highWaterBytes(of: daemon.pid))
        #expect(peak < HostileFolderTests.memoryLimit, "peak RSS \(peak / 1024 / 1024) MiB")

        let clock = ContinuousClock()
        let asked = clock.now
        let ended = try #require(daemon.terminate(), "the daemon did not stop on SIGTERM: \(daemon)")
        #expect(clock.now - asked < .seconds(1), "\(daemon)")
        #expect(ended.status == 0, "\(daemon)")
    }

    @Test("The daemon's text log shows a synced list name's escape sequence, never sends it to the reader's terminal")
    func textLogEscapesSyncedNames() throws {
        // A `tail -f` or `journalctl` reader's terminal once received
        // ESC ]0;… from a list's name.
        let cli = try CLI()
        defer { cli.remove() }
        _ = try ListFolders(cli)
        try FileManager.default.createDirectory(atPath: cli.path("lists/w\u{1B}]0;owned\u{7}"), withIntermediateDirectories: true)

        // The daemon runs until `timeout` stops it, long after it has said
        // which list folders it keeps in step.
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/timeout"), ["8", CLI.binary.path, "daemon", "--log-format", "text"],
            environment: cli.environment, workingFolder: cli.folder, name: "todo-remind daemon"
        )

        let line = try #require(result.stderr.split(separator: "\n").first { $0.contains("list folders in step") }, "\(result)")
        #expect(line.contains("w\\e]0;owned\\u{7}"), "\(line)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(result.stderr.debugDescription)")
    }
}
