import Foundation
import TodoCalendar
import TodoCore

/// The iCalendar text a task imported from a program without iCalendar
/// keeps (`TaskOrigin.item`): one VTODO with its UID and the properties
/// that say what todo-remind's fields do not. A new file of a folder's
/// list starts from it, and `export --format ics` writes it.
enum OriginItem {
    static let productID = "-//todo-remind//import//EN"

    /// The lines before the UID and after the properties, the same for
    /// every task: made once, not once for each of 100,000 tasks.
    private static let head = [ContentLine(name: "BEGIN", value: "VCALENDAR"), ContentLine(name: "VERSION", value: "2.0"),
                               ContentLine(name: "PRODID", value: productID), ContentLine(name: "BEGIN", value: "VTODO")].flatMap(\.raw)
    private static let tail = [ContentLine(name: "END", value: "VTODO"), ContentLine(name: "END", value: "VCALENDAR")].flatMap(\.raw)

    /// The bytes of a VCALENDAR holding one VTODO with `uid` and `lines`.
    static func bytes(uid: String, lines: [ContentLine]) -> [UInt8] {
        let uidLine = ContentLine(name: "UID", value: ICalendarText.escape(uid)).raw
        var output: [UInt8] = []
        output.reserveCapacity(head.count + uidLine.count + lines.reduce(0) { $0 + $1.raw.count } + tail.count)
        output.append(contentsOf: head)
        output.append(contentsOf: uidLine)
        for line in lines { output.append(contentsOf: line.raw) }
        output.append(contentsOf: tail)
        return output
    }
}
