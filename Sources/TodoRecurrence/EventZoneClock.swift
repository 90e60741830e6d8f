import CLibical
import FoundationEssentials
import TodoCore

/// Turns wall-clock readings of one event's zone into instants and back:
/// an Olson zone (or the machine's, for floating times) through `WallClock`,
/// whose rules for gaps and repeated hours every part of todo-remind
/// shares; a zone described only by the file's VTIMEZONE through libical.
final class EventZoneClock {
    private enum Kind {
        case wall(WallClock)
        /// A libical zone made from a VTIMEZONE's text, owned here.
        case libical(OpaquePointer)
    }

    private let kind: Kind

    init(_ clock: WallClock) {
        kind = .wall(clock)
    }

    /// The zone of a VTIMEZONE's text; nil when libical cannot read it.
    ///
    /// Calls `todo_icaltimezone_from_vtimezone` (CLibical's shim).
    /// Only a VTIMEZONE the file reader has bounded (`ReadingLimits`) comes here.
    init?(vtimezone: String) {
        guard let zone = todo_icaltimezone_from_vtimezone(vtimezone) else { return nil }
        kind = .libical(zone)
    }

    deinit {
        if case .libical(let zone) = kind { icaltimezone_free(zone, 1) }
    }

    /// The instant of a wall-clock reading (`icaltime_as_timet_with_zone`
    /// for a libical zone).
    func instant(on day: LocalDay, secondsIntoDay seconds: Int) -> Date {
        switch kind {
        case .wall(let clock):
            return clock.instant(on: day, secondsIntoDay: seconds)
        case .libical(let zone):
            let instant = todo_icaltime_instant(Int32(day.year), Int32(day.month), Int32(day.day), Int32(seconds), zone)
            return Date(timeIntervalSince1970: Double(instant))
        }
    }

    /// The wall-clock reading at `instant` (`icaltimezone_get_utc_offset_of_utc_time`
    /// for a libical zone).
    func reading(of instant: Date) -> (day: LocalDay, secondsIntoDay: Int) {
        switch kind {
        case .wall(let clock):
            return (clock.day(of: instant), clock.secondsIntoDay(of: instant))
        case .libical(let zone):
            let utc = Int(instant.timeIntervalSince1970.rounded(.down))
            let gmt = WallClock(timeZone: .utc)
            let utcDay = gmt.day(of: instant)
            var time = icaltime_null_time()
            time.year = Int32(utcDay.year)
            time.month = Int32(utcDay.month)
            time.day = Int32(utcDay.day)
            let secondsIntoUTCDay = gmt.secondsIntoDay(of: instant)
            time.hour = Int32(secondsIntoUTCDay / 3600)
            time.minute = Int32(secondsIntoUTCDay / 60 % 60)
            time.second = Int32(secondsIntoUTCDay % 60)
            let offset = Int(icaltimezone_get_utc_offset_of_utc_time(zone, &time, nil))
            let local = Date(timeIntervalSince1970: Double(utc + offset))
            return (gmt.day(of: local), gmt.secondsIntoDay(of: local))
        }
    }
}
