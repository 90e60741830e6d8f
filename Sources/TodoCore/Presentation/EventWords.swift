import FoundationEssentials

/// Words for when a calendar event's occurrence is, relative to `now`: what
/// a bubble, `next` and `agenda` say of it.
///
///     in 10 min · 10:00–11:00           starting within two days, timed
///     now · 10:00–11:00                 under way
///     in 3 days · Fri 4 Dec 11:00–12:00
///     tomorrow, all day                 all-day
///     today to Sat 12 Dec, all day      all-day over several days
///
/// English and 24-hour, as `DateText`.
public struct EventWords: Sendable {
    public let clock: WallClock
    public let now: Date

    public init(clock: WallClock, now: Date) {
        self.clock = clock
        self.now = now
    }

    /// When the occurrence is, from `now`.
    public func when(_ occurrence: EventOccurrence) -> String {
        let text = DateText(clock: clock, now: now)
        if let days = occurrence.days {
            let first = text.day(days.lowerBound)
            return days.lowerBound == days.upperBound ? "\(first), all day" : "\(first) to \(text.day(days.upperBound)), all day"
        }
        let relative: String
        if occurrence.start > now {
            relative = text.relative(occurrence.start)
        } else if occurrence.end > now || occurrence.end == occurrence.start && occurrence.start == now {
            relative = "now"
        } else {
            relative = "ended"
        }
        return relative + " · " + span(occurrence)
    }

    /// Its times, with its day unless that is today: "10:00–11:00",
    /// "tomorrow 10:00–11:00", "23:00 – tomorrow 01:00", "09:30".
    public func span(_ occurrence: EventOccurrence) -> String {
        let text = DateText(clock: clock, now: now)
        let today = clock.day(of: now)
        let startDay = clock.day(of: occurrence.start)
        let start = (startDay == today ? "" : text.day(startDay) + " ") + clock.timeOfDay(of: occurrence.start).description
        guard occurrence.end > occurrence.start else { return start }
        // The end of an occurrence that ends at midnight is that day's end.
        let endDay = clock.day(of: occurrence.end.addingTimeInterval(-1))
        let end = clock.timeOfDay(of: occurrence.end).description
        return endDay == startDay ? start + "–" + end : start + " – " + text.day(clock.day(of: occurrence.end)) + " " + end
    }
}
