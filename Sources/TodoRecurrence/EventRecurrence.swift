import FoundationEssentials
import TodoCore
import TodoZones

/// A calendar event's occurrences and the instants its alarms fire at.
///
/// Expansion is `Recurrence`'s, the one tasks use: libical in floating
/// wall-clock time, each occurrence then made an instant in the event's
/// zone by `WallClock` (a time in a DST gap moves forward by the gap, a
/// repeated hour is its first occurrence). A zone only the file's VTIMEZONE
/// describes is expanded in UTC readings, which are then read in that zone
/// by libical. DTSTART is always the first occurrence, as calendar clients
/// count it (RFC 5545 §3.8.5.3: COUNT counts it); RDATEs add occurrences,
/// EXDATEs take them out, and an override (RECURRENCE-ID) replaces the
/// occurrence it names, moved or not, cancelled or not; with
/// `RANGE=THISANDFUTURE`, the later ones too.
///
/// Asked for a window, it expands only that window: a series begun ten
/// years ago costs what its coming weeks cost (`Recurrence` jumps ahead),
/// and nothing is kept of the occurrences before.
public struct EventRecurrence {
    public let series: EventSeries
    private let localClock: WallClock
    /// The clock of the series' own zone (the start's).
    private let clock: EventZoneClock
    /// The rule's expansion; nil for an event that does not recur by rule.
    private let recurrence: Recurrence?
    /// Whether `recurrence` runs in UTC readings to be read in `clock`
    /// (a zone only a VTIMEZONE describes).
    private let readsUTC: Bool
    /// The EXDATE values as keys (`key(of:)`).
    private let excluded: Set<Key>
    /// The overrides by the key of the occurrence each replaces.
    private let overridden: [Key: EventSeries.Override]

    /// An occurrence's key: its start instant (milliseconds), or its day.
    private enum Key: Hashable {
        case instant(Int64)
        case day(LocalDay)
    }

    /// - Throws: `EventRecurrenceError` when the rule or a zone cannot be
    ///   followed: the event is then left alone, with one log line.
    public init(series: EventSeries, localZone: Zone) throws(EventRecurrenceError) {
        self.series = series
        let localClock = WallClock(timeZone: localZone)
        self.localClock = localClock
        var zoneClocks: [String: EventZoneClock] = [:]
        func zoneClock(_ zone: String) throws(EventRecurrenceError) -> EventZoneClock {
            if let known = zoneClocks[zone] { return known }
            let made: EventZoneClock
            if let olson = Zone(identifier: zone) {
                made = EventZoneClock(WallClock(timeZone: olson))
            } else if let text = series.timeZones[zone], let fromText = EventZoneClock(vtimezone: text) {
                made = fromText
            } else {
                throw .unknownZone(zone)
            }
            zoneClocks[zone] = made
            return made
        }
        var readsUTC = false
        let start: RecurrenceStart
        switch series.start {
        case .day(let day):
            clock = EventZoneClock(localClock)
            start = .day(day)
        case .utc(let instant):
            clock = EventZoneClock(WallClock(timeZone: .utc))
            start = .time(at: instant, in: .utc)
        case .floating(let day, let seconds):
            clock = EventZoneClock(localClock)
            start = .time(day, secondsIntoDay: seconds, zone: localZone)
        case .zoned(let day, let seconds, let zone):
            clock = try zoneClock(zone)
            if let olson = Zone(identifier: zone) {
                start = .time(day, secondsIntoDay: seconds, zone: olson)
            } else {
                readsUTC = true
                start = .time(day, secondsIntoDay: seconds, zone: .utc)
            }
        }
        self.readsUTC = readsUTC
        if let text = series.rule {
            do throws(RepeatRuleError) {
                recurrence = try Recurrence(rule: RepeatRule(rrule: text), start: start)
            } catch .noOccurrence, .untilBeforeStart {
                // The rule adds nothing to DTSTART.
                recurrence = nil
            } catch {
                throw .unfollowedRule(text, reason: error.message)
            }
        } else {
            recurrence = nil
        }
        // Every zone the series names must be known before any is used.
        for time in series.additions + series.exceptions + series.overrides.flatMap({ [$0.recurrenceID, $0.start] }) {
            if case .zoned(_, _, let zone) = time { _ = try zoneClock(zone) }
        }
        var keys = Set<Key>()
        var overrides: [Key: EventSeries.Override] = [:]
        let clocks = zoneClocks
        let instantOf = { (time: EventTime) -> Date in Self.instant(of: time, localClock: localClock, zoneClocks: clocks) }
        self.zoneClocks = zoneClocks
        for time in series.exceptions { keys.insert(Self.key(of: time, instant: instantOf(time))) }
        for override in series.overrides {
            overrides[Self.key(of: override.recurrenceID, instant: instantOf(override.recurrenceID))] = override
        }
        excluded = keys
        overridden = overrides
        futureChanges = series.overrides.filter { $0.thisAndFuture == true }.map { override in
            let from = instantOf(override.recurrenceID)
            switch (override.recurrenceID, override.start) {
            case (.day(let original), .day(let moved)):
                return FutureChange(from: from, seconds: 0, days: moved.daysSinceEpoch - original.daysSinceEpoch, override: override)
            default:
                return FutureChange(from: from, seconds: instantOf(override.start).timeIntervalSince(from), days: 0, override: override)
            }
        }.sorted { $0.from < $1.from }
    }

