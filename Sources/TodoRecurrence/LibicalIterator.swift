import CLibical
import TodoCore

/// libical's RRULE expansion of one rule from one floating start, as a
/// sequence of wall-clock readings.
///
/// Wraps `icalrecurrencetype_from_string`, `icalrecur_iterator_new`,
/// `icalrecur_iterator_next` and `icalrecur_iterator_free`. The start carries
/// no zone on purpose: libical 3.0.16 turns a DST-gap time into the shifted
/// time for every later occurrence and picks the second of a repeated hour
/// when DTSTART has a TZID, so the zone is applied afterwards, by `WallClock`.
final class LibicalIterator {
    private let iterator: OpaquePointer

    /// Starts expanding `rrule` (upper-case RRULE text libical reads) from
    /// `start`; a day start (`isDay`) expands as DATE values.
    ///
    /// Returns nil when libical refuses the rule or the start.
    init?(rrule: String, start: WallTime, isDay: Bool) {
        let rule = icalrecurrencetype_from_string(rrule)
        guard rule.freq != ICAL_NO_RECURRENCE else { return nil }
        var dtstart = icaltime_null_time()
        dtstart.year = Int32(start.day.year)
        dtstart.month = Int32(start.day.month)
        dtstart.day = Int32(start.day.day)
        if isDay {
            dtstart.is_date = 1
        } else {
            dtstart.hour = Int32(start.secondsIntoDay / 3600)
            dtstart.minute = Int32(start.secondsIntoDay / 60 % 60)
            dtstart.second = Int32(start.secondsIntoDay % 60)
        }
        guard let iterator = icalrecur_iterator_new(rule, dtstart) else { return nil }
        self.iterator = iterator
    }

    deinit {
        icalrecur_iterator_free(iterator)
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
}
