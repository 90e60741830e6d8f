import FoundationEssentials

/// How a task repeats: its RFC 5545 rule, kept as the text it came as, and
/// what the series counts from. The rule's meaning (expansion, words) is
/// TodoRecurrence's; here it is a value the store keeps and the CLI shows.
public struct TaskRepeat: Hashable, Sendable {
    /// The RRULE value (no "RRULE:"), byte for byte as typed or read from
    /// outside, even where only part of it can be said in words.
    public var rule: String
    public var from: RepeatFrom
    /// The zone a timed series is anchored in ("Tuesdays 17:00" stays 17:00
    /// there across DST and after a move); nil for a day series, which recurs
    /// on local days wherever the machine is.
    public var zone: String?
    /// The series' first due (RFC 5545's DTSTART): COUNT counts from it.
    public var start: Due
    /// The wall-clock reading in `zone` the timed `start` was given as, which
    /// later occurrences keep. Needed only where `start`'s own reading differs
    /// (a start typed in a DST gap, `WallReading`); nil otherwise, and for a
    /// day series. A reading that does not name `start` is stale (the start
    /// was moved) and ignored: see `TaskRepeat.keptReading`.
    public var startWall: WallReading?
    /// How many occurrences have been completed: COUNT ends the series after as many.
    public var completedCount: Int

    public init(rule: String, from: RepeatFrom = .due, zone: String?, start: Due, startWall: WallReading? = nil, completedCount: Int = 0) {
        self.rule = rule
        self.from = from
        self.zone = zone
        self.start = start
        self.startWall = startWall
        self.completedCount = completedCount
    }
}
