import FoundationEssentials
import TodoCore

extension RepeatRule {
    /// The rule in words for `list` and `show`: "every day", "every 2 weeks",
    /// "every month on the last weekday", "every Monday and Friday, 10 times".
    ///
    /// A rule that cannot all be said honestly in a few words is shown as
    /// "custom rule: " and its RRULE text, never as a simpler rule it is not.
    public var inWords: String {
        guard let base = RuleWords(parts: parts).base else { return "custom rule: " + rrule }
        return base + RuleWords(parts: parts).ending
    }
}

/// Builds the words for a rule, part by part; nil where a part has no words here.
private struct RuleWords {
    let parts: RuleParts

    /// The parts the words below can say; any other part makes the rule custom.
    private static let sayable: Set<String> = ["FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYMONTHDAY", "BYSETPOS", "BYMONTH", "WKST"]

    var base: String? {
        guard parts.parts.allSatisfy({ Self.sayable.contains($0.name) }) else { return nil }
        // WKST changes nothing that these words say, except for a multi-week
        // interval with several days, where it decides which days go together.
        if parts.weekStart != nil, parts.interval > 1, parts.byDay.count > 1 { return nil }
        switch parts.frequency {
        case .daily:
            guard parts.byMonthDay.isEmpty, parts.byMonth.isEmpty, parts.bySetPos.isEmpty else { return nil }
            if parts.byDay.isEmpty { return every("day", "days") }
            return parts.interval == 1 ? weekdays : nil
        case .weekly:
            guard parts.byMonth.isEmpty, parts.bySetPos.isEmpty else { return nil }
            if parts.byDay.isEmpty { return every("week", "weeks") }
            guard let days = weekdays else { return nil }
            return parts.interval == 1 ? days : every("week", "weeks") + " on " + String(days.dropFirst("every ".count))
        case .monthly:
            guard parts.byMonth.isEmpty else { return nil }
            let unit = every("month", "months")
            if parts.byDay.isEmpty, parts.byMonthDay.isEmpty, parts.bySetPos.isEmpty { return unit }
            return selector.map { unit + " on " + $0 }
        case .yearly:
            if parts.byDay.isEmpty, parts.byMonthDay.isEmpty, parts.bySetPos.isEmpty, parts.byMonth.isEmpty {
                return every("year", "years")
            }
            guard parts.byMonth.count == 1, let month = Self.monthNames[safe: parts.byMonth[0] - 1], let selector else {
                return nil
            }
            return every("year", "years") + " on " + selector + " of " + month
        }
    }

    /// ", 10 times" or ", until 2027-03-01", or nothing.
    var ending: String {
        if let count = parts.count { return count == 1 ? ", once" : ", \(count) times" }
        switch parts.until {
        case .day(let day): return ", until \(day)"
        case .wallTime(let wall): return ", until \(wall.day) \(Self.time(wall.secondsIntoDay))"
        case .instant(let instant):
            let seconds = Int(instant.timeIntervalSince1970)
            let day = LocalDay(daysSinceEpoch: seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
            return ", until \(day) \(Self.time(seconds - day.daysSinceEpoch * 86_400)) UTC"
        case nil: return ""
        }
    }

    private func every(_ one: String, _ many: String) -> String {
        parts.interval == 1 ? "every \(one)" : "every \(parts.interval) \(many)"
    }

    /// "every weekday", "every Monday, Wednesday and Friday" for plain BYDAY.
    private var weekdays: String? {
        guard parts.byDay.allSatisfy({ $0.ordinal == nil }) else { return nil }
        let days = Set(parts.byDay.map(\.weekday))
        if days == Set(Weekday.workdays) { return "every weekday" }
        let names = days.sorted { $0.mondayFirstIndex < $1.mondayFirstIndex }.map(\.name)
        return "every " + Self.list(names)
    }

    /// "the 15th", "the last day", "the 2nd Tuesday", "the last weekday" within a month.
    private var selector: String? {
        if parts.byDay.isEmpty, parts.bySetPos.isEmpty, !parts.byMonthDay.isEmpty {
            return "the " + Self.list(parts.byMonthDay.map { Self.ordinal($0, noun: "day") })
        }
        guard parts.byMonthDay.isEmpty else { return nil }
        if parts.bySetPos.isEmpty, parts.byDay.count == 1, let ordinal = parts.byDay[0].ordinal {
            return "the " + Self.ordinal(ordinal, noun: parts.byDay[0].weekday.name)
        }
        if parts.bySetPos.count == 1, parts.byDay.allSatisfy({ $0.ordinal == nil }) {
            let days = Set(parts.byDay.map(\.weekday))
            let noun: String
            if days == Set(Weekday.workdays) {
                noun = "weekday"
            } else if days == [.saturday, .sunday] {
                noun = "weekend day"
            } else if days.count == 1, let day = days.first {
                noun = day.name
            } else {
                return nil
            }
            return "the " + Self.ordinal(parts.bySetPos[0], noun: noun)
        }
        return nil
    }

    /// "15th", "last day", "2nd-to-last Friday"; a day of the month (noun "day")
    /// counted from the start is just its number.
    private static func ordinal(_ number: Int, noun: String) -> String {
        if number == -1 { return "last " + noun }
        if number < -1 { return nth(-number) + "-to-last " + noun }
        return noun == "day" ? nth(number) : nth(number) + " " + noun
    }

    private static func nth(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }

    private static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    private static func time(_ seconds: Int) -> String {
        let time = TimeOfDay(hour: seconds / 3600 % 24, minute: seconds / 60 % 60)
        return time?.description ?? "00:00"
    }

    // Spelled out rather than asked of a formatter, so the words are the same in every locale.
    private static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
}

private extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
