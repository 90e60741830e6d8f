import Synchronization

/// A time zone's UTC offsets, remembered per UTC day.
///
/// `list` asks for an offset some twenty times a task; a zone answers with a
/// binary search over its transitions, or by working out a year's two
/// transitions from its rule for the instants after the last one. Nearly every
/// day has one offset throughout, and the tasks of a list fall on a few
/// hundred days, so each day's offset is worked out once and then read from
/// here. A day with a transition is never remembered: every question about it
/// goes to the zone.
///
/// Like `WallClock.instant(on:secondsIntoDay:)` it relies on no zone changing
/// its offset twice within a day: a day whose first and last seconds have the
/// same offset has that offset throughout.
final class ZoneOffsets: Sendable {
    let timeZone: Zone
    private let days = Mutex(Slots())

    /// The remembered days, in slots chosen by the day's number: a lookup
    /// is an index and a compare, with no hashing. A day whose slot another
    /// day took is simply worked out again.
    private struct Slots {
        static let count = 1024
        var days = [Int](repeating: .min, count: count)
        var offsets = [Int](repeating: 0, count: count)
    }

    init(timeZone: Zone) {
        self.timeZone = timeZone
    }

    /// Seconds east of UTC in force at `seconds` past 1970 (UTC).
    func offset(atUTC seconds: Int) -> Int {
        let day = WallClock.floorDiv(seconds, 86_400)
        let slot = day & (Slots.count - 1)
        if let offset = days.withLock({ $0.days[slot] == day ? $0.offsets[slot] : nil }) { return offset }
        let offset = zoneOffset(seconds)
        let start = day * 86_400
        let first = start == seconds ? offset : zoneOffset(start)
        if first == offset, zoneOffset(start + 86_399) == offset {
            days.withLock { slots in
                slots.days[slot] = day
                slots.offsets[slot] = offset
            }
        }
        return offset
    }

    private func zoneOffset(_ seconds: Int) -> Int {
        timeZone.offset(atUTC: seconds)
    }
}
