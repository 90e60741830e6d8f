import Foundation
import Testing
import TodoCalendar
import TodoCore

@Suite("Writing back only what changed, every other line of the file kept")
struct TodoRoundTripTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let bookkeeping: Set<String> = ["LAST-MODIFIED", "DTSTAMP", "SEQUENCE"]

    @Test("after changing the title, only SUMMARY, LAST-MODIFIED, DTSTAMP and SEQUENCE lines differ", arguments: CalendarFixture.tasks)
    func titleOnly(name: String) throws {
        let before = try CalendarFixture.bytes(name)
        let item = try CalendarFixture.item(name)
        var wanted = item.properties
        wanted.title = "Renamed, with; a \\ and\na second line"
        let after = try #require(item.updated(to: wanted, at: Self.now))

        let oldLines = CalendarFixture.lines(before)
        let newLines = CalendarFixture.lines(after)
        let removed = Set(oldLines).subtracting(newLines)
        let added = Set(newLines).subtracting(oldLines)
        let allowed = Self.bookkeeping.union(["SUMMARY"])
        #expect(Set(removed.map(Self.name)).isSubset(of: allowed))
        #expect(Set(added.map(Self.name)) == allowed)
        // Everything else is there byte for byte and in the same order.
        #expect(oldLines.filter { !allowed.contains(Self.name($0)) } == newLines.filter { !allowed.contains(Self.name($0)) })

        let reread = try CalendarFixture.item(after, file: name)
        #expect(reread.properties == wanted)
        #expect(reread.sequence == item.sequence + 1)
        #expect(reread.lastModified == Self.now)
        #expect(reread.stamp == Self.now)
        #expect(reread.uid == item.uid)
    }

    @Test("asking for what the file says already writes nothing", arguments: CalendarFixture.tasks)
    func unchanged(name: String) throws {
        let item = try CalendarFixture.item(name)
        #expect(item.updated(to: item.properties, at: Self.now) == nil)
    }

    @Test("a day due stays a day through every edit", arguments: ["tasksorg.ics", "nextcloud.ics"])
    func dayStaysDay(name: String) throws {
        let item = try CalendarFixture.item(name)
        var wanted = item.properties
        wanted.title = "Edited"
        wanted.priority = .high
        wanted.complete(at: Self.now)
        let after = try #require(item.updated(to: wanted, at: Self.now))
        let reread = try CalendarFixture.item(after)
        #expect(reread.properties.due == item.properties.due)
        let dues = CalendarFixture.lines(after).filter { $0.hasPrefix("DUE") }
        #expect(dues.count == 1)
        #expect(dues.allSatisfy { $0.hasPrefix("DUE;VALUE=DATE:") && $0.dropFirst(15).allSatisfy { $0.isNumber || $0.isNewline } })
    }

    @Test("moving a day due writes DUE;VALUE=DATE, never a date-time")
    func movingADay() throws {
        let item = try CalendarFixture.item("tasksorg.ics")
        var wanted = item.properties
        wanted.due = .day(try #require(LocalDay(year: 2026, month: 12, day: 1)))
        let after = try #require(item.updated(to: wanted, at: Self.now))
        #expect(CalendarFixture.lines(after).filter { $0.hasPrefix("DUE") } == ["DUE;VALUE=DATE:20261201\r\n"])
        #expect(try CalendarFixture.item(after).properties.due == wanted.due)
    }

    /// The property name of a raw line.
    static func name(_ line: String) -> String {
        ICalendarDocument(bytes: Array(line.utf8)).lines.first?.name ?? ""
    }
}
