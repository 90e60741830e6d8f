import Foundation
import TestSupport
import Testing

/// A task made after some of its alarms' instants: its
/// file says those were handled (`X-MOZ-LASTACK` at the moment its due was
/// set), so a phone or Thunderbird reading it shows no missed alarm, while
/// the alarms still to come stay for every client.
@Suite(.ownThread) struct PassedAlarmFileTests {
    @Test("added at 15:37 due at 22:17 the same day: the 09:00 alarm is acknowledged in the file; added at 08:00, nothing is")
    func addedAfterTheMorning() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try cli.ok("add", "Call the plumber", "--due", "2026-12-04 22:17", "--now", "2026-12-04 15:37")
        let late = ListFolders.contentLines(try lists.onlyFile("personal").text)
        // 15:37 in Berlin is 14:37 UTC.
        #expect(late.contains("X-MOZ-LASTACK:20261204T143700Z"), "\(late)")
        // Both alarms are still written: other clients know which are todo-remind's.
        #expect(late.contains("TRIGGER;RELATED=END:-PT13H17M") && late.contains("TRIGGER;RELATED=END:PT0S"))

        // An unrelated edit keeps it, and the store and the folder agree.
        try cli.ok("edit", "Call the plumber", "--title", "Call the plumber again")
        #expect(ListFolders.contentLines(try lists.onlyFile("personal").text).contains("X-MOZ-LASTACK:20261204T143700Z"))
        let check = try cli.run(["sync", "--check"])
        #expect(check.status == 0 && check.stdout.contains("In step"), "\(check)")
        // The reminder at the due time is still to come here.
        #expect(try cli.ok("show", "1", "--now", "2026-12-04 15:42").contains("22:17"))

        try cli.ok("delete", "1")
        try cli.ok("add", "Water plants", "--due", "2026-12-05 17:00", "--now", "2026-12-04 08:00")
        let early = ListFolders.contentLines(try lists.onlyFile("personal").text)
        #expect(!early.contains { $0.hasPrefix("X-MOZ-LASTACK") }, "\(early)")
    }

    @Test("a due moved to earlier today acknowledges the morning alarm it moved past")
    func dueMovedEarlier() throws {
        var cli = try CLI()
        defer { cli.remove() }
        // `edit` takes the real now: in a zone where it is about noon, the
        // 09:00 of today has passed and 18:00 is still to come.
        cli.environment["TZ"] = ViewTests.middayZone()
        let lists = try ListFolders(cli)
        try cli.ok("add", "Pick up parcel", "--due", "tomorrow 18:00")
        #expect(!ListFolders.contentLines(try lists.onlyFile("personal").text).contains { $0.hasPrefix("X-MOZ-LASTACK") })
        let before = Date()
        try cli.ok("edit", "Pick up parcel", "--due", "today 18:00")
        let after = Date()
        let lines = ListFolders.contentLines(try lists.onlyFile("personal").text)
        let stamp = try #require(lines.first { $0.hasPrefix("X-MOZ-LASTACK:") }?.dropFirst(14), "\(lines)")
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        let acknowledged = try #require(formatter.date(from: String(stamp)), "\(stamp)")
        #expect(acknowledged >= before.addingTimeInterval(-1) && acknowledged <= after)
    }
}
