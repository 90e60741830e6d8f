/// Where an imported task came from: the identity it had there and what of
/// it todo-remind does not map, kept so that nothing is lost on the way.
///
/// `item` is iCalendar text: for an `.ics` import, the file's own VCALENDAR
/// with the VTODO (and the zones it uses); for a program without iCalendar,
/// only the property lines that carry what the other program says beyond
/// the task's fields (Taskwarrior's UDAs as `X-TASKWARRIOR-` properties,
/// its dependencies as `RELATED-TO;RELTYPE=DEPENDS-ON`), none for most
/// tasks, which `TaskOrigin.calendar(created:)` wraps in a VCALENDAR with the UID. A
/// task of a folder's list gets its first file from it; a task of the
/// local list keeps it here, for `show` and `export --format ics`.
public struct TaskOrigin: Hashable, Sendable {
    public var uid: String
    public var item: [UInt8]

    public init(uid: String, item: [UInt8]) {
        self.uid = uid
        self.item = item
    }
}
