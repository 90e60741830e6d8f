import Foundation
import Testing
import TodoCalendar
import TodoCore

@Suite("An import's origin as a VCALENDAR (TaskOrigin.calendar)")
struct TaskOriginCalendarTests {
    @Test("property lines are wrapped in a VCALENDAR with one VTODO of the UID and the task's creation, read back with them")
    func wrapsLines() throws {
        let origin = TaskOrigin(uid: "a;b", item: Array("X-TASKWARRIOR-ESTIMATE:PT2H\r\nRELATED-TO;RELTYPE=DEPENDS-ON:c\r\n".utf8))
        let calendar = origin.calendar(created: Date(timeIntervalSince1970: 1_796_140_800))
        let text = String(decoding: calendar, as: UTF8.self)

        #expect(text == "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todo-remind//import//EN\r\nBEGIN:VTODO\r\nUID:a\\;b\r\nCREATED:20261201T160000Z\r\n"
            + "X-TASKWARRIOR-ESTIMATE:PT2H\r\nRELATED-TO;RELTYPE=DEPENDS-ON:c\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        let todo = try CalendarFixture.item(calendar, file: "origin")
        #expect(todo.uid == "a;b")
        #expect(todo.created == Date(timeIntervalSince1970: 1_796_140_800))
        #expect(todo.document.lines.contains { $0.name == "X-TASKWARRIOR-ESTIMATE" && $0.value == "PT2H" })
    }

    @Test("no lines and no creation: a VTODO with only its UID")
    func empty() throws {
        let text = String(decoding: TaskOrigin(uid: "x", item: []).calendar(created: nil), as: UTF8.self)

        #expect(text.contains("BEGIN:VTODO\r\nUID:x\r\nEND:VTODO\r\n"))
    }

    @Test("a file's own VCALENDAR, in any case, is the calendar as it is", arguments: ["BEGIN:VCALENDAR", "begin:vcalendar"])
    func wholeCalendar(begin: String) {
        let item = Array("\(begin)\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:y\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)

        #expect(TaskOrigin(uid: "y", item: item).calendar(created: Date(timeIntervalSince1970: 0)) == item)
    }
}
