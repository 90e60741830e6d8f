import FoundationEssentials
import TodoCore

/// A repeat rule and where its series starts: the occurrences of a recurring task.
///
/// Expansion is libical's, in floating wall-clock time; each occurrence then
/// becomes a due on its own: a day stays a day, and a wall-clock time becomes
/// an instant through `WallClock` in the anchoring zone, so a time in a DST gap
/// moves forward by the gap and a repeated time is its first occurrence, for
/// that occurrence only ("daily at 02:30" is 03:30 on the spring-forward night
/// and 02:30 on every other).
///
/// `start` is the series' first due (DTSTART). Like RFC 5545 readers such as
/// libical and python-dateutil, a start that the rule does not match is not
/// itself an occurrence; COUNT counts from the start.
public struct Recurrence: Sendable {
    public let rule: RepeatRule
    public let start: RecurrenceStart
    /// Converts wall-clock readings of a timed series; nil for a day series.
    private let clock: WallClock?

    /// How many occurrences a search may pass over before giving up: about
    /// 2,700 years of a daily rule, far beyond any real due.
    private static let maximumScanned = 1_000_000

    /// Checks that `rule` can be expanded from `start` and has an occurrence at or after it.
    /// - Throws: `RepeatRuleError` when the series starts outside the days
    ///   todo-remind takes, the rule sets a time of day on a day task, ends
    ///   before it starts, has no occurrence, or is a shape libical cannot
    ///   expand.
    public init(rule: RepeatRule, start: RecurrenceStart) throws(RepeatRuleError) {
        self.rule = rule
        self.start = start
        if case .time(_, _, let zone) = start {
            clock = WallClock(timeZone: zone)
        } else {
            clock = nil
        }
        let parts = rule.parts
        // libical's days before 1753 are Julian: its 29 February 1500 is no
        // day here, and the expansion would stop there as if the series had
        // ended. todo-remind's own days start in 1900.
        guard start.day.isInSupportedRange else { throw .startOutOfRange(rule.rrule, start: start.text) }
        if start.isDay, let part = parts.written("BYHOUR") ?? parts.written("BYMINUTE") ?? parts.written("BYSECOND") {
            throw .timeOfDayOnDayTask(part)
        }
        if let until = parts.until, let part = parts.written("UNTIL"), !includes(start.wallTime, instant: instant(of: start.wallTime), until: until) {
            throw .untilBeforeStart(part, start: start.text)
        }
        guard let expansion = WallExpansion(parts: parts, start: start.wallTime, isDay: start.isDay) else {
            throw .notExpandable(rule.rrule)
        }
        var occurrences = Occurrences(recurrence: self, expansion: expansion)
        guard occurrences.next() != nil else { throw .noOccurrence(rule.rrule, start: start.text) }
    }

    /// The first `count` occurrences (fewer when COUNT or UNTIL ends the series).
    public func first(_ count: Int) -> [Due] {
        Array(makeOccurrences().prefix(max(0, count)))
    }

    /// Up to `limit` occurrences strictly after `occurrence`, in order, as
    /// long as `wanted` holds: the first one it refuses ends the list, and no
    /// later one is expanded.
    ///
    /// A day is after another when it is a later day; a time when it is a later instant.
    public func occurrences(after occurrence: Due, limit: Int, while wanted: (Due) -> Bool = { _ in true }) -> [Due] {
        Self.first(limit, of: makeOccurrences(after: occurrence), where: { Self.isLater($0, than: occurrence) }, while: wanted)
    }

    /// Up to `limit` occurrences after `instant`, in order.
    ///
    /// A timed occurrence is after it when its instant is later; a day
    /// occurrence when its day is later than the day `instant` falls on in
    /// `currentZone` (a day task is done or missed on its own day, wherever
    /// the machine is).
    public func occurrences(after instant: Date, in currentZone: Zone, limit: Int) -> [Due] {
        let today = WallClock(timeZone: currentZone).day(of: instant)
        let neededAfter = (clock?.day(of: instant) ?? today).adding(days: -1)
        return Self.first(limit, of: makeOccurrences(neededAfter: neededAfter)) { due in
            switch due {
            case .day(let day): day > today
            case .time(let time): time > instant
            }
        }
    }

