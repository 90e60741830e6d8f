import Foundation

/// Why a file in a calendar folder cannot be read as a task. The file is then
/// skipped (with one log line naming it) and left untouched.
public enum CalendarFileError: LocalizedError, Hashable, Sendable {
    /// The file is not an iCalendar object.
    case notICalendar(file: String, reason: ICalendarStructureError)
    /// The calendar holds no VTODO, VEVENT or VJOURNAL.
    case noTodo(file: String)
    /// A VTODO has no UID, which every item of a vdir needs.
    case missingUID(file: String)
    /// The file holds items of more than one UID; a vdir item is one.
    case severalUIDs(file: String, uids: [String])

    /// The file the error is about.
    public var file: String {
        switch self {
        case .notICalendar(let file, _), .noTodo(let file), .missingUID(let file), .severalUIDs(let file, _):
            file
        }
    }

    public var errorDescription: String? {
        switch self {
        case .notICalendar(let file, let reason):
            "“\(file)” is not an iCalendar file: \(reason.errorDescription ?? "its lines do not form one")."
        case .noTodo(let file):
            "“\(file)” holds no VTODO: a task file needs one BEGIN:VTODO … END:VTODO."
        case .missingUID(let file):
            "“\(file)” has a VTODO without a UID: every task in a calendar folder needs one."
        case .severalUIDs(let file, let uids):
            "“\(file)” holds \(uids.count) different UIDs (\(uids.joined(separator: ", "))): a file in a calendar folder holds one item."
        }
    }
}
