import Foundation
import TestSupport
import Testing

/// `next` lists the events' alarms however far ahead they are, not only
/// as far as the daemon's index reaches (two months).
@Suite("next: the events' alarms, however far ahead", .ownThread)
struct ComingEventAlarmsTests {
    static let now = "2026-01-01 00:01"
    /// `now` and the end of the two years, in the zone of the run (Berlin).
    static let from = "2026-01-01T00:01:00+01:00"
    static let end = "2028-01-01T00:00:00+01:00"

    @Test("next --json --limit 5000 lists every alarm of 30 generated events over two years, as recurring_ical_events finds them")
    func twoYearsAhead() throws {
        let zone = "Europe/Berlin"
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try FileManager.default.createDirectory(atPath: lists.folder("personal"), withIntermediateDirectories: true)
        _ = try ReferencePython.run("generate.py", [lists.folder("personal"), "30", "31"], timeZone: zone)
        let reference = try JSONDecoder().decode(
            [String: [Int]].self,
            from: Data(ReferencePython.run("alarms.py", [lists.folder("personal"), "2026-01-01", "2028-01-01"], timeZone: zone).utf8)
        )
        let from = try #require(JSON.instant(Self.from)).timeIntervalSince1970
        let theirs = reference.values.flatMap { $0 }.filter { Double($0) > from }.sorted()
        try #require(theirs.count > 2_000 && theirs.count < 5_000, "the reference's \(theirs.count) alarms do not fit the limit")

        let firings = try cli.objects("next", "--json", "--limit", "5000", "--now", Self.now)
        let endInstant = try #require(JSON.instant(Self.end)).timeIntervalSince1970
        let ours = try firings.filter { $0["kind"] as? String == "event" }.map { firing in
            Int(try #require(JSON.instant(firing["at"]), "\(firing)").timeIntervalSince1970)
        }.filter { Double($0) < endInstant }.sorted()
        let onlyTheirs = Set(theirs).subtracting(ours).sorted(), onlyOurs = Set(ours).subtracting(theirs).sorted()
        #expect(ours == theirs, "\(ours.count) listed, \(theirs.count) in the reference; only the reference: \(onlyTheirs.prefix(5)), only next: \(onlyOurs.prefix(5))")
    }
}
