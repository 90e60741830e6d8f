import Foundation
import TestSupport
import Testing

/// An event synced through a real radicale by vdirsyncer: its alarm fires
/// on device A, and a Snooze there reaches device B's file with the next
/// sync, as Thunderbird on B would read it.
@Suite("daemon, end to end: an event's snooze through a CalDAV server", .serialized, .ownThread)
struct EventCalDAVTests {
    @Test("Thunderbird's event put on device B fires on device A; Snooze there is written and carried to B by the next sync")
    func snoozeReachesTheOtherDevice() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let peer = try CalDAVPeer.start(components: ["VEVENT", "VTODO"])
        defer { peer.stop() }
        var cli = try desktop.cli()
        defer { cli.remove() }
        cli.environment["TZ"] = peer.timeZone
        cli.environment["TODO_REMIND_CONFIG"] = try cli.write(
            "caldav.toml", PrivateDesktop.farMorningConfig + "\n[[calendar]]\npath = \"\(peer.deviceA.folder.deletingLastPathComponent().path)/*\"\n"
        )
        let alarm = WallTime.secondsAhead(12)
        let event = EventFixtures.thunderbirdSeries(uid: "tb-synced", summary: "Synced meeting", start: alarm.addingTimeInterval(900), weeks: 0)
        try Data(event.utf8).write(to: peer.deviceB.folder.appendingPathComponent("tb-synced.ics"))
        try peer.deviceB.sync()
        try peer.deviceA.sync()

        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        let delivered = try #require(daemon.waitForLog(within: .seconds(20)) {
            $0.event == "delivery" && $0["outcome"] == "delivered" && $0["summary"] == "Synced meeting"
        }, "\(daemon)")
        let id = try #require(delivered.number("notification").flatMap { UInt32(exactly: $0) })
        let mark = daemon.log.count
        _ = try desktop.pickFromContextMenu(id: id, key: "snooze:10m")
        #expect(daemon.waitForLog(after: mark) { $0.event == "action" && $0["kept"] == "file" } != nil, "\(daemon)")

        try peer.deviceA.sync()
        try peer.deviceB.sync()
        let items = try peer.deviceB.items()
        let there = try #require(items.first { $0.text.contains("tb-synced") }, "\(items)")
        // An occurrence of a series: Thunderbird's per-occurrence form.
        #expect(there.text.contains("X-MOZ-SNOOZE-TIME-"), "\(there)")
        #expect(there.text.contains("X-MOZ-LASTACK:"), "\(there)")
        #expect(there.text.contains("RELATED-TO;RELTYPE=SNOOZE:"), "\(there)")
    }
}
