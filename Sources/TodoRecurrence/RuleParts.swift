import FoundationEssentials
import TodoCore

/// The parts of an RRULE value, read once for checking, for words, and for
/// the shapes libical needs help with.
///
/// The rule's text itself stays in `RepeatRule`, untouched; this is only a
/// reading of it. Names and values are case-insensitive (RFC 5545 §3.1), so
/// they are read upper-cased, while messages quote each part as written.
struct RuleParts: Hashable, Sendable {
    enum Frequency: String, Hashable, Sendable {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    /// A BYDAY entry: a weekday, with an optional position in the month or
    /// year ("2TU" is the second Tuesday, "-1FR" the last Friday).
    struct WeekdayNumber: Hashable, Sendable {
        let ordinal: Int?
        let weekday: Weekday

        var code: String { (ordinal.map(String.init) ?? "") + weekday.code }
    }

    /// Where UNTIL ends the rule, in the form it was written.
    enum Until: Hashable, Sendable {
        /// A date: occurrences on that local day are included.
        case day(LocalDay)
        /// A floating date-time, compared with the occurrences' wall-clock readings.
        case wallTime(WallTime)
        /// A UTC date-time ("…Z"), compared with the occurrences' instants.
        case instant(Date)
    }

    /// One NAME=VALUE part, as written and upper-cased.
    struct Part: Hashable, Sendable {
        let written: String
        let name: String
        let value: String
    }

    let frequency: Frequency
    var interval = 1
    var count: Int?
    var until: Until?
    var byDay: [WeekdayNumber] = []
    var byMonthDay: [Int] = []
    var byMonth: [Int] = []
    var bySetPos: [Int] = []
    var byHour: [Int] = []
    var byMinute: [Int] = []
    var bySecond: [Int] = []
    var byYearDay: [Int] = []
    var byWeekNo: [Int] = []
    var weekStart: Weekday?
    /// Every part in the order written.
    let parts: [Part]

    /// Reads an RRULE value (without the "RRULE:" name), or says which part is wrong.
    init(rrule text: String) throws(RepeatRuleError) {
        var parts: [Part] = []
        for piece in text.split(separator: ";", omittingEmptySubsequences: false) {
            let written = String(piece)
            guard let equals = written.firstIndex(of: "="),
                  !written[..<equals].isEmpty, !written[written.index(after: equals)...].isEmpty
            else { throw .malformedPart(written) }
            let name = written[..<equals].uppercased()
            guard !parts.contains(where: { $0.name == name }) else { throw .repeatedPart(written) }
            parts.append(Part(written: written, name: name, value: written[written.index(after: equals)...].uppercased()))
        }
        guard let freqPart = parts.first(where: { $0.name == "FREQ" }) else { throw .missingFrequency(text) }
        guard let frequency = Frequency(rawValue: freqPart.value) else {
            if ["HOURLY", "MINUTELY", "SECONDLY"].contains(freqPart.value) { throw .frequencyTooShort(freqPart.written) }
            throw .unknownFrequency(freqPart.written)
        }
        self.frequency = frequency
        self.parts = parts
        for part in parts {
            try read(part)
        }
        try checkCombinations(text)
    }

    /// The largest COUNT followed. COUNT is counted from the series' first
    /// due, so every occurrence up to the one asked for is expanded: this
    /// bounds that work (100,000 daily occurrences are 273 years; a few
    /// tenths of a second of libical). A file's COUNT=2000000000 from the
    /// year 1 would otherwise be expanded anew by every command.
    static let maximumCount = 100_000

    /// The part with this (upper-case) name, as written, for messages.
    func written(_ name: String) -> String? {
        parts.first { $0.name == name }?.written
    }

    /// Whether the rule has any BYxxx part (anything that chooses among the
    /// days FREQ and INTERVAL step through).
    var hasSelectors: Bool {
        parts.contains { $0.name.hasPrefix("BY") }
    }

    private mutating func read(_ part: Part) throws(RepeatRuleError) {
        switch part.name {
        case "FREQ":
            break
        case "INTERVAL":
            interval = try Self.number(part, in: 1...Int(Int32.max), allowed: "a whole number of at least 1")
        case "COUNT":
            let value = try Self.number(part, in: 0...Self.maximumCount, allowed: "a whole number from 1 to \(Self.maximumCount), or UNTIL for a longer series")
            guard value > 0 else { throw .zeroCount(part.written) }
            count = value
        case "UNTIL":
            until = try Self.until(part)
        case "BYDAY":
            byDay = try part.value.split(separator: ",", omittingEmptySubsequences: false).map {
                entry throws(RepeatRuleError) in try Self.weekdayNumber(entry, part: part)
            }
        case "BYMONTHDAY":
            byMonthDay = try Self.list(part, in: -31...31, allowed: "days from 1 to 31, or -1 (the last) to -31")
        case "BYMONTH":
            byMonth = try Self.list(part, in: 1...12, allowed: "months from 1 to 12", allowsNegative: false)
        case "BYSETPOS":
            bySetPos = try Self.list(part, in: -366...366, allowed: "positions from 1 to 366, or -1 (the last) to -366")
        case "BYHOUR":
            byHour = try Self.list(part, in: 0...23, allowed: "hours from 0 to 23", allowsZero: true, allowsNegative: false)
        case "BYMINUTE":
            byMinute = try Self.list(part, in: 0...59, allowed: "minutes from 0 to 59", allowsZero: true, allowsNegative: false)
        case "BYSECOND":
            bySecond = try Self.list(part, in: 0...59, allowed: "seconds from 0 to 59", allowsZero: true, allowsNegative: false)
        case "BYYEARDAY":
            byYearDay = try Self.list(part, in: -366...366, allowed: "days of the year from 1 to 366, or -1 to -366")
        case "BYWEEKNO":
            byWeekNo = try Self.list(part, in: -53...53, allowed: "weeks from 1 to 53, or -1 to -53")
        case "WKST":
            guard let day = Weekday(code: part.value) else { throw .unknownWeekStart(part.written) }
            weekStart = day
        default:
            throw .unknownPart(part.written)
        }
    }

