import FoundationEssentials

/// WHEN read as the moment a snooze ends: `1h`, `tomorrow`, `17:00`.
///
/// One reading for `todo-remind snooze TASK WHEN`, the config's `snooze`
/// choices ("10m", "1h", "tomorrow 09:00") and the bubble's Snooze actions.
extension WhenParser {
    /// The instant a snooze written as `text` ends, which must come after `now`.
    ///
    /// - A length of time counts from now: `10m`, `1h`, `1h30m`, `+2d`,
    ///   `in 2 hours`, `in 1 hour 30 min` (the `+` may be left out, since a
    ///   snooze always looks ahead, and lengths may follow each other). Days
    ///   and weeks keep the time of day: `2d` at 15:00 is 15:00 two days on,
    ///   whatever the clocks do meanwhile.
    /// - A time, or a day with a time (`17:00`, `tomorrow 9:30`,
    ///   `2026-12-01 17:00`), is that instant, as for a due time.
    /// - A day alone is `dayTime` on that day, the reminder time: `tomorrow`
    ///   is tomorrow at 09:00, `fri` Friday at 09:00. (The start of the day,
    ///   which `instant(from:)` gives, would wake no one.)
    /// - `eod` is refused: the end of a day is when a task falls due, not a
    ///   moment to be reminded at.
    ///
    /// - Parameter dayTime: the policy's reminder time; give it, the default
    ///   is only the standard policy's.
    /// - Throws: `SnoozeTimeError`: the text is no WHEN, is `eod`, or names an
    ///   instant that is not after `now`.
    public func snoozeInstant(from text: String, dayTime: TimeOfDay = ReminderPolicy.standard.reminderTime) throws(SnoozeTimeError) -> Date {
        let whole = text.trimmingWhitespace()
        let instant: Date
        if let later = try snoozeLength(whole) {
            instant = later
        } else {
            let due: Due
            do {
                due = try parse(whole)
            } catch {
                throw .unreadable(error)
            }
            switch due {
            case .time(let time):
                instant = time
            case .day(let day):
                if whole.lowercased() == "eod" { throw .endOfDay(whole) }
                instant = clock.instant(on: day, at: dayTime)
            }
        }
        guard instant > now else {
            throw .notAhead(whole, instant: DateText(clock: clock, now: now).instant(instant))
        }
        return instant
    }

    /// `now` plus the length the text names (`10m`, `+1h30m`, `in 2 days`),
    /// or nil when the text is not made of counts and units alone (`SnoozeLength`).
    func snoozeLength(_ text: String) throws(SnoozeTimeError) -> Date? {
        guard let length = SnoozeLength(text) else { return nil }
        var days = 0
        var seconds = 0
        var total = 0
        for part in length.parts {
            let unit = part.unit
            // Digits that do not fit, or a sum past the limit, are too far by far, not malformed.
            guard let count = Int(part.digits), count <= Int(Self.maximumOffset) / unit.seconds,
                  total + count * unit.seconds <= Int(Self.maximumOffset)
            else { throw .unreadable(.offsetTooLarge(text)) }
            total += count * unit.seconds
            switch unit {
            case .days: days += count
            case .weeks: days += 7 * count
            case .hours, .minutes: seconds += count * unit.seconds
            }
        }
        guard total > 0 else { throw .zeroLength(text) }
        var instant = now
        if days > 0 {
            // The same reading of the wall clock, that many days on.
            let fraction = now.timeIntervalSince1970 - now.timeIntervalSince1970.rounded(.down)
            let day = clock.day(of: now).adding(days: days)
            instant = clock.instant(on: day, secondsIntoDay: clock.secondsIntoDay(of: now)).addingTimeInterval(fraction)
        }
        return instant.addingTimeInterval(TimeInterval(seconds))
    }
}
