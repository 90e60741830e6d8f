import Foundation
import Testing
import TodoCalendar
import TodoCore
@testable import TodoSync
import TodoZones

/// Reading a file into a task and writing the task back changes nothing:
/// the property a sync that writes only on user actions rests on.
@Suite struct TaskMappingTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../TodoCalendarTests/Fixtures").standardized
    static let clients = [
        "rfc5545", "thunderbird", "tasksorg", "todoman", "nextcloud", "evolution", "handwritten-lf",
        "tasksorg-parent", "tasksorg-child", "nextcloud-parent", "nextcloud-child", "jtx-parent", "jtx-child",
        "thunderbird-child", "todoman-start", "thunderbird-recurring", "evolution-start",
    ]
    static let mapping = TaskMapping(
        timeRules: TimeRules(clock: WallClock(timeZone: Zone(identifier: "Europe/Berlin") ?? .utc)),
        now: Date(timeIntervalSince1970: 1_795_000_000)
    )

    static func item(_ client: String) throws -> VTodo {
        let bytes = try [UInt8](Data(contentsOf: fixtures.appendingPathComponent("\(client).ics")))
        guard case .todo(let item) = try FolderItem.read(bytes, file: client, localZone: mapping.zone) else {
            throw CalendarFileError.noTodo(file: client)
        }
        return item
    }

    @Test("A task read from a file maps back onto exactly that file", arguments: clients)
    func readingThenWritingChangesNothing(client: String) throws {
        let item = try Self.item(client)
        let task = Self.mapping.task(from: item.properties, list: "/lists/work")
        #expect(Self.mapping.properties(of: task, over: item.properties) == item.properties)
        #expect(item.updated(to: Self.mapping.properties(of: task, over: item.properties), at: Self.mapping.now) == nil)
    }

    @Test("A change of one field changes that field only", arguments: clients)
    func oneFieldChangesOneField(client: String) throws {
        let item = try Self.item(client)
        var task = Self.mapping.task(from: item.properties, list: "/lists/work")
        task.priority = task.priority == .low ? .high : .low
        let written = Self.mapping.properties(of: task, over: item.properties)
        #expect(VTodoField.allCases.filter { !written.agrees(with: item.properties, on: $0) } == [.priority])
        #expect(written.priority == task.priority)
    }

    static func item(text lines: [String]) throws -> VTodo {
        let bytes = Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
        guard case .todo(let item) = try FolderItem.read(bytes, file: "series.ics", localZone: mapping.zone) else {
            throw CalendarFileError.noTodo(file: "series.ics")
        }
        return item
    }

    @Test("A COUNT series moved on says what is left of COUNT from its moved DTSTART, and reads back as the same series; so does tasks.org's next step")
    func countMovesOnWithTheSeries() throws {
        let day = { (iso: String) throws -> Due in .day(try #require(LocalDay(iso: iso))) }
        let file = try Self.item(text: [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:count-series",
            "DTSTAMP:20261116T080000Z", "SUMMARY:Physio exercises", "DTSTART;VALUE=DATE:20261116",
            "DUE;VALUE=DATE:20261116", "RRULE:FREQ=DAILY;COUNT=5", "END:VTODO", "END:VCALENDAR",
        ])
        var task = Self.mapping.task(from: file.properties, list: "/lists/health")
        // Done twice here: the series (counted from its first due) is at its third occurrence.
        var series = try #require(task.repeating)
        series.completedCount = 2
        task.repeating = series
        let third = try day("2026-11-18"), fourth = try day("2026-11-19")
        task.due = third

        let written = Self.mapping.properties(of: task, over: file.properties)
        #expect(written.rule == "FREQ=DAILY;COUNT=3")
        #expect(written.start == third && written.due == third)

        // Read back, it is the same series with its history, not a new one of 3.
        let bytes = try #require(file.updated(to: written, at: Self.mapping.now))
        guard case .todo(let reread) = try FolderItem.read(bytes, file: "series.ics", localZone: Self.mapping.zone) else {
            Issue.record("not a task")
            return
        }
        var again = task
        Self.mapping.apply(reread.properties, to: &again)
        #expect(again.repeating == task.repeating && again.due == task.due)
        #expect(Self.mapping.properties(of: task, over: reread.properties) == reread.properties)

        // tasks.org moves the series on by one and counts one less: the same
        // series here, at its fourth occurrence.
        var phone = reread.properties
        phone.due = fourth
        phone.start = fourth
        phone.rule = "FREQ=DAILY;COUNT=2"
        var moved = task
        Self.mapping.apply(phone, to: &moved)
        #expect(moved.repeating == task.repeating && moved.due == fourth)
    }

    @Test("A new task's file says what the task says, and nothing for the defaults")
    func newTask() throws {
        var task = TodoTask(id: 1, title: "Pay rent", createdAt: Self.mapping.now)
        task.due = .day(try #require(LocalDay(year: 2026, month: 12, day: 1)))
        let properties = Self.mapping.properties(of: task, over: VTodoProperties())
        #expect(properties.title == "Pay rent")
        #expect(properties.due == task.due)
        // General and medium are what a file without CATEGORIES or PRIORITY reads as.
        #expect(properties.categories.isEmpty && properties.priorityValue == 0)
        // Its reminder, 09:00 on the due day, as todo-remind's own alarm.
        #expect(properties.ownAlarms == [OwnAlarm(kind: "morning", trigger: "PT9H")])
        #expect(!properties.remindersOff)
    }
}