    /// The first `limit` of `occurrences` that `keep` takes, up to the first
    /// of those that `wanted` refuses, reading no more than `maximumScanned`.
    /// A loop that stops at once: the same chain of lazy `prefix` and
    /// `filter` filtered eagerly, expanding a series without end a million
    /// times for a handful of dues.
    private static func first(
        _ limit: Int, of occurrences: some Sequence<Due>, where keep: (Due) -> Bool,
        while wanted: (Due) -> Bool = { _ in true }
    ) -> [Due] {
        var kept: [Due] = []
        guard limit > 0 else { return kept }
        for due in occurrences.prefix(maximumScanned) where keep(due) {
            guard wanted(due) else { break }
            kept.append(due)
            if kept.count == limit { break }
        }
        return kept
    }

    /// Every occurrence from the start, lazily; or, for a caller that needs
    /// none on or before `neededAfter`, those after that day and maybe a few
    /// before (`WallExpansion`): asking for next week's occurrences of a
    /// daily series begun years ago then costs a week of expansion, not years.
    func makeOccurrences(neededAfter: LocalDay? = nil) -> some Sequence<Due> {
        IteratorSequence(Occurrences(
            recurrence: self,
            expansion: WallExpansion(parts: rule.parts, start: start.wallTime, isDay: start.isDay, neededAfter: neededAfter)
        ))
    }

    /// The occurrences a caller needs after `occurrence` (and maybe a few
    /// before): from the day before its local day, since a rule with several
    /// times a day has later ones on that same day. (An instant asked of a
    /// day series, which has no zone, is read in UTC, a day further back.)
    func makeOccurrences(after occurrence: Due) -> some Sequence<Due> {
        let neededAfter = switch occurrence {
        case .day(let day): day.adding(days: -1)
        case .time(let instant):
            clock.map { $0.day(of: instant).adding(days: -1) } ?? WallClock(timeZone: .utc).day(of: instant).adding(days: -2)
        }
        return makeOccurrences(neededAfter: neededAfter)
    }

    /// The due of a wall-clock reading of this series.
    func due(of wall: WallTime) -> Due {
        if let clock {
            return .time(clock.instant(on: wall.day, secondsIntoDay: wall.secondsIntoDay))
        }
        return .day(wall.day)
    }

    /// The instant of a wall-clock reading, for a timed series.
    private func instant(of wall: WallTime) -> Date? {
        clock?.instant(on: wall.day, secondsIntoDay: wall.secondsIntoDay)
    }

    /// Whether UNTIL still includes an occurrence.
    ///
    /// A date includes the whole of its day; a floating date-time is compared
    /// with the wall clock; a UTC date-time with the occurrence's instant (for a
    /// day series, which has no instant, with the UTC date).
    func includes(_ wall: WallTime, instant: Date?, until: RuleParts.Until) -> Bool {
        switch until {
        case .day(let day):
            return wall.day <= day
        case .wallTime(let limit):
            return wall <= limit
        case .instant(let limit):
            if let instant { return instant <= limit }
            return wall.day <= Self.utcDay(of: limit)
        }
    }

    /// Whether an occurrence lies so far past UNTIL that no later one can be
    /// included. Wall-clock order and instant order differ only inside a DST
    /// gap, so a UTC UNTIL is given two days of slack.
    func isPast(_ wall: WallTime, until: RuleParts.Until) -> Bool {
        switch until {
        case .day, .wallTime: true
        case .instant(let limit): wall.day > Self.utcDay(of: limit).adding(days: 2)
        }
    }

    private static func utcDay(of instant: Date) -> LocalDay {
        LocalDay(daysSinceEpoch: Int((instant.timeIntervalSince1970 / 86_400).rounded(.down)))
    }

    static func isLater(_ due: Due, than other: Due) -> Bool {
        switch (due, other) {
        case (.day(let day), .day(let otherDay)): day > otherDay
        case (.time(let time), .time(let otherTime)): time > otherTime
        default: due.sortKey > other.sortKey
        }
    }

    /// The occurrences of a series with UNTIL applied, as dues.
    struct Occurrences: IteratorProtocol {
        let recurrence: Recurrence
        let expansion: WallExpansion?
        private var finished = false

        init(recurrence: Recurrence, expansion: WallExpansion?) {
            self.recurrence = recurrence
            self.expansion = expansion
        }

        mutating func next() -> Due? {
            guard !finished, let expansion else { return nil }
            while let wall = expansion.next() {
                let due = recurrence.due(of: wall)
                guard let until = recurrence.rule.parts.until else { return due }
                let instant: Date? = if case .time(let time) = due { time } else { nil }
                if recurrence.includes(wall, instant: instant, until: until) { return due }
                if recurrence.isPast(wall, until: until) { break }
            }
            finished = true
            return nil
        }
    }
}
