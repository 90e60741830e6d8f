import TodoCalendar

/// What a task imported from a program without iCalendar keeps of it
/// (`TaskOrigin.item`): the VTODO's properties that say what todo-remind's
/// fields do not, as content lines. `TaskOrigin.calendar(created:)` wraps them in the
/// VCALENDAR and VTODO with the UID, which are the same for every task and
/// so not kept 100,000 times by an import of 100,000 tasks. A new file of a
/// folder's list starts from that, and `export --format ics` writes it.
///
/// Its lines are written as bytes as they come (`ContentLine.append`).
struct OriginItem {
    /// The properties' lines so far.
    private(set) var lines: [UInt8] = []

    /// Adds a property; `value` as written (escape a text first).
    mutating func add(_ name: String, parameters: [ContentLine.Parameter] = [], value: String) {
        ContentLine.append(name: name, parameters: parameters, value: value, to: &lines)
    }
}