    /// RFC 5545 §3.3.10's rules on which parts go together, and libical 3's
    /// limits, checked so the refusal can name the part.
    private func checkCombinations(_ text: String) throws(RepeatRuleError) {
        if count != nil, until != nil { throw .countAndUntil(text) }
        let freq = frequency.rawValue
        if let part = written("BYWEEKNO"), frequency != .yearly { throw .partNotAllowed(part, frequency: freq) }
        if let part = written("BYYEARDAY"), frequency != .yearly { throw .partNotAllowed(part, frequency: freq) }
        if let part = written("BYMONTHDAY"), frequency == .weekly { throw .partNotAllowed(part, frequency: freq) }
        if let part = written("BYDAY"), byDay.contains(where: { $0.ordinal != nil }) {
            let countsInMonthOrYear = frequency == .monthly || (frequency == .yearly && byWeekNo.isEmpty)
            guard countsInMonthOrYear else { throw .ordinalWeekdayNotAllowed(part, frequency: freq) }
            if frequency == .monthly, byDay.contains(where: { abs($0.ordinal ?? 0) > 5 }) {
                throw .valueOutOfRange(part, allowed: "positions from 1 to 5, or -1 to -5, within a month")
            }
        }
        // libical 3 refuses these (or, for BYWEEKNO, expands them its own way):
        // refuse rather than guess.
        if byDay.isEmpty, let part = written("BYWEEKNO") ?? written("BYYEARDAY") { throw .needsWeekday(part) }
        // libical 3.0.16 misplaces the weeks that can reach into another year
        // (measured against python-dateutil): week 52 of 2027 has no Sunday
        // for it (2 January 2028), week 53 turns up in years that have none,
        // and week -1 of 2027 lands in December 2030. Refused, not guessed.
        if let part = written("BYWEEKNO"), byWeekNo.contains(where: { $0 < 0 || $0 >= 52 }) { throw .weekAtYearEnd(part) }
        if let part = written("BYSETPOS"), !parts.contains(where: { $0.name.hasPrefix("BY") && $0.name != "BYSETPOS" }) {
            throw .unsupportedShape(text, reason: "\(part) chooses among the occurrences of a BY part, and the rule has none; add one such as BYDAY")
        }
    }

    private static func number(_ part: Part, in range: ClosedRange<Int>, allowed: String) throws(RepeatRuleError) -> Int {
        guard part.value.allSatisfy(\.isASCII), let value = Int(part.value), range.contains(value) else {
            throw .valueOutOfRange(part.written, allowed: allowed)
        }
        return value
    }

    private static func list(
        _ part: Part, in range: ClosedRange<Int>, allowed: String, allowsZero: Bool = false, allowsNegative: Bool = true
    ) throws(RepeatRuleError) -> [Int] {
        var values: [Int] = []
        for entry in part.value.split(separator: ",", omittingEmptySubsequences: false) {
            guard entry.allSatisfy(\.isASCII), let value = Int(entry), range.contains(value),
                  allowsZero || value != 0, allowsNegative || value >= 0
            else { throw .valueOutOfRange(part.written, allowed: allowed) }
            values.append(value)
        }
        return values
    }

    private static func weekdayNumber(_ entry: Substring, part: Part) throws(RepeatRuleError) -> WeekdayNumber {
        guard entry.count >= 2, let weekday = Weekday(code: entry.suffix(2)) else { throw .unknownWeekday(part.written) }
        let prefix = entry.dropLast(2)
        guard !prefix.isEmpty else { return WeekdayNumber(ordinal: nil, weekday: weekday) }
        guard prefix.allSatisfy(\.isASCII), let ordinal = Int(prefix), ordinal != 0, (-53...53).contains(ordinal) else {
            throw .unknownWeekday(part.written)
        }
        return WeekdayNumber(ordinal: ordinal, weekday: weekday)
    }

    private static func until(_ part: Part) throws(RepeatRuleError) -> Until {
        let value = Array(part.value.utf8)
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= value.count else { return nil }
            var number = 0
            for byte in value[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                number = number * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return number
        }
        guard let year = digits(0..<4), let month = digits(4..<6), let dayNumber = digits(6..<8),
              let day = LocalDay(year: year, month: month, day: dayNumber)
        else { throw .malformedUntil(part.written) }
        if value.count == 8 { return .day(day) }
        guard value.count == 15 || (value.count == 16 && value[15] == UInt8(ascii: "Z")), value[8] == UInt8(ascii: "T"),
              let hour = digits(9..<11), let minute = digits(11..<13), let second = digits(13..<15),
              hour < 24, minute < 60, second < 61
        else { throw .malformedUntil(part.written) }
        let seconds = hour * 3600 + minute * 60 + min(second, 59)
        if value.count == 16 {
            return .instant(Date(timeIntervalSince1970: Double(day.daysSinceEpoch * 86_400 + seconds)))
        }
        return .wallTime(WallTime(day: day, secondsIntoDay: seconds))
    }
}
