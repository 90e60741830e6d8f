import TodoCalendar
import TodoCore

extension TaskOrigin {
    /// The UIDs of the tasks this one depends on: its
    /// `RELATED-TO;RELTYPE=DEPENDS-ON` lines (Taskwarrior's `depends`,
    /// RFC 9253's relation), in order.
    public var dependencies: [String] {
        ICalendarDocument(bytes: item).lines
            .filter { $0.name == "RELATED-TO" && $0.parameter("RELTYPE")?.uppercased() == "DEPENDS-ON" }
            .map { ICalendarText.unescape($0.value) }
    }
}
