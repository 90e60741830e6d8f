import FoundationEssentials

/// Converts between instants and the wall-clock readings of one time zone.
///
/// This is the one place that applies docs/ARCHITECTURE.md §2's rules for local times that
/// do not exist or exist twice: a time in a spring-forward gap moves forward by
/// the length of the gap (02:30 in a 1 h gap is 03:30), and a time repeated by a
/// fall-back is its first occurrence. The arithmetic is done here on UTC offsets.
public struct WallClock: Sendable {
    public var timeZone: Zone { offsets.timeZone }
    private let offsets: ZoneOffsets

    public init(timeZone: Zone) {
        offsets = ZoneOffsets(timeZone: timeZone)
    }

    /// Seconds east of UTC in force at `instant`.
    public func offset(at instant: Date) -> Int {
        offsets.offset(atUTC: Int(instant.timeIntervalSince1970.rounded(.down)))
    }

    /// The local day on which `instant` falls.
    public func day(of instant: Date) -> LocalDay {
        LocalDay(daysSinceEpoch: Self.floorDiv(localSeconds(of: instant), 86_400))
    }

    /// Seconds past local midnight that the wall clock shows at `instant`.
    public func secondsIntoDay(of instant: Date) -> Int {
        let local = localSeconds(of: instant)
        return local - Self.floorDiv(local, 86_400) * 86_400
    }

    /// The wall-clock time (hour and minute) at `instant`.
    public func timeOfDay(of instant: Date) -> TimeOfDay {
        let seconds = secondsIntoDay(of: instant)
        return TimeOfDay(hour: seconds / 3600, minute: (seconds % 3600) / 60) ?? .midnight
    }

    /// The instant at which the wall clock shows `time` on `day`.
    ///
    /// A reading in a DST gap moves forward by the gap; a reading that occurs
    /// twice resolves to its first occurrence.
    public func instant(on day: LocalDay, at time: TimeOfDay) -> Date {
        instant(on: day, secondsIntoDay: time.secondsIntoDay)
    }

    /// The instant of a wall-clock reading given as seconds past midnight.
    public func instant(on day: LocalDay, secondsIntoDay seconds: Int) -> Date {
        let naive = day.daysSinceEpoch * 86_400 + seconds
        // The offsets in force a day either side cover every transition that
        // could affect this reading (no zone changes twice within two days).
        let before = offsets.offset(atUTC: naive - 86_400)
        let after = offsets.offset(atUTC: naive + 86_400)
        // The same offset on both sides: no transition in between, so the
        // reading has exactly one instant (the case of nearly every call).
        if before == after {
            return Date(timeIntervalSince1970: Double(naive - before))
        }
        var first: Int?
        for offset in [before, after, offsets.offset(atUTC: naive)] {
            let utc = naive - offset
            if offsets.offset(atUTC: utc) == offset {
                first = min(first ?? utc, utc)
            }
        }
        if let first {
            return Date(timeIntervalSince1970: Double(first))
        }
        // A gap: read the time with the offset from before the jump, which lands
        // as far past the jump as the reading was past its start.
        return Date(timeIntervalSince1970: Double(naive - min(before, after)))
    }

    /// The instant the local day begins (its first existing moment).
    public func startOfDay(_ day: LocalDay) -> Date {
        instant(on: day, secondsIntoDay: 0)
    }

    private func localSeconds(of instant: Date) -> Int {
        Int(instant.timeIntervalSince1970.rounded(.down)) + offset(at: instant)
    }

    static func floorDiv(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}
