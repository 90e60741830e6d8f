/// Where an imported task came from: the identity it had there and what of
/// it todo-remind does not map, kept so that nothing is lost on the way.
///
/// `item` is iCalendar text holding one VTODO with the UID: the file's
/// own VTODO (and the zones it uses) for an `.ics` import, or one that
/// carries only what the other program says beyond the task's fields
/// (Taskwarrior's UDAs as `X-TASKWARRIOR-` properties, its dependencies
/// as `RELATED-TO;RELTYPE=DEPENDS-ON`). A task of a folder's list gets its
/// first file from it; a task of the local list keeps it here, for `show`
/// and `export --format ics`.
public struct TaskOrigin: Hashable, Sendable {
    public var uid: String
    public var item: [UInt8]

    public init(uid: String, item: [UInt8]) {
        self.uid = uid
        self.item = item
    }
}
