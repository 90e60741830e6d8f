import Foundation
import Testing
import TodoCalendar
import TodoCore
@testable import TodoSync

/// Reading a file into a task and writing the task back changes nothing:
/// the property a sync that writes only on user actions rests on.
@Suite struct TaskMappingTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../TodoCalendarTests/Fixtures").standardized
    static let clients = ["rfc5545", "thunderbird", "tasksorg", "todoman", "nextcloud", "evolution", "handwritten-lf"]
    static let mapping = TaskMapping(
        scheduler: Scheduler(clock: WallClock(timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt)),
        now: Date(timeIntervalSince1970: 1_795_000_000)
    )

    static func item(_ client: String) throws -> TodoItem {
        let bytes = try [UInt8](Data(contentsOf: fixtures.appendingPathComponent("\(client).ics")))
        guard case .todo(let item) = try CalendarItem.read(bytes, file: client, localZone: mapping.zone) else {
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
        #expect(TodoField.allCases.filter { !written.agrees(with: item.properties, on: $0) } == [.priority])
        #expect(written.priority == task.priority)
    }

    @Test("A new task's file says what the task says, and nothing for the defaults")
    func newTask() throws {
        var task = TodoTask(id: 1, title: "Pay rent", createdAt: Self.mapping.now)
        task.due = .day(try #require(LocalDay(year: 2026, month: 12, day: 1)))
        let properties = Self.mapping.properties(of: task, over: TodoProperties())
        #expect(properties.title == "Pay rent")
        #expect(properties.due == task.due)
        // General and medium are what a file without CATEGORIES or PRIORITY reads as.
        #expect(properties.categories.isEmpty && properties.priorityValue == 0)
        // Its reminder, 09:00 on the due day, as todo-remind's own alarm.
        #expect(properties.ownAlarms == [OwnAlarm(kind: "morning", trigger: "PT9H")])
        #expect(!properties.remindersOff)
    }
}