    /// An override with `RANGE=THISANDFUTURE`: the occurrences from its
    /// own on start `seconds` (or, for a series of days, `days`) later and
    /// take its length and details, up to the next such override.
    private struct FutureChange {
        let from: Date
        let seconds: TimeInterval
        let days: Int
        let override: EventSeries.Override
    }

    /// The series' `RANGE=THISANDFUTURE` overrides, earliest first.
    private let futureChanges: [FutureChange]

    /// How far a future change may move an occurrence: how much wider than
    /// a window its own starts are looked for.
    private var futureShift: TimeInterval {
        futureChanges.map { max(abs($0.seconds), TimeInterval(abs($0.days)) * 86_400 + 86_400) }.max() ?? 0
    }

    /// The clocks of the zones the series names, by zone name.
    private let zoneClocks: [String: EventZoneClock]

    /// The instant a value stands for: a day's local midnight, a floating
    /// time in the machine's zone, a zoned one in its zone.
    func instant(of time: EventTime) -> Date {
        Self.instant(of: time, localClock: localClock, zoneClocks: zoneClocks)
    }

    private static func instant(of time: EventTime, localClock: WallClock, zoneClocks: [String: EventZoneClock]) -> Date {
        switch time {
        case .day(let day): localClock.startOfDay(day)
        case .utc(let instant): instant
        case .floating(let day, let seconds): localClock.instant(on: day, secondsIntoDay: seconds)
        case .zoned(let day, let seconds, let zone):
            zoneClocks[zone]?.instant(on: day, secondsIntoDay: seconds)
                ?? localClock.instant(on: day, secondsIntoDay: seconds)
        }
    }

    private static func key(of time: EventTime, instant: Date) -> Key {
        if case .day(let day) = time { return .day(day) }
        return .instant(Int64((instant.timeIntervalSince1970 * 1000).rounded()))
    }

    /// When the first occurrence starts and the last one ends, for an index
    /// of which events a span of days may hold; the end is nil for a series
    /// whose end is not known without expanding it (a rule without UNTIL).
    public var span: (firstStart: Date, lastEnd: Date?) {
        let starts = [series.start] + series.additions + series.overrides.map(\.start)
        let first = starts.map(instant(of:)).min() ?? instant(of: series.start)
        var last: Date? = starts.map(instant(of:)).max()
        if let rule = series.rule {
            switch (try? RepeatRule(rrule: rule))?.parts.until {
            case .day(let day)?: last = max(last ?? .distantPast, localClock.startOfDay(day.adding(days: 2)))
            case .wallTime(let wall)?: last = max(last ?? .distantPast, localClock.startOfDay(wall.day.adding(days: 2)))
            case .instant(let instant)?: last = max(last ?? .distantPast, instant.addingTimeInterval(2 * 86_400))
            case nil: last = nil
            }
        }
        // A THISANDFUTURE change may move the later occurrences either way.
        return (first.addingTimeInterval(-futureShift), last.map { $0.addingTimeInterval(longest + futureShift) })
    }

    // MARK: - Occurrences

