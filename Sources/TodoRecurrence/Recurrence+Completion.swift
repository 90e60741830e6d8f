import FoundationEssentials
import TodoCore

extension Recurrence {
    /// The due that follows when an occurrence is done, or nil when COUNT or
    /// UNTIL has ended the series (the task is then done for good).
    ///
    /// - Parameters:
    ///   - occurrence: the due of the occurrence that was completed.
    ///   - completion: when it was done.
    ///   - from: whether to count from the rule's dates or from the completion.
    ///   - occurrencesDone: how many occurrences of the series are done, this
    ///     one included; only `.completion` needs it, to apply COUNT.
    ///   - currentZone: the machine's zone now, which says what "today" is for a day task.
    public func nextDue(
        afterCompleting occurrence: Due, at completion: Date, from: RepeatFrom, occurrencesDone: Int,
        in currentZone: Zone
    ) -> Due? {
        switch from {
        case .due: nextDue(afterCompleting: occurrence, at: completion, in: currentZone)
        case .completion: nextDue(completedAt: completion, occurrencesDone: occurrencesDone, in: currentZone)
        }
    }

    /// Repeating from the due: the first occurrence after the completed one
    /// that is also after `now`, so occurrences missed while away collapse
    /// into one. A day occurrence is after `now` from the next day on: a daily
    /// day task done today is next due tomorrow.
    public func nextDue(afterCompleting occurrence: Due, at now: Date, in currentZone: Zone) -> Due? {
        let today = WallClock(timeZone: currentZone).day(of: now)
        for due in makeOccurrences(after: occurrence).prefix(1_000_000) where Self.isLater(due, than: occurrence) {
            switch due {
            case .day(let day) where day > today: return due
            case .time(let instant) where instant > now: return due
            default: continue
            }
        }
        return nil
    }

    /// Repeating from completion: the completion's day plus the rule's
    /// interval (INTERVAL days, weeks, months or years), at the series' time of
    /// day for a timed task. A month or year that lacks the day ends on its
    /// last day (Jan 31 + 1 month is Feb 28).
    ///
    /// A rule with BY parts ("every month on the last weekday") continues with
    /// its first occurrence on or after that day, counted from the completion
    /// day as if the series began there. COUNT (against `occurrencesDone`) and
    /// UNTIL still end the series.
    public func nextDue(completedAt completion: Date, occurrencesDone: Int, in currentZone: Zone) -> Due? {
        let completionDay: LocalDay
        switch start {
        case .day: completionDay = WallClock(timeZone: currentZone).day(of: completion)
        case .time(_, _, let zone): completionDay = WallClock(timeZone: zone).day(of: completion)
        }
        return nextDue(completedOn: completionDay, occurrencesDone: occurrencesDone)
    }

    /// The dues after the open occurrence `open` of a series repeating from
    /// completion, if each is done on its own due day: up to `limit`, as long
    /// as `wanted` holds (the first it refuses ends the list).
    ///
    /// When each due depends on when the one before is done, that is all
    /// that can be said of them ahead of time; it is also what `next`
    /// forecasts, which has every occurrence done by its due.
    ///
    /// - Parameter occurrencesDone: how many occurrences are done before
    ///   `open`, for COUNT.
    public func projectedDues(
        after open: Due, occurrencesDone: Int, limit: Int, while wanted: (Due) -> Bool = { _ in true }
    ) -> [Due] {
        var dues: [Due] = []
        var previous = open
        while dues.count < limit,
              let next = nextDue(completedOn: day(of: previous), occurrencesDone: occurrencesDone + dues.count + 1),
              Self.isLater(next, than: previous), wanted(next) {
            dues.append(next)
            previous = next
        }
        return dues
    }

    /// The local day an occurrence falls on: a timed one's in the zone the
    /// series is anchored in.
    private func day(of due: Due) -> LocalDay {
        switch (due, start) {
        case (.day(let day), _): day
        case (.time(let instant), .time(_, _, let zone)): WallClock(timeZone: zone).day(of: instant)
        case (.time(let instant), .day): WallClock(timeZone: .utc).day(of: instant)
        }
    }

    /// Repeating from completion, done on `completionDay`: see `nextDue(completedAt:occurrencesDone:in:)`.
    func nextDue(completedOn completionDay: LocalDay, occurrencesDone: Int) -> Due? {
        let parts = rule.parts
        if let count = parts.count, occurrencesDone >= count { return nil }
        let target = Self.adding(parts.interval, of: parts.frequency, to: completionDay)
        let seconds = start.wallTime.secondsIntoDay
        var wall = WallTime(day: target, secondsIntoDay: seconds)
        if parts.hasSelectors {
            guard let restarted = WallExpansion(
                parts: parts, start: WallTime(day: completionDay, secondsIntoDay: seconds), isDay: start.isDay,
                countsOccurrences: false
            ) else { return nil }
            var found: WallTime?
            for _ in 0..<1_000_000 {
                guard let candidate = restarted.next() else { break }
                if candidate.day >= target {
                    found = candidate
                    break
                }
            }
            guard let found else { return nil }
            wall = found
        }
        let due = due(of: wall)
        if let until = parts.until {
            let instant: Date? = if case .time(let time) = due { time } else { nil }
            guard includes(wall, instant: instant, until: until) else { return nil }
        }
        return due
    }

    /// A day plus a number of the rule's units, keeping the day of the month
    /// where the month has it and the month's last day where it does not.
    static func adding(_ count: Int, of frequency: RuleParts.Frequency, to day: LocalDay) -> LocalDay {
        switch frequency {
        case .daily: return day.adding(days: count)
        case .weekly: return day.adding(days: 7 * count)
        case .monthly, .yearly:
            let months = (day.year * 12 + day.month - 1) + (frequency == .monthly ? count : 12 * count)
            let year = months / 12
            let month = months % 12 + 1
            let length = LocalDay.daysIn(month: month, year: year)
            return LocalDay(year: year, month: month, day: min(day.day, length)) ?? day
        }
    }
}
