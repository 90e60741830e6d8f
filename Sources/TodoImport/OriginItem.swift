import Foundation
import TodoCalendar
import TodoCore

/// The iCalendar text a task imported from a program without iCalendar
/// keeps (`TaskOrigin.item`): one VTODO with its UID and the properties
/// that say what todo-remind's fields do not. A new file of a folder's
/// list starts from it, and `export --format ics` writes it.
enum OriginItem {
    static let productID = "-//todo-remind//import//EN"

    /// The bytes of a VCALENDAR holding one VTODO with `uid` and `lines`.
    static func bytes(uid: String, lines: [ContentLine]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(160 + lines.count * 48)
        for line in [ContentLine(name: "BEGIN", value: "VCALENDAR"), ContentLine(name: "VERSION", value: "2.0"),
                     ContentLine(name: "PRODID", value: productID), ContentLine(name: "BEGIN", value: "VTODO"),
                     ContentLine(name: "UID", value: ICalendarText.escape(uid))] + lines
            + [ContentLine(name: "END", value: "VTODO"), ContentLine(name: "END", value: "VCALENDAR")] {
            output.append(contentsOf: line.raw)
        }
        return output
    }
}
