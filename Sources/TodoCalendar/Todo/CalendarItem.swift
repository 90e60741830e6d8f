import Foundation

/// What a file in a calendar folder holds, as far as todo-remind is concerned.
public enum CalendarItem: Hashable, Sendable {
    /// A task: one VTODO (and any overrides of it with the same UID).
    case todo(TodoItem)
    /// Events or journals only (VEVENT, VJOURNAL): not ours, left alone.
    case notOurs(components: [String])

    /// Reads a file's bytes. `file` names it in errors; a floating date-time
    /// (one with no zone) is read as a wall-clock time in `localZone`.
    ///
    /// - Throws: `CalendarFileError` when the file is not iCalendar, holds
    ///   nothing that is an item, has a VTODO without a UID, or holds more
    ///   than one UID.
    public static func read(_ bytes: some Sequence<UInt8>, file: String, localZone: TimeZone) throws(CalendarFileError) -> CalendarItem {
        let document = ICalendarDocument(bytes: bytes)
        let calendar: ICalendarComponent
        do {
            calendar = try document.calendar()
        } catch {
            throw .notICalendar(file: file, reason: error)
        }
        let items = calendar.children.filter { ["VTODO", "VEVENT", "VJOURNAL"].contains($0.name) }
        var uids: [String] = []
        for item in items {
            guard let uid = item.properties("UID", in: document).first.map({ ICalendarText.unescape($0.value) }) else {
                if item.name == "VTODO" { throw .missingUID(file: file) }
                continue
            }
            if !uids.contains(uid) { uids.append(uid) }
        }
        guard uids.count <= 1 else { throw .severalUIDs(file: file, uids: uids) }
        let todos = items.filter { $0.name == "VTODO" }
        // The master is the VTODO without RECURRENCE-ID; the others are
        // overrides of single occurrences (Thunderbird, jtx Board).
        guard let master = todos.first(where: { $0.properties("RECURRENCE-ID", in: document).isEmpty }) ?? todos.first,
              let uid = uids.first
        else {
            if items.isEmpty { throw .noTodo(file: file) }
            return .notOurs(components: items.map(\.name))
        }
        let overrides = todos.filter { $0.begin != master.begin }
        return .todo(TodoItem(document: document, calendar: calendar, todo: master, overrides: overrides, uid: uid, localZone: localZone))
    }
}
