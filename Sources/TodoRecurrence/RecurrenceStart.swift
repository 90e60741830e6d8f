import FoundationEssentials
import TodoCore

/// Where a series of occurrences begins: its first due (RFC 5545's DTSTART).
///
/// A day task recurs on local days wherever the machine is; a timed task
/// recurs at a wall-clock time in the zone it is anchored in ("Tuesdays 17:00
/// Berlin" stays 17:00 Berlin across DST and after a move to another zone).
public enum RecurrenceStart: Hashable, Sendable {
    /// Due on a local day (floating, no zone).
    case day(LocalDay)
    /// Due at a wall-clock time on a day, read in the anchoring zone. In
    /// seconds, not a `TimeOfDay`: a due given to the second (an exact
    /// instant, a DTSTART from another calendar) repeats at that second, as
    /// RFC 5545 has every occurrence take the seconds of DTSTART.
    case time(LocalDay, secondsIntoDay: Int, zone: Zone)

    /// Due at `time` on `day`, on the minute.
    public static func time(_ day: LocalDay, _ time: TimeOfDay, zone: Zone) -> RecurrenceStart {
        .time(day, secondsIntoDay: time.secondsIntoDay, zone: zone)
    }

    /// The start of a timed series whose first due is `instant`, anchored in `zone`.
    public static func time(at instant: Date, in zone: Zone) -> RecurrenceStart {
        let clock = WallClock(timeZone: zone)
        return .time(clock.day(of: instant), secondsIntoDay: clock.secondsIntoDay(of: instant), zone: zone)
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
        case .time(let day, let seconds, _): WallTime(day: day, secondsIntoDay: seconds)
        }
    }

    var isDay: Bool {
        if case .day = self { return true }
        return false
    }

    /// The start as a message shows it ("2026-03-28", "2026-03-28 02:30 Europe/Berlin",
    /// or with its seconds, "2026-03-28 02:30:15 Europe/Berlin").
    var text: String {
        switch self {
        case .day(let day):
            return day.description
        case .time(let day, let seconds, let zone):
            let time = seconds % 60 == 0
                ? String(cFormat: "%02d:%02d", seconds / 3600, seconds / 60 % 60)
                : String(cFormat: "%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
            return "\(day) \(time) \(zone.identifier)"
        }
    }
}
