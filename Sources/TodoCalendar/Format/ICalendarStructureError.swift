import FoundationEssentials

/// Why a file's lines do not form an iCalendar object.
public enum ICalendarStructureError: LocalizedError, Hashable, Sendable {
    /// The first content line is not `BEGIN:VCALENDAR`.
    case notICalendar
    /// An `END` closes a component other than the one open.
    case mismatchedEnd(expected: String, found: String, line: Int)
    /// The file ends inside a component.
    case unclosed(String)
    /// Something other than blank lines follows `END:VCALENDAR`.
    case contentAfterEnd(line: Int)
    /// The BEGIN at `line` opens a component nested deeper than
    /// `ReadingLimits.maximumNesting`.
    case nestedTooDeep(line: Int)

    public var errorDescription: String? {
        switch self {
        case .notICalendar:
            "it does not begin with BEGIN:VCALENDAR"
        case .mismatchedEnd(let expected, let found, let line):
            "line \(line) says END:\(found) where END:\(expected) was expected"
        case .unclosed(let name):
            "it ends before END:\(name)"
        case .contentAfterEnd(let line):
            "line \(line) follows END:VCALENDAR; a file holds one calendar"
        case .nestedTooDeep(let line):
            "line \(line) opens a component nested more than \(ReadingLimits.maximumNesting) deep"
        }
    }
}
