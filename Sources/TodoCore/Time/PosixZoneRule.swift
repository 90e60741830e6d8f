/// A POSIX `TZ` rule (POSIX.1, 8.3): `std offset [dst [offset] [,start[/time],end[/time]]]`,
/// such as `JST-9`, `EST5EDT` or `CET-1CEST,M3.5.0,M10.5.0/3`.
///
/// It is what `TZ` may hold instead of a zone's name, and what the footer
/// of a zoneinfo file (RFC 8536 §3.3) says for the instants after its last
/// listed transition. Times may run from -167 to 167 hours, as RFC 8536's
/// version 3 allows, so that rules for permanent daylight saving
/// (`EST5EDT,0/0,J365/25`) can be written.
public struct PosixZoneRule: Hashable, Sendable {
    /// Seconds east of UTC in standard time (POSIX writes them west: `CET-1` is +1 h).
    public let standardOffset: Int
    /// Daylight saving, when the rule has it.
    public let daylightSaving: DaylightSaving?

    public var hasDaylightSaving: Bool { daylightSaving != nil }

    /// The daylight-saving part: its offset and the two moments of the year it begins and ends.
    public struct DaylightSaving: Hashable, Sendable {
        /// Seconds east of UTC while daylight saving is in force.
        public let offset: Int
        /// When it begins, in local standard time.
        let start: Moment
        /// When it ends, in local daylight-saving time.
        let end: Moment
    }

    /// A day of the year and a time on it.
    struct Moment: Hashable, Sendable {
        let day: DayRule
        /// Seconds past local midnight; may be negative or past a day.
        let seconds: Int
    }

    /// The three ways POSIX names a day of the year.
    enum DayRule: Hashable, Sendable {
        /// `Jn`: day 1…365, never counting February 29.
        case julian(Int)
        /// `n`: day 0…365, counting February 29.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday `d` (0 Sunday) of week `w` (5: the last) of month `m`.
        case monthWeek(month: Int, week: Int, weekday: Int)
    }

    /// Reads a rule string; nil for text that is not one (a zone name like `Invalid/Zone`).
    public init?(_ text: String) {
        var rest = Substring(text)
        guard Self.takeName(&rest), let offset = Self.takeOffset(&rest, maxHours: 24) else { return nil }
        standardOffset = -offset
        if rest.isEmpty {
            daylightSaving = nil
            return
        }
        guard Self.takeName(&rest) else { return nil }
        var dstOffset = standardOffset + 3600
        if let first = rest.first, first != "," {
            guard let west = Self.takeOffset(&rest, maxHours: 24) else { return nil }
            dstOffset = -west
        }
        let start: Moment
        let end: Moment
        if rest.isEmpty {
            // No rule: glibc's default, the United States' rule since 2007.
            start = Moment(day: .monthWeek(month: 3, week: 2, weekday: 0), seconds: 7200)
            end = Moment(day: .monthWeek(month: 11, week: 1, weekday: 0), seconds: 7200)
        } else {
            guard rest.first == ",", let first = Self.takeMoment(&rest),
                  rest.first == ",", let second = Self.takeMoment(&rest), rest.isEmpty
            else { return nil }
            start = first
            end = second
        }
        daylightSaving = DaylightSaving(offset: dstOffset, start: start, end: end)
    }

    /// Seconds east of UTC in force at `seconds` past 1970 (UTC).
    public func offset(atUTC seconds: Int) -> Int {
        guard let daylightSaving else { return standardOffset }
        // The year as standard time reads it; a transition never lies within
        // a day of the new year except in rules that keep daylight saving
        // all year, which this reading of the year also gets right.
        let year = LocalDay(daysSinceEpoch: WallClock.floorDiv(seconds + standardOffset, 86_400)).year
        let start = daylightSaving.start.utc(in: year, offset: standardOffset)
        let end = daylightSaving.end.utc(in: year, offset: daylightSaving.offset)
        let inSaving = start < end ? (start <= seconds && seconds < end) : !(end <= seconds && seconds < start)
        return inSaving ? daylightSaving.offset : standardOffset
    }

