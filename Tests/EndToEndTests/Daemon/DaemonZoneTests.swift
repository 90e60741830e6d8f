import Foundation
import TestSupport
import Testing

/// The daemon says so in its log when TZ names no zone.
@Suite("the daemon and TZ", .serialized, .ownThread)
struct DaemonZoneTests {
    @Test("a TZ that names no zone gets one warning in the daemon's log naming it and the zone used", arguments: [
        ("Invalid/Zone", "using UTC"),
        ("Europe/Nowhere", "using UTC"),
    ])
    func warnsInLog(tz: String, used: String) throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        var cli = try desktop.cli()
        defer { cli.remove() }
        let task = try cli.addTask("Check the zone", due: Date().addingTimeInterval(86_400))
        cli.environment["TZ"] = tz
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }

        _ = try daemon.waitUntilArmed(task: task)

        let warnings = daemon.log.filter { $0.event == "time-zone-warning" }
        #expect(warnings.count == 1, "\(daemon)")
        // The sentence is for the person reading the log: it names both.
        #expect(warnings.first?.message.contains("TZ=“\(tz)”") == true, "\(daemon)")
        #expect(warnings.first?.message.contains(used) == true, "\(daemon)")
    }
}
