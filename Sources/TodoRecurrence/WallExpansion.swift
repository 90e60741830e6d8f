import TodoCore

/// A rule's occurrences as wall-clock readings, in order: libical's expansion
/// with its known mistakes corrected and COUNT applied.
///
/// libical is given the rule without COUNT and UNTIL. UNTIL is left to
/// `Recurrence`, because a UTC UNTIL must be compared with instants and
/// libical, expanding in floating time, would compare it with wall-clock
/// readings. COUNT is counted here, after the corrections below, so that it
/// counts the occurrences that are really kept.
///
/// Corrected shapes, each by expanding a superset with libical and choosing
/// from it as RFC 5545 says:
/// - `BYSETPOS` in a `WEEKLY` rule, which libical 3 ignores (libical's issue
///   795 on GitHub), and in a `DAILY` rule, which it ignores too (found by the
///   fixtures): the occurrences of each week (by WKST) or day are gathered
///   and the positions picked. RFC 5545 counts positions in the whole
///   interval ("a set of recurrence instances starts at the beginning of the
///   interval"), so the
///   expansion starts at the beginning of the start's week or day, and
///   occurrences before the start are dropped only after choosing, where
///   python-dateutil cuts its first week at the start instead (dateutil's
///   issue 1398 on GitHub).
///   A start that the rule gives but the positions of its own period pass
///   over (the week's first weekday lies before it) is still the series'
///   first due, and takes the first of COUNT's places (RFC 5545 §3.3.10:
///   DTSTART counts as the first occurrence), so the series has COUNT dues
///   in all, as python-dateutil and libical give it. A start the rule does
///   not give at all counts no more than they count it.
/// - A negative `BYMONTHDAY` limiting a `DAILY` rule, for which libical 3
///   yields nothing (libical's issue 791 on GitHub): the days are filtered
///   here.
final class WallExpansion {
    /// The interval BYSETPOS chooses within.
    private enum Period {
        case day
        case week(startingOn: Weekday)

        /// A number shared by the readings of one period.
        func number(of wall: WallTime) -> Int {
            switch self {
            case .day:
                return wall.day.daysSinceEpoch
            case .week(let weekStart):
                let back = (Weekday.of(wall.day).rawValue - weekStart.rawValue + 7) % 7
                return wall.day.daysSinceEpoch - back
            }
        }
    }

    private let libical: LibicalIterator
    /// Days of the month a DAILY rule is limited to, when this filters them.
    private let monthDays: [Int]?
    /// Positions chosen within each period, when this chooses them.
    private let setPositions: (positions: [Int], period: Period)?
    private let start: WallTime
    private let count: Int?
    private var produced = 0
    /// Whether the start's own period was chosen from yet.
    private var choseFirstPeriod = false
    /// Whether that period had the start among its readings but passed it over.
    private var passedOverStart = false
    /// Occurrences chosen from a period but not yet returned.
    private var pending: [WallTime] = []
    /// The first occurrence of the next period, read while finishing the last one.
    private var lookahead: WallTime?

    /// How many superset occurrences in a row may be passed over before the
    /// rule is taken to have no more: a bound for rules whose limits never
    /// meet (BYMONTHDAY=-31 with BYMONTH=2), which libical leaves to us once
    /// the limit is ours.
    private static let maximumSkipped = 20_000

