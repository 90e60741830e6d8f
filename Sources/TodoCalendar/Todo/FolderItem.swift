import FoundationEssentials
import TodoCore

/// What an item of a list's folder (a vdir's `.ics` file) holds, as far as
/// todo-remind is concerned: a VTODO, or other programs' components.
public enum FolderItem: Hashable, Sendable {
    /// A task: one VTODO (and any overrides of it with the same UID).
    case todo(VTodo)
    /// A calendar event: one VEVENT (and any overrides of it with the same
    /// UID), whose alarms fire; never edited beyond acknowledgements.
    case event(VEvent)
    /// Journals only (VJOURNAL): not ours, left alone.
    case notOurs(components: [String])

    /// Reads a file's bytes. `file` names it in errors; a floating date-time
    /// (one with no zone) is read as a wall-clock time in `localZone`.
    ///
    /// - Throws: `CalendarFileError` when the file is not iCalendar, holds
    ///   nothing that is an item, has a VTODO without a UID, holds more
    ///   than one UID, or is past one of `ReadingLimits`' bounds.
    public static func read(_ bytes: some Sequence<UInt8>, file: String, localZone: Zone) throws(CalendarFileError) -> FolderItem {
        let bytes = Array(bytes)
        // Bounded before a line is made of them.
        guard bytes.count <= ReadingLimits.maximumFileSize else { throw .tooLarge(file: file) }
        guard bytes.lazy.filter({ $0 == 0x0A }).count <= ReadingLimits.maximumLines else { throw .tooManyLines(file: file) }
        let document = ICalendarDocument(bytes: bytes)
        let calendar: ICalendarComponent
        do {
            calendar = try document.calendar()
        } catch .nestedTooDeep(let line) {
            throw .nestedTooDeep(file: file, line: line)
        } catch {
            throw .notICalendar(file: file, reason: error)
        }
        for zone in calendar.children where zone.name == "VTIMEZONE" {
            // Only a zone no Olson name matches is handed to libical.
            guard let tzid = zone.timeZoneID(in: document), ZoneResolver.zone(named: tzid) == nil,
                  let problem = ZoneResolver.expansionProblem(of: zone, in: document) else { continue }
            throw .unboundedTimeZone(file: file, tzid: tzid, reason: problem)
        }
        let items = calendar.children.filter { ["VTODO", "VEVENT", "VJOURNAL"].contains($0.name) }
        var uids: [String] = []
        // A set beside the list: a file may hold 300,000 items.
        var seen = Set<String>()
        for item in items {
            guard let uid = item.properties("UID", in: document).first.map({ ICalendarText.unescape($0.value) }) else {
                // A journal without one is another program's to mind.
                if item.name != "VJOURNAL" { throw .missingUID(file: file, component: item.name) }
                continue
            }
            // GRDB and SQLite end a text at NUL: `dup\0one` would be `dup`.
            if uid.unicodeScalars.contains("\0") { throw .nulInUID(file: file) }
            if seen.insert(uid).inserted { uids.append(uid) }
        }
        guard uids.count <= 1 else { throw .severalUIDs(file: file, uids: uids) }
        let todos = items.filter { $0.name == "VTODO" }
        // The master is the VTODO without RECURRENCE-ID; the others are
        // overrides of single occurrences (Thunderbird, jtx Board).
        guard let master = todos.first(where: { $0.properties("RECURRENCE-ID", in: document).isEmpty }) ?? todos.first,
              let uid = uids.first
        else {
            if items.isEmpty { throw .noTodo(file: file) }
            let events = items.filter { $0.name == "VEVENT" }
            guard let uid = uids.first,
                  let master = events.first(where: { $0.properties("RECURRENCE-ID", in: document).isEmpty }) ?? events.first
            else { return .notOurs(components: items.map(\.name)) }
            let instances = events.reduce(0) { sum, event in
                let (total, overflow) = sum.addingReportingOverflow(alarmInstances(of: event, in: document))
                return overflow ? .max : total
            }
            if instances > ReadingLimits.maximumAlarmInstances { throw .tooManyAlarms(file: file, instances: instances) }
            return .event(VEvent(
                document: document, calendar: calendar, event: master, overrides: events.filter { $0.begin != master.begin },
                uid: uid, file: file, localZone: localZone
            ))
        }
        let overrides = todos.filter { $0.begin != master.begin }
        if let instances = alarmInstancesPastLimit(of: master, in: document) { throw .tooManyAlarms(file: file, instances: instances) }
        return .todo(VTodo(document: document, calendar: calendar, todo: master, overrides: overrides, uid: uid, localZone: localZone))
    }

    /// How many reminders the VALARMs of `todo` may stand for (each alarm,
    /// and each of its RFC 5545 repetitions: `TaskMapping` makes one of
    /// each), when that is more than `ReadingLimits.maximumAlarmInstances`;
    /// nil otherwise. Counted from the lines, before any alarm is read.
    private static func alarmInstancesPastLimit(of todo: ICalendarComponent, in document: ICalendarDocument) -> Int? {
        let instances = alarmInstances(of: todo, in: document)
        return instances > ReadingLimits.maximumAlarmInstances ? instances : nil
    }

    /// How many reminders the VALARMs directly inside `item` may stand for,
    /// each alarm and each of its repetitions, up to `Int.max`.
    private static func alarmInstances(of todo: ICalendarComponent, in document: ICalendarDocument) -> Int {
        var instances = 0
        for alarm in todo.children where alarm.name == "VALARM" {
            let repeats = alarm.properties("REPEAT", in: document).first
                .flatMap { Int($0.value.trimmingSpaces()) } ?? 0
            // Added without overflow: REPEAT may say anything up to Int.max.
            let (sum, overflow) = instances.addingReportingOverflow(1 + min(max(repeats, 0), Int.max - 1))
            instances = overflow ? .max : sum
        }
        return instances
    }
}
