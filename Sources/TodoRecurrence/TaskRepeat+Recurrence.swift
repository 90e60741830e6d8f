import FoundationEssentials
import TodoCore
import TodoZones

/// A task's repeat (`TaskRepeat`, the stored value) put to work: made from
/// what the user typed, expanded, and moved on when an occurrence is done.
/// The one place the CLI and the daemon's Mark done ask for the next due.
extension TaskRepeat {
    /// The repeat `text` asks for, on a task due `due`.
    ///
    /// - Parameters:
    ///   - text: a natural form ("every 2 weeks") or an RRULE, with or without "RRULE:".
    ///   - typed: the wall-clock reading a timed due was typed as
    ///     (`WhenParser.typedReading(of:)`), which the series keeps when it
    ///     differs from the due's own (a time in a DST gap); nil when none.
    ///   - zone: the zone a timed series is anchored in: the machine's now.
    /// - Throws: `RepeatRuleError` for a rule that cannot be read, that
    ///   yields no occurrence from the due on, or a task with no due date.
    public init(parsing text: String, from: RepeatFrom, due: Due?, typed: WallReading? = nil, zone: Zone) throws(RepeatRuleError) {
        guard let due else { throw .needsDue(text) }
        let rule = try RepeatRule(parsing: text)
        self.init(rule: rule.rrule, from: from, zone: Self.anchor(of: due, in: zone), start: due,
                  startWall: Self.keptReading(typed, of: due, in: zone))
        // Checks that the rule yields an occurrence from this start on.
        _ = try recurrence()
    }

    /// The same repeat with a rule read from outside (import), kept byte for byte.
    /// `startWall` as in `init(rule:from:zone:start:startWall:completedCount:)`.
    public static func verbatim(rule: String, from: RepeatFrom, zone: String?, start: Due, startWall: WallReading? = nil,
                                completedCount: Int) throws(RepeatRuleError) -> TaskRepeat {
        var value = TaskRepeat(rule: try RepeatRule(rrule: rule).rrule, from: from, zone: zone, start: start,
                               completedCount: completedCount)
        value.startWall = keptReading(startWall, of: start, in: value.anchorZone)
        _ = try value.recurrence()
        return value
    }

    /// The rule as an iCalendar file carries it while `open` is the open
    /// occurrence, which the file's DTSTART then names. RFC 5545 counts COUNT
    /// from DTSTART, so the file says what is left of it from `open` on, as
    /// tasks.org writes it when it moves a series on; todo-remind counts it
    /// from the series' first due (`start`) and keeps the rule as it was
    /// given. A rule without COUNT, or a series at its first occurrence, is
    /// the rule byte for byte.
    public func rule(countedFrom open: Due?) -> String {
        // Read first, expanded only for a COUNT: this is asked of every
        // repeating task a sync maps.
        guard let open, let parsed = try? RepeatRule(rrule: rule), let count = parsed.parts.count else { return rule }
        let done: Int
        switch from {
        case .due:
            guard let recurrence = try? recurrence() else { return rule }
            done = recurrence.makeOccurrences().prefix(count).prefix { Recurrence.isLater(open, than: $0) }.count
        case .completion:
            done = completedCount
        }
        guard done > 0, done < count else { return rule }
        return parsed.replacingCount(with: count - done)
    }

    /// The zone identifier a series starting at `due` is anchored in: none for a day.
    public static func anchor(of due: Due, in zone: Zone) -> String? {
        if case .time = due { return zone.identifier }
        return nil
    }

    /// The reading a series starting at `due` keeps as its anchor: `typed`
    /// when it names `due` in `zone` but is not `due`'s own reading (a time
    /// in a DST gap); nil when the due's own reading is the anchor.
    public static func keptReading(_ typed: WallReading?, of due: Due, in zone: Zone) -> WallReading? {
        guard let typed, case .time(let instant) = due, typed.isGapReading(of: instant, on: WallClock(timeZone: zone)) else { return nil }
        return typed
    }

    /// The wall-clock reading a timed series recurs at, in its zone: the one
    /// its start was typed as where that is kept (`startWall`) and still names
    /// the start, else the start's own reading. Every start outside a DST gap
    /// is its own reading, so a series with no kept reading (stored before
    /// one was kept, read from a file) is anchored as before.
    private func anchorReading(of instant: Date, in anchor: Zone) -> WallReading {
        Self.keptReading(startWall, of: start, in: anchor) ?? WallReading(of: instant, on: WallClock(timeZone: anchor))
    }

    /// The zone a timed series is anchored in, UTC when it names none that exists.
    var anchorZone: Zone {
        zone.flatMap(Zone.init(identifier:)) ?? .utc
    }

    /// The series this repeat describes, from its first due.
    public func recurrence() throws(RepeatRuleError) -> Recurrence {
        let rule = try RepeatRule(rrule: self.rule)
        let start: RecurrenceStart
        switch self.start {
        case .day(let day):
            start = .day(day)
        case .time(let instant):
            let anchor = anchorZone
            let reading = anchorReading(of: instant, in: anchor)
            start = .time(reading.day, secondsIntoDay: reading.secondsIntoDay, zone: anchor)
        }
        return try Recurrence(rule: rule, start: start)
    }

    /// The due after the open occurrence `occurrence` once it is done at `now`:
    /// missed occurrences collapse into one; nil when the series has ended.
    ///
    /// - Parameter currentZone: the machine's zone now, which says what "today" is.
    public func nextDue(afterCompleting occurrence: Due, at now: Date, in currentZone: Zone) -> Due? {
        guard let recurrence = try? recurrence() else { return nil }
        return recurrence.nextDue(afterCompleting: occurrence, at: now, from: from,
                                  occurrencesDone: completedCount + 1, in: currentZone)
    }

    /// Up to `count` dues from the open occurrence `open` on, it first; the
    /// ones after it only as long as `wanted` holds (the first it refuses
    /// ends the list, and nothing past it is expanded).
    ///
    /// Repeating from the due, those are the rule's occurrences. Repeating
    /// from completion, each due depends on when the one before is done: the
    /// dues if each is done on its due day (`Recurrence.projectedDues`).
    public func dues(from open: Due, count: Int, while wanted: (Due) -> Bool = { _ in true }) -> [Due] {
        guard count > 0, let recurrence = try? recurrence() else { return [] }
        switch from {
        case .due:
            return [open] + recurrence.occurrences(after: open, limit: count - 1, while: wanted)
        case .completion:
            return [open] + recurrence.projectedDues(after: open, occurrencesDone: completedCount, limit: count - 1, while: wanted)
        }
    }

    /// The rule in words ("every 2 weeks"), or "custom rule: …" where it
    /// cannot all be said.
    public var inWords: String {
        (try? RepeatRule(rrule: rule).inWords) ?? "custom rule: \(rule)"
    }
}
