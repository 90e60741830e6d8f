import FoundationEssentials

/// Why a file in a calendar folder cannot be read as a task. The file is then
/// skipped (with one log line naming it) and left untouched.
public enum CalendarFileError: LocalizedError, Hashable, Sendable {
    /// The file is not an iCalendar object.
    case notICalendar(file: String, reason: ICalendarStructureError)
    /// The calendar holds no VTODO, VEVENT or VJOURNAL.
    case noTodo(file: String)
    /// A VTODO or VEVENT (`component`) has no UID, which every item of a vdir needs.
    case missingUID(file: String, component: String)
    /// The file holds items of more than one UID; a vdir item is one.
    case severalUIDs(file: String, uids: [String])
    /// A UID holds a NUL character, which RFC 5545 forbids in text and
    /// which would cut the UID short where it is stored.
    case nulInUID(file: String)
    /// The file is larger than `ReadingLimits.maximumFileSize`.
    case tooLarge(file: String)
    /// The file has more lines than `ReadingLimits.maximumLines`.
    case tooManyLines(file: String)
    /// Components nest deeper than `ReadingLimits.maximumNesting`, at `line`.
    case nestedTooDeep(file: String, line: Int)
    /// The task's alarms, with their repetitions, are more than
    /// `ReadingLimits.maximumAlarmInstances`.
    case tooManyAlarms(file: String, instances: Int)
    /// A VTIMEZONE that libical would read (its TZID names no Olson zone)
    /// cannot be expanded in bounded time: why, as a phrase.
    case unboundedTimeZone(file: String, tzid: String, reason: String)

    /// How many UIDs a message names before it counts the rest: a file
    /// with 10,000 UIDs must not make a 100 KB log line.
    static let namedUIDs = 3

    /// The file the error is about.
    public var file: String {
        switch self {
        case .notICalendar(let file, _), .noTodo(let file), .missingUID(let file, _), .severalUIDs(let file, _),
             .nulInUID(let file), .tooLarge(let file), .tooManyLines(let file), .nestedTooDeep(let file, _),
             .tooManyAlarms(let file, _), .unboundedTimeZone(let file, _, _):
            file
        }
    }

    public var errorDescription: String? {
        switch self {
        case .notICalendar(let file, let reason):
            "“\(file)” is not an iCalendar file: \(reason.errorDescription ?? "its lines do not form one")."
        case .noTodo(let file):
            "“\(file)” holds no VTODO: a task file needs one BEGIN:VTODO … END:VTODO."
        case .missingUID(let file, let component):
            component == "VTODO"
                ? "“\(file)” has a VTODO without a UID: every task in a calendar folder needs one."
                : "“\(file)” has a \(component) without a UID: every event in a calendar folder needs one, so its alarms cannot fire."
        case .severalUIDs(let file, let uids):
            "“\(file)” holds \(uids.count) different UIDs (\(Self.naming(uids))): a file in a calendar folder holds one item."
        case .nulInUID(let file):
            "“\(file)” has a UID with a NUL character in it, which iCalendar text may not hold: the client that wrote it must give it another UID."
        case .tooLarge(let file):
            "“\(file)” is larger than \(ReadingLimits.maximumFileSize / 1024 / 1024) MiB, far more than any task needs, so it was not read."
        case .tooManyLines(let file):
            "“\(file)” has more than \(ReadingLimits.maximumLines) lines, far more than any task needs, so it was not read."
        case .nestedTooDeep(let file, let line):
            "“\(file)” nests components more than \(ReadingLimits.maximumNesting) deep (line \(line)), far deeper than any task needs, so it was not read."
        case .tooManyAlarms(let file, let instances):
            "“\(file)” asks for \(instances) alarm reminders (counting each REPEAT), more than the \(ReadingLimits.maximumAlarmInstances) a task may have, so it was not read."
        case .unboundedTimeZone(let file, let tzid, let reason):
            "“\(file)” has a time zone “\(tzid)” that names no known zone and whose rules cannot be followed in bounded time (\(reason)), so it was not read; a zone's rules repeat yearly."
        }
    }

    /// The first `namedUIDs` UIDs, and how many more there are.
    /// A UID is cut at 64 characters for the same reason.
    private static func naming(_ uids: [String]) -> String {
        let named = uids.prefix(namedUIDs).map { $0.count > 64 ? $0.prefix(64) + "…" : $0 }.joined(separator: ", ")
        return uids.count > namedUIDs ? "\(named) and \(uids.count - namedUIDs) more" : named
    }
}
