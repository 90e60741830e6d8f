import FoundationEssentials

/// A daily stretch of wall-clock time in which reminders are held ("22:00-07:00").
///
/// Each night's stretch is one span of instants: from the start time on one
/// day to the end time on the same day, or on the next day when the end reads
/// earlier than the start (the stretch crosses midnight). Both ends are placed
/// by `WallClock`, so docs/ARCHITECTURE.md §2's rules apply to each: an end in a
/// spring-forward gap moves forward by the gap (a stretch ending at 02:30 on a
/// night the clocks jump from 02:00 to 03:00 ends at 03:30), and an end that
/// occurs twice is its first occurrence (the repeated hour after it is not
/// quiet again). The start is inside the stretch and the end is not.
///
/// Pure: the wall clock is given on every question.
public struct QuietHours: Hashable, Sendable, CustomStringConvertible {
    /// When the stretch begins, each day.
    public let start: TimeOfDay
    /// When the stretch ends: the same day, or the next when it reads earlier than `start`.
    public let end: TimeOfDay

    /// Creates the stretch, or returns nil when it starts and ends at the same time.
    public init?(start: TimeOfDay, end: TimeOfDay) {
        guard start != end else { return nil }
        self.start = start
        self.end = end
    }

    /// Reads "HH:MM-HH:MM" ("22:00-07:00"); empty text means no quiet hours
    /// (nil), and so does a stretch that ends when it starts ("00:00-00:00"):
    /// the start is inside and the end is not, so it holds no instant.
    ///
    /// Whitespace around the text and around the dash is allowed; each time is
    /// what `TimeOfDay(hhmm:)` reads.
    public static func parse(_ text: String) throws(QuietHoursError) -> QuietHours? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let start = TimeOfDay(hhmm: String(parts[0]).trimmingWhitespace()),
              let end = TimeOfDay(hhmm: String(parts[1]).trimmingWhitespace())
        else { throw .malformed(text) }
        return QuietHours(start: start, end: end)
    }

    /// "22:00-07:00", the form `parse` reads.
    public var description: String { "\(start)-\(end)" }

    /// Whether each stretch runs past midnight into the next day.
    public var crossesMidnight: Bool { end < start }

    /// The stretch that begins on `day`, as instants; nil when DST leaves it
    /// empty that night.
    ///
    /// Emptiness follows from the gap rule applied to both ends: "02:30-03:15"
    /// on a night the clocks jump from 02:00 to 03:00 would start at 03:30,
    /// after it ends at 03:15, so that night is not quiet.
    public func stretch(startingOn day: LocalDay, clock: WallClock) -> Range<Date>? {
        let from = clock.instant(on: day, at: start)
        let until = clock.instant(on: crossesMidnight ? day.adding(days: 1) : day, at: end)
        guard from < until else { return nil }
        return from..<until
    }

    /// The stretch `instant` falls in, if any; of two that overlap (a DST
    /// change can make one night's stretch run into the next), the one that
    /// ends later.
    public func stretch(containing instant: Date, clock: WallClock) -> Range<Date>? {
        let day = clock.day(of: instant)
        // The stretch holding an instant starts on its day or, across midnight,
        // the day before; the day after is looked at too, since the gap and
        // repeat rules can move a start a little across a day's boundary.
        return [-1, 0, 1]
            .compactMap { stretch(startingOn: day.adding(days: $0), clock: clock) }
            .filter { $0.contains(instant) }
            .max { $0.upperBound < $1.upperBound }
    }

    /// Whether `instant` falls inside quiet hours.
    public func contains(_ instant: Date, clock: WallClock) -> Bool {
        stretch(containing: instant, clock: clock) != nil
    }

    /// The instant quiet hours end, for an instant inside them; the instant
    /// itself when it is not inside them.
    ///
    /// Where DST makes one stretch run into the next, the quiet goes on to
    /// the end of the later one.
    public func end(after instant: Date, clock: WallClock) -> Date {
        var end = instant
        // Each step moves to a later stretch's end; stretches are at most a day
        // long and start a day apart, so a few steps always suffice.
        for _ in 0..<4 {
            guard let stretch = stretch(containing: end, clock: clock) else { break }
            end = stretch.upperBound
        }
        return end
    }

    /// When a reminder due at `instant` fires: at the end of quiet hours, held,
    /// if it falls inside them, unless `priority` is high and `allowHigh` lets
    /// high-priority reminders through; otherwise at its own instant.
    public func fireTime(for instant: Date, priority: Priority, allowHigh: Bool, clock: WallClock) -> FireTime {
        if allowHigh, priority == .high { return FireTime(at: instant, isHeld: false) }
        let end = end(after: instant, clock: clock)
        return FireTime(at: end, isHeld: end != instant)
    }
}