    /// A zone abbreviation: three or more letters, or `<…>` quoted (`<+0330>`).
    private static func takeName(_ rest: inout Substring) -> Bool {
        if rest.first == "<" {
            guard let close = rest.firstIndex(of: ">") else { return false }
            rest = rest[rest.index(after: close)...]
            return true
        }
        let letters = rest.prefix { $0.isASCII && $0.isLetter }
        guard letters.count >= 3 else { return false }
        rest = rest.dropFirst(letters.count)
        return true
    }

    /// `[+|-]hh[:mm[:ss]]`, in seconds (west of UTC for an offset).
    private static func takeOffset(_ rest: inout Substring, maxHours: Int) -> Int? {
        var sign = 1
        if rest.first == "+" || rest.first == "-" {
            if rest.first == "-" { sign = -1 }
            rest = rest.dropFirst()
        }
        var seconds = 0
        for (position, unit) in [3600, 60, 1].enumerated() {
            if position > 0 {
                guard rest.first == ":" else { break }
                rest = rest.dropFirst()
            }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard (1...(position == 0 ? 3 : 2)).contains(digits.count), let value = Int(digits) else { return nil }
            seconds += value * unit
            rest = rest.dropFirst(digits.count)
        }
        guard seconds <= maxHours * 3600 else { return nil }
        return sign * seconds
    }

    /// `,day[/time]` after the comma is dropped.
    private static func takeMoment(_ rest: inout Substring) -> Moment? {
        rest = rest.dropFirst()
        let day: DayRule
        if rest.first == "M" {
            rest = rest.dropFirst()
            guard let month = takeNumber(&rest), rest.first == "." else { return nil }
            rest = rest.dropFirst()
            guard let week = takeNumber(&rest), rest.first == "." else { return nil }
            rest = rest.dropFirst()
            guard let weekday = takeNumber(&rest), (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday)
            else { return nil }
            day = .monthWeek(month: month, week: week, weekday: weekday)
        } else if rest.first == "J" {
            rest = rest.dropFirst()
            guard let number = takeNumber(&rest), (1...365).contains(number) else { return nil }
            day = .julian(number)
        } else {
            guard let number = takeNumber(&rest), (0...365).contains(number) else { return nil }
            day = .zeroBased(number)
        }
        var seconds = 7200
        if rest.first == "/" {
            rest = rest.dropFirst()
            guard let time = takeOffset(&rest, maxHours: 167) else { return nil }
            seconds = time
        }
        return Moment(day: day, seconds: seconds)
    }

    private static func takeNumber(_ rest: inout Substring) -> Int? {
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard (1...3).contains(digits.count), let value = Int(digits) else { return nil }
        rest = rest.dropFirst(digits.count)
        return value
    }
}

extension PosixZoneRule.Moment {
    /// The instant (seconds past 1970, UTC) of this moment in `year`, read
    /// with the offset in force just before it.
    func utc(in year: Int, offset: Int) -> Int {
        day.day(in: year).daysSinceEpoch * 86_400 + seconds - offset
    }
}

extension PosixZoneRule.DayRule {
    /// The day this rule names in `year`.
    func day(in year: Int) -> LocalDay {
        let january = LocalDay(year: year, month: 1, day: 1) ?? LocalDay(daysSinceEpoch: 0)
        switch self {
        case .julian(let number):
            // February 29 is never counted: from March on, a leap year's days shift by one.
            let leap = LocalDay.daysIn(month: 2, year: year) == 29
            return january.adding(days: number - 1 + (leap && number >= 60 ? 1 : 0))
        case .zeroBased(let number):
            return january.adding(days: number)
        case .monthWeek(let month, let week, let weekday):
            let first = LocalDay(year: year, month: month, day: 1) ?? january
            var day = 1 + (weekday - first.weekday + 7) % 7 + (week - 1) * 7
            while day > LocalDay.daysIn(month: month, year: year) { day -= 7 }
            return first.adding(days: day - 1)
        }
    }
}
