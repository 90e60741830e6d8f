import Foundation
import TodoCore

/// Where a series of occurrences begins: its first due (RFC 5545's DTSTART).
///
/// A day task recurs on local days wherever the machine is; a timed task
/// recurs at a wall-clock time in the zone it is anchored in ("Tuesdays 17:00
/// Berlin" stays 17:00 Berlin across DST and after a move to another zone).
public enum RecurrenceStart: Hashable, Sendable {
    /// Due on a local day (floating, no zone).
    case day(LocalDay)
    /// Due at a wall-clock time on a day, read in the anchoring zone.
    case time(LocalDay, TimeOfDay, zone: TimeZone)

    /// The start of a timed series whose first due is `instant`, anchored in `zone`.
    public static func time(at instant: Date, in zone: TimeZone) -> RecurrenceStart {
        let clock = WallClock(timeZone: zone)
        return .time(clock.day(of: instant), clock.timeOfDay(of: instant), zone: zone)
    }

    /// The start's local day.
    public var day: LocalDay {
        switch self {
        case .day(let day), .time(let day, _, _): day
        }
    }

    var wallTime: WallTime {
        switch self {
        case .day(let day): WallTime(day: day, secondsIntoDay: 0)
        case .time(let day, let time, _): WallTime(day: day, secondsIntoDay: time.secondsIntoDay)
        }
    }

    var isDay: Bool {
        if case .day = self { return true }
        return false
    }

    /// The start as a message shows it ("2026-03-28" or "2026-03-28 02:30 Europe/Berlin").
    var text: String {
        switch self {
        case .day(let day): day.description
        case .time(let day, let time, let zone): "\(day) \(time) \(zone.identifier)"
        }
    }
}
