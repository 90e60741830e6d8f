import Foundation
import TodoCalendar
import TodoCore

/// The iCalendar text a task imported from a program without iCalendar
/// keeps (`TaskOrigin.item`): one VTODO with its UID and the properties
/// that say what todo-remind's fields do not. A new file of a folder's
/// list starts from it, and `export --format ics` writes it.
///
/// Its lines are written as bytes as they come (`ContentLine.append`), and
/// the lines every item has are made once: an import of 100,000 tasks
/// makes 100,000 of these.
struct OriginItem {
    static let productID = "-//todo-remind//import//EN"

    /// The lines before the UID and after the properties, the same for every task.
    private static let head = [ContentLine(name: "BEGIN", value: "VCALENDAR"), ContentLine(name: "VERSION", value: "2.0"),
                               ContentLine(name: "PRODID", value: productID), ContentLine(name: "BEGIN", value: "VTODO")].flatMap(\.raw)
    private static let tail = [ContentLine(name: "END", value: "VTODO"), ContentLine(name: "END", value: "VCALENDAR")].flatMap(\.raw)

    /// The properties' lines so far.
    private var lines: [UInt8] = []

    /// Adds a property; `value` as written (escape a text first).
    mutating func add(_ name: String, parameters: [ContentLine.Parameter] = [], value: String) {
        ContentLine.append(name: name, parameters: parameters, value: value, to: &lines)
    }

    /// The bytes of a VCALENDAR holding one VTODO with `uid` and the properties.
    func bytes(uid: String) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(Self.head.count + uid.utf8.count + 8 + lines.count + Self.tail.count)
        output.append(contentsOf: Self.head)
        ContentLine.append(name: "UID", value: ICalendarText.escape(uid), to: &output)
        output.append(contentsOf: lines)
        output.append(contentsOf: Self.tail)
        return output
    }
}
