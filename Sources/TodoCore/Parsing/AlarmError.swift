import FoundationEssentials

/// A `--remind` value that cannot be read, with the part that is wrong.
public enum AlarmError: LocalizedError, Hashable, Sendable {
    case unreadable(String)
    case tooFar(String)
    case empty

    public var errorDescription: String? {
        switch self {
        case .unreadable(let part):
            "“\(part)” is not a reminder: give a length before the due (-15m, -1h30m, -1d, -1w; 0 for at the due), start or a length from it (-1d@start), or a date and time (2026-12-01 08:30)."
        case .tooFar(let part):
            "“\(part)” is too far from the due: a reminder before it can be at most 100 years away."
        case .empty:
            "No reminder was given: --remind takes -15m, -1d, start, -1d@start, 2026-12-01 08:30 or several of them joined by commas."
        }
    }
}