    /// The occurrences that start in `from..<to`, earliest first: the
    /// series' own (DTSTART, the rule's, RDATEs; not EXDATEs) and the
    /// overrides moved into the window. Cancelled ones are among them,
    /// marked so in their details.
    public func occurrences(startingFrom from: Date, before to: Date) -> [EventOccurrence] {
        guard from < to else { return [] }
        var found: [EventOccurrence] = []
        let shift = futureShift
        for (recurrenceID, start) in starts(from: from.addingTimeInterval(-shift), before: to.addingTimeInterval(shift)) {
            let key = Self.key(of: recurrenceID, instant: start)
            guard !excluded.contains(key), overridden[key] == nil else { continue }
            var day: EventTime? = series.start.isDay ? recurrenceID : nil
            var startInstant = start
            var (length, details) = (series.length, series.details)
            if let change = futureChanges.last(where: { $0.from <= start }) {
                if case .day(let original)? = day {
                    let moved = original.adding(days: change.days)
                    day = .day(moved)
                    startInstant = localClock.startOfDay(moved)
                } else {
                    startInstant = start.addingTimeInterval(change.seconds)
                }
                (length, details) = (change.override.length, change.override.details)
            }
            guard startInstant >= from, startInstant < to else { continue }
            found.append(occurrence(recurrenceID: recurrenceID, originalStart: start, start: day,
                                    startInstant: startInstant, length: length, details: details))
        }
        for override in series.overrides {
            let originalStart = instant(of: override.recurrenceID)
            guard !excluded.contains(Self.key(of: override.recurrenceID, instant: originalStart)) else { continue }
            let start = instant(of: override.start)
            guard start >= from, start < to else { continue }
            found.append(occurrence(recurrenceID: override.recurrenceID, originalStart: originalStart,
                                    start: override.start.isDay ? override.start : nil, startInstant: start,
                                    length: override.length, details: override.details))
        }
        return found.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }

    /// The occurrences that overlap `from..<to` (an all-day event overlaps
    /// each of its days; one of no length, its instant).
    public func occurrences(overlapping from: Date, _ to: Date) -> [EventOccurrence] {
        occurrences(startingFrom: from.addingTimeInterval(-longest), before: to).filter { occurrence in
            occurrence.end > from || (occurrence.end == occurrence.start && occurrence.start >= from)
        }
    }

    /// The longest an occurrence may last, with a day to spare for DST: how
    /// far back an occurrence may start and still overlap a window.
    private var longest: TimeInterval {
        let lengths = [series.length] + series.overrides.map(\.length)
        let seconds = lengths.map { length -> Int in
            switch length {
            case .wall(let seconds), .exact(let seconds): seconds
            }
        }.max() ?? 0
        return TimeInterval(seconds + 86_400)
    }

    /// The series' own starts in `from..<to`, as their recurrence ids and
    /// instants: DTSTART, the rule's occurrences and the RDATEs.
    private func starts(from: Date, before to: Date) -> [(EventTime, Date)] {
        var starts: [(EventTime, Date)] = []
        let first = instant(of: series.start)
        if first >= from, first < to { starts.append((series.start, first)) }
        for addition in series.additions {
            let at = instant(of: addition)
            if at >= from, at < to { starts.append((addition, at)) }
        }
        guard let recurrence else { return starts }
        // A series of days is read by local days; a timed one by instants,
        // a day's slack either side for the readings taken in UTC.
        let slack: TimeInterval = readsUTC ? 86_400 : 0
        let after: Due
        if series.start.isDay {
            after = .day(localClock.day(of: from).adding(days: -1))
        } else {
            after = .time(from.addingTimeInterval(-slack - 1))
        }
        let limit = to.addingTimeInterval(slack)
        let occurrences = recurrence.occurrences(after: after, limit: Self.maximumOccurrences) { due in
            switch due {
            case .day(let day): localClock.startOfDay(day) < limit
            case .time(let instant): instant < limit
            }
        }
        for due in occurrences {
            let time: EventTime
            let at: Date
            switch due {
            case .day(let day):
                time = .day(day)
                at = localClock.startOfDay(day)
            case .time(let instant):
                (time, at) = recurrenceTime(of: instant)
            }
            guard at >= from, at < to, at != first else { continue }
            starts.append((time, at))
        }
        return starts
    }