    /// Expands `parts` from `start`; nil when libical refuses the rule.
    /// - Parameters:
    ///   - countsOccurrences: false to ignore COUNT (a series restarted elsewhere).
    ///   - neededAfter: a day on and before which the caller needs no
    ///     occurrence: expansion may then begin near it rather than at
    ///     `start`, so its cost does not grow with the series' age (see
    ///     `resumption(after:period:)`). What comes before may be missing or wrong.
    init?(parts: RuleParts, start: WallTime, isDay: Bool, countsOccurrences: Bool = true, neededAfter: LocalDay? = nil) {
        var dropped: Set<String> = ["COUNT", "UNTIL"]
        var added: [String] = []
        var iteratorStart = start
        if parts.frequency == .daily, parts.byMonthDay.contains(where: { $0 < 0 }) {
            monthDays = parts.byMonthDay
            dropped.insert("BYMONTHDAY")
        } else {
            monthDays = nil
        }
        if !parts.bySetPos.isEmpty, parts.frequency == .daily || parts.frequency == .weekly {
            dropped.insert("BYSETPOS")
            // Moving the start to the beginning of its period must not change
            // what the start implied: make those parts explicit first.
            let startDay = Weekday.of(start.day)
            if parts.frequency == .weekly {
                let weekStart = parts.weekStart ?? .monday
                setPositions = (parts.bySetPos, .week(startingOn: weekStart))
                if parts.byDay.isEmpty { added.append("BYDAY=" + startDay.code) }
                let back = (startDay.rawValue - weekStart.rawValue + 7) % 7
                iteratorStart = WallTime(day: start.day.adding(days: -back), secondsIntoDay: start.secondsIntoDay)
            } else {
                setPositions = (parts.bySetPos, .day)
                if !isDay {
                    if parts.byHour.isEmpty { added.append("BYHOUR=\(start.secondsIntoDay / 3600)") }
                    if parts.byMinute.isEmpty { added.append("BYMINUTE=\(start.secondsIntoDay / 60 % 60)") }
                    if parts.bySecond.isEmpty { added.append("BYSECOND=\(start.secondsIntoDay % 60)") }
                    iteratorStart = WallTime(day: start.day, secondsIntoDay: 0)
                }
            }
        } else {
            setPositions = nil
        }
        let text = (parts.parts.filter { !dropped.contains($0.name) }.map { "\($0.name)=\($0.value)" } + added)
            .joined(separator: ";")
        guard var libical = LibicalIterator(rrule: text, start: iteratorStart, isDay: isDay) else { return nil }
        let count = countsOccurrences ? parts.count : nil
        if let neededAfter, count == nil {
            let wall = Self.resumption(after: neededAfter, period: setPositions?.period)
            if wall > start, !libical.skip(to: wall) {
                // A refused jump may leave libical anywhere: from the start, then.
                guard let fresh = LibicalIterator(rrule: text, start: iteratorStart, isDay: isDay) else { return nil }
                libical = fresh
            }
        }
        self.libical = libical
        self.start = start
        self.count = count
    }

    /// Where libical jumps ahead to (`LibicalIterator.skip(to:)`) for a
    /// caller that needs no occurrence on or before `day`. Not with COUNT
    /// counted here, which needs every occurrence from the start.
    ///
    /// libical may give the reading it jumps to as an occurrence of its own.
    /// So it jumps to the start of `day`, all of whose occurrences the caller
    /// drops; where positions are chosen here within a week (BYSETPOS), to
    /// the start of a whole week on or before `day`, which that reading can
    /// only spoil for occurrences the caller drops too. (A day is a whole
    /// period already; libical chooses BYSETPOS in months and years itself,
    /// over the whole period, apart from the reading it jumps to.)
    private static func resumption(after day: LocalDay, period: Period?) -> WallTime {
        guard case .week(let weekStart) = period else { return WallTime(day: day, secondsIntoDay: 0) }
        let last = day.adding(days: -6)
        let back = (Weekday.of(last).rawValue - weekStart.rawValue + 7) % 7
        return WallTime(day: last.adding(days: -back), secondsIntoDay: 0)
    }

    /// The next occurrence, or nil when there are no more.
    func next() -> WallTime? {
        if let count, produced >= count { return nil }
        let wasChoosingFirst = !choseFirstPeriod
        let occurrence = setPositions.map { nextChosen(positions: $0.positions, period: $0.period) } ?? nextKept()
        if wasChoosingFirst, passedOverStart {
            produced += 1
            if let count, produced >= count { return nil }
        }
        if occurrence != nil { produced += 1 }
        return occurrence
    }

    /// The next occurrence of the superset that the month-day filter keeps.
    private func nextKept() -> WallTime? {
        guard let monthDays else { return libical.next() }
        for _ in 0..<Self.maximumSkipped {
            guard let candidate = libical.next() else { return nil }
            let length = LocalDay.daysIn(month: candidate.day.month, year: candidate.day.year)
            let fromEnd = candidate.day.day - length - 1
            if monthDays.contains(candidate.day.day) || monthDays.contains(fromEnd) { return candidate }
        }
        return nil
    }

    private func nextChosen(positions: [Int], period: Period) -> WallTime? {
        var periodsRead = 0
        while pending.isEmpty {
            guard periodsRead < Self.maximumSkipped, let first = lookahead ?? nextKept() else { return nil }
            periodsRead += 1
            lookahead = nil
            let number = period.number(of: first)
            var set = [first]
            while let candidate = nextKept() {
                if period.number(of: candidate) != number {
                    lookahead = candidate
                    break
                }
                set.append(candidate)
            }
            let chosen = Set(positions.compactMap { position -> WallTime? in
                let index = position > 0 ? position - 1 : set.count + position
                return set.indices.contains(index) ? set[index] : nil
            })
            if !choseFirstPeriod {
                choseFirstPeriod = true
                passedOverStart = set.contains(start) && !chosen.contains(start)
            }
            pending = chosen.filter { $0 >= start }.sorted()
        }
        return pending.removeFirst()
    }
}
