import Foundation
import TestSupport
import Testing

/// Another client's alarms as the daemon fires them: it
/// follows the file as that client changes it, and a file that first
/// reaches this machine after its alarm fires it as missed.
@Suite("daemon, end to end: other clients' alarms", .serialized, .ownThread)
struct ForeignAlarmDaemonTests {
    @Test("Evolution moves its alarm ten minutes later before it comes, while the daemon runs: the daemon follows the file and does not fire it at the old time")
    func alarmMovedElsewhereIsFollowed() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let utc = ListFolderDaemonTests.utc
        let alarm = WallTime.secondsAhead(4)
        func file(_ trigger: String) -> String {
            ListFolders.todo(uid: "evo-1", summary: "Send the invoice", extra: [
                "DUE:" + utc(alarm.addingTimeInterval(900)), "BEGIN:VALARM", "UID:evo-alarm-1",
                "X-EVOLUTION-ALARM-UID:evo-alarm-1", "ACTION:DISPLAY", "DESCRIPTION:Send the invoice",
                "TRIGGER;RELATED=END:" + trigger, "END:VALARM",
            ])
        }
        try lists.put("personal", "evo-1.ics", file("-PT15M"))
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let task = try #require(try cli.task("Send the invoice")["id"] as? Int)
        _ = try daemon.waitUntilArmed(task: task)

        let mark = daemon.log.count
        let moved = file("-PT5M")
        try lists.put("personal", "evo-1.ics", moved)
        #expect(daemon.waitForLog(after: mark) { $0.event == "read-in" } != nil, "\(daemon)")
        Thread.sleep(until: alarm.addingTimeInterval(1.5))
        #expect(daemon.firings(of: task).isEmpty, "\(daemon)")
        #expect(try lists.read("personal", "evo-1.ics") == moved)
    }

    @Test("A task made on the phone yesterday, its alarm a minute ago and never acknowledged, synced now: the daemon fires it once, late")
    func alarmBeforeTheSyncFiresAsMissed() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let now = Date()
        let utc = ListFolderDaemonTests.utc
        try lists.put("personal", "plants.ics", ListFolders.todo(uid: "phone-plants", summary: "Water the plants", extra: [
            "CREATED:" + utc(now.addingTimeInterval(-86_400)), "LAST-MODIFIED:" + utc(now.addingTimeInterval(-86_400)),
            "DUE:" + utc(now.addingTimeInterval(3600)),
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Water the plants",
            "TRIGGER;VALUE=DATE-TIME:" + utc(now.addingTimeInterval(-60)), "END:VALARM",
        ]))

        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let fired = daemon.waitForLog(within: .seconds(10)) { $0.event == "fire" }
        #expect((fired?.lateness ?? 0) > 30, "\(daemon)")
        Thread.sleep(forTimeInterval: 1)
        #expect(daemon.log.filter { $0.event == "fire" }.count == 1, "\(daemon)")
    }
}
