import FoundationEssentials

/// A calendar event's DTSTART, DTEND, RECURRENCE-ID, RDATE or EXDATE value,
/// with its zone resolved but not yet applied: occurrences are expanded in
/// the wall time of their zone and only then become instants (see
/// `EventSeries`).
public enum EventTime: Hashable, Sendable, Codable {
    /// `VALUE=DATE`: an all-day value, a floating day.
    case day(LocalDay)
    /// `…Z`: an instant in UTC.
    case utc(Date)
    /// A wall-clock reading in a zone: `zone` is an Olson name, or a TZID
    /// that names none, whose VTIMEZONE the series carries
    /// (`EventSeries.timeZones`).
    case zoned(LocalDay, secondsIntoDay: Int, zone: String)
    /// A wall-clock reading with no zone: read in the machine's zone.
    case floating(LocalDay, secondsIntoDay: Int)

    /// The value's day, as written.
    public var day: LocalDay {
        switch self {
        case .day(let day), .zoned(let day, _, _), .floating(let day, _): day
        case .utc(let instant): WallClock(timeZone: .utc).day(of: instant)
        }
    }

    public var isDay: Bool {
        if case .day = self { return true }
        return false
    }
}
