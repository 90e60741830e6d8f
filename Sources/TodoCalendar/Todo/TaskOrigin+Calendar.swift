import FoundationEssentials
import TodoCore

extension TaskOrigin {
    /// The PRODID of the VCALENDAR an origin of property lines is wrapped in.
    static let importProductID = "-//todo-remind//import//EN"

    /// The origin as one VCALENDAR holding its VTODO, as a folder's file
    /// starts from it and `export --format ics` writes it.
    ///
    /// An `.ics` import keeps the file's own VCALENDAR (`item` begins with
    /// `BEGIN:VCALENDAR`), which is that. An import from a program without
    /// iCalendar keeps only the VTODO's property lines beyond its UID, since
    /// the rest is the same for every task: those are wrapped here in
    /// `BEGIN:VCALENDAR`, `VERSION`, `PRODID`, `BEGIN:VTODO`, `UID` and
    /// `CREATED` (`created`: the task's, such as Taskwarrior's `entry`), and
    /// the two END lines.
    public func calendar(created: Date?) -> [UInt8] {
        if Self.isWholeCalendar(item) { return item }
        var output: [UInt8] = []
        output.reserveCapacity(Self.head.count + uid.utf8.count + 34 + item.count + Self.tail.count)
        output.append(contentsOf: Self.head)
        ContentLine.append(name: "UID", value: ICalendarText.escape(uid), to: &output)
        if let created { ContentLine.append(name: "CREATED", value: ICalendarTime.utcText(created), to: &output) }
        output.append(contentsOf: item)
        output.append(contentsOf: Self.tail)
        return output
    }

    private static let head = [ContentLine(name: "BEGIN", value: "VCALENDAR"), ContentLine(name: "VERSION", value: "2.0"),
                               ContentLine(name: "PRODID", value: importProductID), ContentLine(name: "BEGIN", value: "VTODO")].flatMap(\.raw)
    private static let tail = [ContentLine(name: "END", value: "VTODO"), ContentLine(name: "END", value: "VCALENDAR")].flatMap(\.raw)

    /// Whether `item`'s first line is `BEGIN:VCALENDAR` (any case).
    private static func isWholeCalendar(_ item: [UInt8]) -> Bool {
        let begin = Array("BEGIN:VCALENDAR".utf8)
        guard item.count >= begin.count else { return false }
        // ASCII upper case: the name and the value are case-insensitive.
        return zip(item, begin).allSatisfy { byte, wanted in (0x61...0x7A).contains(byte) ? byte - 0x20 == wanted : byte == wanted }
    }
}
