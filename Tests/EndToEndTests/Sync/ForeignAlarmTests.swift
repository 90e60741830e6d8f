import Foundation
import TestSupport
import Testing

/// Evolution changes its own alarm on a task todo-remind has read in:
/// `show` follows the file, and the file is not written.
@Suite(.ownThread) struct ForeignAlarmTests {
    /// Evolution's file: due 1 Dec 17:00 UTC, its alarm 15 minutes before.
    static func evolution(alarm: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Ximian//NONSGML Evolution Calendar//EN",
          "BEGIN:VTODO", "UID:evo-1", "DTSTAMP:20261120T100000Z", "CREATED:20261120T100000Z",
          "LAST-MODIFIED:20261120T100000Z", "SUMMARY:Send the invoice", "DUE:20261201T170000Z",
          "BEGIN:VALARM", "UID:evo-alarm-1", "X-EVOLUTION-ALARM-UID:evo-alarm-1", "ACTION:DISPLAY",
          "DESCRIPTION:Send the invoice"] + alarm + ["END:VALARM", "END:VTODO", "END:VCALENDAR", ""])
            .joined(separator: "\r\n")
    }

    /// The instants of the task's reminders as `show --json` lists them, in UTC.
    static func reminders(_ cli: CLI) throws -> [String] {
        let iso = ISO8601DateFormatter()
        let reminders = try #require(try cli.task("Send the invoice")["reminders"] as? [[String: Any]])
        return reminders.compactMap { ($0["at"] as? String).flatMap(iso.date(from:)).map(iso.string(from:)) }
    }

    @Test("Evolution acknowledges its alarm, then moves it to 30 minutes before: show follows each, and the file is never written")
    func evolutionAlarmChangesAreFollowed() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try lists.put("personal", "evo-1.ics", Self.evolution(alarm: ["TRIGGER;RELATED=END:-PT15M"]))
        _ = try cli.objects("list", "--json")
        #expect(try Self.reminders(cli) == ["2026-12-01T16:45:00Z"])

        let path = lists.folder("personal") + "/evo-1.ics"
        func stamp() throws -> String {
            var info = stat()
            try #require(stat(path, &info) == 0)
            return "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec);\(info.st_ino)"
        }

        // (a) Dismissed in Evolution.
        let acknowledged = Self.evolution(alarm: ["TRIGGER;RELATED=END:-PT15M", "ACKNOWLEDGED:20261201T164600Z"])
        try lists.put("personal", "evo-1.ics", acknowledged)
        let before = try stamp()
        #expect(try Self.reminders(cli) == [])
        #expect(try lists.read("personal", "evo-1.ics") == acknowledged)
        #expect(try stamp() == before)

        // (b) Moved to 30 minutes before the due.
        let moved = Self.evolution(alarm: ["TRIGGER;RELATED=END:-PT30M"])
        try lists.put("personal", "evo-1.ics", moved)
        let movedStamp = try stamp()
        #expect(try Self.reminders(cli) == ["2026-12-01T16:30:00Z"])
        #expect(try lists.read("personal", "evo-1.ics") == moved)
        #expect(try stamp() == movedStamp)
    }
}
