import TodoCore

/// A wall-clock reading with no zone: a local day and seconds past its midnight.
///
/// Occurrences are expanded in this floating form (libical 3 mishandles DST
/// when DTSTART carries a TZID) and only then become instants, each through
/// `WallClock` on its own.
struct WallTime: Hashable, Comparable, Sendable {
    let day: LocalDay
    let secondsIntoDay: Int

    static func < (lhs: WallTime, rhs: WallTime) -> Bool {
        (lhs.day, lhs.secondsIntoDay) < (rhs.day, rhs.secondsIntoDay)
    }
}