    /// The recurrence id and instant of a timed occurrence `Recurrence` gave.
    private func recurrenceTime(of instant: Date) -> (EventTime, Date) {
        switch series.start {
        case .utc:
            return (.utc(instant), instant)
        case .floating:
            return (.floating(localClock.day(of: instant), secondsIntoDay: localClock.secondsIntoDay(of: instant)), instant)
        case .zoned(_, _, let zone):
            guard readsUTC else {
                let reading = clock.reading(of: instant)
                return (.zoned(reading.day, secondsIntoDay: reading.secondsIntoDay, zone: zone), instant)
            }
            // A UTC reading that stands for a reading in the VTIMEZONE's zone.
            let gmt = WallClock(timeZone: .utc)
            let day = gmt.day(of: instant)
            let seconds = gmt.secondsIntoDay(of: instant)
            return (.zoned(day, secondsIntoDay: seconds, zone: zone), clock.instant(on: day, secondsIntoDay: seconds))
        case .day:
            return (.utc(instant), instant)
        }
    }

    /// How many occurrences one window may hold: a bound, far above any
    /// calendar's (a daily event over a year is 365).
    static let maximumOccurrences = 100_000

    private func occurrence(
        recurrenceID: EventTime, originalStart: Date, start: EventTime?, startInstant: Date,
        length: EventSeries.Length, details: EventDetails
    ) -> EventOccurrence {
        let end: Date
        var days: ClosedRange<LocalDay>?
        switch length {
        case .exact(let seconds):
            end = startInstant.addingTimeInterval(TimeInterval(seconds))
        case .wall(let seconds):
            if case .day(let day)? = start {
                let count = max(1, (seconds + 86_399) / 86_400)
                days = day...day.adding(days: count - 1)
                end = localClock.startOfDay(day.adding(days: seconds / 86_400))
            } else {
                end = wallEnd(of: startInstant, plus: seconds)
            }
        }
        let id: Reminder.Occurrence = if case .day(let day)? = start { .day(day) } else { .at(startInstant) }
        let micro: Int64? = series.recurs || !series.overrides.isEmpty ? {
            if case .day(let day) = recurrenceID { return Int64(day.daysSinceEpoch) * 86_400_000_000 }
            return Int64((originalStart.timeIntervalSince1970 * 1_000_000).rounded())
        }() : nil
        return EventOccurrence(id: id, recurrenceMicroseconds: micro, start: startInstant, end: max(end, startInstant),
                               days: days, details: details)
    }

    /// When an alarm `days` and `seconds` from `anchor` fires. For a timed
    /// occurrence, RFC 5545 §3.3.6's count: the days are calendar days in
    /// the series' zone (the same reading that many days away), the seconds
    /// elapsed. An all-day occurrence has no zone: the whole offset is
    /// counted on the wall clock from its local midnight, as Thunderbird
    /// counts it, so `PT9H` is 09:00 on the day DST changes too.
    func alarmInstant(from anchor: Date, days: Int, seconds: Int, allDay: Bool) -> Date {
        if allDay {
            let total = localClock.secondsIntoDay(of: anchor) + seconds
            let extra = total >= 0 ? total / 86_400 : -((-total + 86_399) / 86_400)
            return localClock.instant(on: localClock.day(of: anchor).adding(days: days + extra), secondsIntoDay: total - extra * 86_400)
        }
        var shifted = anchor
        if days != 0 {
            if case .utc = series.start {
                shifted = anchor.addingTimeInterval(TimeInterval(days * 86_400))
            } else {
                let reading = clock.reading(of: anchor)
                shifted = clock.instant(on: reading.day.adding(days: days), secondsIntoDay: reading.secondsIntoDay)
            }
        }
        return shifted.addingTimeInterval(TimeInterval(seconds))
    }

    /// The end of an occurrence lasting `seconds` of wall-clock time from
    /// `start`, read in the series' zone.
    private func wallEnd(of start: Date, plus seconds: Int) -> Date {
        if case .utc = series.start { return start.addingTimeInterval(TimeInterval(seconds)) }
        let reading = clock.reading(of: start)
        let total = reading.secondsIntoDay + seconds
        let days = total >= 0 ? total / 86_400 : -((-total + 86_399) / 86_400)
        return clock.instant(on: reading.day.adding(days: days), secondsIntoDay: total - days * 86_400)
    }
}
