import CLibical
import TodoCore

/// libical's RRULE expansion of one rule from one floating start, as a
/// sequence of wall-clock readings.
///
/// Wraps `icalrecurrencetype_from_string`, `icalrecur_iterator_new`,
/// `icalrecur_iterator_set_start`, `icalrecur_iterator_next` and
/// `icalrecur_iterator_free`. The start carries
/// no zone on purpose: libical 3.0.16 turns a DST-gap time into the shifted
/// time for every later occurrence and picks the second of a repeated hour
/// when DTSTART has a TZID, so the zone is applied afterwards, by `WallClock`.
final class LibicalIterator {
    private let iterator: OpaquePointer
    private let isDay: Bool

    /// Starts expanding `rrule` (upper-case RRULE text libical reads) from
    /// `start`; a day start (`isDay`) expands as DATE values.
    ///
    /// Returns nil when libical refuses the rule or the start.
    init?(rrule: String, start: WallTime, isDay: Bool) {
        let rule = icalrecurrencetype_from_string(rrule)
        guard rule.freq != ICAL_NO_RECURRENCE else { return nil }
        guard let iterator = icalrecur_iterator_new(rule, Self.icalTime(start, isDay: isDay)) else { return nil }
        self.iterator = iterator
        self.isDay = isDay
    }

    deinit {
        icalrecur_iterator_free(iterator)
    }

    /// Goes on from `wall` instead of from the start, with the rule's
    /// intervals still counted from the start (`icalrecur_iterator_set_start`):
    /// libical jumps there at once, where stepping from a start years back
    /// costs a calendar computation per step. The rule must have no COUNT.
    ///
    /// The first occurrence after the jump can be `wall` itself even when the
    /// rule would not give it (libical takes the reading it starts from as an
    /// occurrence, as it does DTSTART): the caller jumps to a reading before
    /// every occurrence it needs.
    ///
    /// - Returns: false when libical refuses (and the iterator is unchanged).
    func skip(to wall: WallTime) -> Bool {
        icalrecur_iterator_set_start(iterator, Self.icalTime(wall, isDay: isDay)) != 0
    }

    /// The next occurrence, or nil when the rule has no more.
    func next() -> WallTime? {
        let time = icalrecur_iterator_next(iterator)
        guard icaltime_is_null_time(time) == 0,
              let day = LocalDay(year: Int(time.year), month: Int(time.month), day: Int(time.day))
        else { return nil }
        let seconds = time.is_date != 0 ? 0 : Int(time.hour) * 3600 + Int(time.minute) * 60 + Int(time.second)
        return WallTime(day: day, secondsIntoDay: seconds)
    }

    /// A wall-clock reading as libical's floating time (a DATE for a day series).
    private static func icalTime(_ wall: WallTime, isDay: Bool) -> icaltimetype {
        var time = icaltime_null_time()
        time.year = Int32(wall.day.year)
        time.month = Int32(wall.day.month)
        time.day = Int32(wall.day.day)
        if isDay {
            time.is_date = 1
        } else {
            time.hour = Int32(wall.secondsIntoDay / 3600)
            time.minute = Int32(wall.secondsIntoDay / 60 % 60)
            time.second = Int32(wall.secondsIntoDay % 60)
        }
        return time
    }
}
