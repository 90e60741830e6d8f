import Foundation
import Testing
import TodoCalendar
import TodoCore

@Suite("Writing task fields as VTODO properties")
struct TodoWritingTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("completing writes STATUS:COMPLETED, COMPLETED in UTC and PERCENT-COMPLETE:100")
    func completing() throws {
        let item = try CalendarFixture.item("thunderbird.ics")
        var wanted = item.properties
        wanted.complete(at: try CalendarFixture.instant("2026-12-01T15:30:12Z"))
        let lines = CalendarFixture.lines(try #require(item.updated(to: wanted, at: Self.now)))
        #expect(lines.contains("STATUS:COMPLETED\r\n"))
        #expect(lines.contains("COMPLETED:20261201T153012Z\r\n"))
        #expect(lines.contains("PERCENT-COMPLETE:100\r\n"))
        #expect(!lines.contains("PERCENT-COMPLETE:30\r\n"))
    }

    @Test("reopening removes COMPLETED and a 100 % and sets NEEDS-ACTION")
    func reopening() throws {
        let item = try CalendarFixture.item("nextcloud.ics")
        var wanted = item.properties
        wanted.reopen()
        let after = try #require(item.updated(to: wanted, at: Self.now))
        let lines = CalendarFixture.lines(after)
        #expect(lines.contains("STATUS:NEEDS-ACTION\r\n"))
        #expect(!lines.contains { $0.hasPrefix("COMPLETED:") || $0.hasPrefix("PERCENT-COMPLETE") })
        #expect(try !CalendarFixture.item(after).properties.isDone)
    }

    @Test("a priority keeps its number while it stays in its band", arguments: [
        (4, Priority.high, 4), (4, .medium, 5), (4, .low, 9), (0, .medium, 0), (0, .high, 1), (7, .low, 7), (5, .high, 1),
    ])
    func priority(from value: Int, to band: Priority, expected: Int) {
        var fields = VTodoProperties(priorityValue: value)
        fields.priority = band
        #expect(fields.priorityValue == expected)
    }

    @Test("setting the category replaces the first and keeps the other categories")
    func category() throws {
        let item = try CalendarFixture.item("evolution.ics")
        var wanted = item.properties
        wanted.category = "House"
        let after = try #require(item.updated(to: wanted, at: Self.now))
        #expect(try CalendarFixture.item(after).properties.categories == ["House", "Repairs"])
        #expect(CalendarFixture.lines(after).filter { $0.hasPrefix("CATEGORIES") } == ["CATEGORIES:House,Repairs\r\n"])
    }

    @Test("a time with no zone is written in UTC")
    func utcDue() throws {
        let item = try CalendarFixture.item("tasksorg.ics")
        var wanted = item.properties
        wanted.due = .time(try CalendarFixture.instant("2026-12-01T16:00:00Z"))
        let after = try #require(item.updated(to: wanted, at: Self.now))
        #expect(CalendarFixture.lines(after).filter { $0.hasPrefix("DUE") } == ["DUE:20261201T160000Z\r\n"])
        #expect(!CalendarFixture.lines(after).contains("BEGIN:VTIMEZONE\r\n"))
    }

    @Test("a repeating time in a zone is written with TZID, and its VTIMEZONE is added once")
    func zonedDue() throws {
        let item = try CalendarFixture.item("todoman.ics")
        var wanted = item.properties
        wanted.dueZone = "Europe/Berlin"
        let after = try #require(item.updated(to: wanted, at: Self.now))
        let lines = CalendarFixture.lines(after)
        // 17:00 UTC is 18:00 in Berlin in December.
        #expect(lines.contains("DUE;TZID=Europe/Berlin:20261201T180000\r\n"))
        #expect(lines.filter { $0 == "BEGIN:VTIMEZONE\r\n" }.count == 1)
        #expect(lines.contains("TZID:Europe/Berlin\r\n"))
        let reread = try CalendarFixture.item(after)
        #expect(reread.properties.due == item.properties.due)
        #expect(reread.properties.dueZone == "Europe/Berlin")

        var moved = reread.properties
        moved.due = .time(try CalendarFixture.instant("2026-12-08T17:00:00Z"))
        let again = CalendarFixture.lines(try #require(reread.updated(to: moved, at: Self.now)))
        #expect(again.filter { $0 == "BEGIN:VTIMEZONE\r\n" }.count == 1)
    }

    @Test("a file's own VTIMEZONE is reused under its own TZID")
    func existingZone() throws {
        let item = try CalendarFixture.item("evolution.ics")
        var wanted = item.properties
        wanted.due = .time(try CalendarFixture.instant("2026-04-11T13:30:00Z"))
        wanted.dueZone = "America/New_York"
        let lines = CalendarFixture.lines(try #require(item.updated(to: wanted, at: Self.now)))
        #expect(lines.filter { $0 == "BEGIN:VTIMEZONE\r\n" }.count == 1)
        #expect(lines.contains("DUE;TZID=/freeassociation.sourceforge.net/America/New_York:20260411T093000\r\n"))
    }

    @Test("the same zone under another spelling is no change")
    func sameZone() throws {
        let item = try CalendarFixture.item("evolution.ics")
        var wanted = item.properties
        wanted.dueZone = "America/New_York"
        #expect(item.updated(to: wanted, at: Self.now) == nil)
    }

    @Test("a new property goes above the VALARMs; a removed one leaves the rest")
    func placement() throws {
        let item = try CalendarFixture.item("tasksorg.ics")
        var wanted = item.properties
        wanted.notes = "Semi-skimmed"
        wanted.categories = []
        let lines = CalendarFixture.lines(try #require(item.updated(to: wanted, at: Self.now)))
        let description = try #require(lines.firstIndex(of: "DESCRIPTION:Semi-skimmed\r\n"))
        let alarm = try #require(lines.firstIndex(of: "BEGIN:VALARM\r\n"))
        #expect(description < alarm)
        #expect(!lines.contains { $0.hasPrefix("CATEGORIES") })
        #expect(lines.contains("RELATED-TO:2190846732941734722\r\n"))
    }

    @Test("a title's LANGUAGE parameter is kept when the title changes")
    func keepsParameters() throws {
        let item = try CalendarFixture.item("evolution.ics")
        var wanted = item.properties
        wanted.title = "Call the plumber"
        let lines = CalendarFixture.lines(try #require(item.updated(to: wanted, at: Self.now)))
        #expect(lines.contains("SUMMARY;LANGUAGE=en-US:Call the plumber\r\n"))
    }

    @Test("a new task is a VCALENDAR with one VTODO, a UID and DTSTAMP, and reads back as written")
    func newFile() throws {
        let fields = VTodoProperties(
            title: String(repeating: "Long title, ", count: 10),
            notes: "Line one\nLine two; with a semicolon",
            categories: ["Work", "Q4"],
            priorityValue: 1,
            due: .day(try #require(LocalDay(year: 2026, month: 12, day: 1))),
            status: .needsAction,
            rule: "FREQ=WEEKLY;BYDAY=MO"
        )
        let bytes = VTodo.newFile(uid: "new-1@todo-remind", properties: fields, at: Self.now)
        let lines = CalendarFixture.lines(bytes)
        #expect(lines.first == "BEGIN:VCALENDAR\r\n")
        #expect(lines.contains("UID:new-1@todo-remind\r\n"))
        #expect(lines.contains("DTSTAMP:20260921T141320Z\r\n"))
        #expect(lines.contains("DUE;VALUE=DATE:20261201\r\n"))
        #expect(lines.contains("RRULE:FREQ=WEEKLY;BYDAY=MO\r\n"))
        #expect(!lines.contains { $0.hasPrefix("SEQUENCE") })
        // Every physical line is at most 75 octets and ends with CRLF.
        let physical = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        #expect(physical.last == "")
        #expect(physical.allSatisfy { $0.utf8.count <= 75 && !$0.contains("\n") })
        let item = try CalendarFixture.item(bytes)
        #expect(item.uid == "new-1@todo-remind")
        #expect(item.properties == fields)
    }
}
