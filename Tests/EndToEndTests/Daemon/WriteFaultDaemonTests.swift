import Foundation
import TestSupport
import Testing

/// The daemon and a list folder that cannot be written: it
/// backs off instead of spinning, says so once, and writes the change
/// within seconds of the fault clearing.
@Suite("daemon, end to end: a list folder that cannot be written", .ownThread)
struct WriteFaultDaemonTests {
    @Test("While a list folder takes no writes the daemon uses under 1 s of CPU in 10 s and logs the fault once; reading commands work, sync --check names the task, and the change is written within seconds of the fault clearing",
          arguments: BrokenFolder.Fault.allCases)
    func backsOffAndWritesOnceItCan(fault: BrokenFolder.Fault) throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let broken = try BrokenFolder(fault, folder: lists.folder("work"))
        defer { broken.end() }
        try cli.ok("add", "Alpha", "--list", "work")
        let alpha = try lists.onlyFile("work").name
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }

        try broken.begin()
        let edit = try cli.run(["edit", "Alpha", "--notes", "Edited while broken"])
        #expect(edit.status == 0 && edit.stderr.contains("“Alpha”"), "\(edit)")
        let failed = daemon.waitForLog { $0.event == "write-failed" }
        #expect(failed?.tasks == [1] && failed?["folder"] == lists.folder("work"), "\(daemon)")

        let mark = daemon.log.count
        let before = try Self.cpuSeconds(of: daemon.pid)
        Thread.sleep(forTimeInterval: 10)
        let used = try Self.cpuSeconds(of: daemon.pid) - before
        #expect(used < 1, "\(used) s of CPU in 10 s: \(daemon)")
        #expect(daemon.log.filter { $0.event == "write-failed" }.count == 1, "\(daemon)")
        #expect(daemon.log.count - mark <= 3, "one line per fault, not per retry: \(daemon)")

        // Reading commands answer, with the change made here.
        #expect(try cli.task("Alpha")["notes"] as? String == "Edited while broken")
        let check = try cli.run(["sync", "--check"])
        #expect(check.status == 1 && check.stdout.contains("not written: task 1 “Alpha”"), "\(check)")

        try broken.clear()
        let resumed = daemon.waitForLog(after: mark, within: .seconds(12)) { $0.event == "write-resumed" }
        #expect(resumed?["folder"] == lists.folder("work"), "\(daemon)")
        #expect(ListFolders.contentLines(try lists.read("work", alpha)).contains("DESCRIPTION:Edited while broken"))
        // The folder is watched again: a file put there is read in.
        let written = daemon.log.count
        try lists.put("work", "phone.ics", ListFolders.todo(uid: "phone", summary: "From the phone"))
        #expect(daemon.waitForLog(after: written) { $0.event == "read-in" } != nil, "\(daemon)")
    }

    /// The CPU time a process has used so far, user and system
    /// (`/proc/PID/stat`'s utime and stime, in clock ticks).
    static func cpuSeconds(of pid: pid_t) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The fields after the command name, which may hold spaces, start at the 3rd.
        let fields = try #require(stat.range(of: ")", options: .backwards)).upperBound
        let values = stat[fields...].split(separator: " ")
        let ticks = try #require(Double(values[11])) + #require(Double(values[12]))
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
