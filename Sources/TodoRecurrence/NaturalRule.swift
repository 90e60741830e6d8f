import FoundationEssentials

/// The natural forms `--repeat` accepts, turned into canonical RRULE text.
///
/// Canonical means one spelling per meaning, parts in RFC 5545's usual order
/// (FREQ, INTERVAL, BYDAY, BYMONTHDAY, BYSETPOS), so a rule typed two ways is
/// stored the same way.
enum NaturalRule {
    /// The RRULE for a natural form, or nil when the text is not one.
    static func rrule(for text: String) -> String? {
        let words = text.lowercased()
            .replacing(",", with: " ")
            .split(whereSeparator: \.isWhitespace)
            .map(String.init)
        switch words {
        case ["daily"], ["every", "day"]: return "FREQ=DAILY"
        case ["weekdays"], ["every", "weekday"]: return "FREQ=WEEKLY;BYDAY=" + codes(Weekday.workdays)
        case ["weekly"], ["every", "week"]: return "FREQ=WEEKLY"
        case ["monthly"], ["every", "month"]: return "FREQ=MONTHLY"
        case ["yearly"], ["annually"], ["every", "year"]: return "FREQ=YEARLY"
        default: break
        }
        guard words.first == "every", words.count >= 2 else { return nil }
        var rest = words.dropFirst()
        // "every 2 weeks", "every 3 months on the 15th"
        var interval = 1
        if let number = Int(rest[rest.startIndex]) {
            guard number >= 1, rest.count >= 2 else { return nil }
            interval = number
            rest = rest.dropFirst()
        }
        guard let unit = rest.first else { return nil }
        let head: String
        switch unit {
        case "day", "days": head = "FREQ=DAILY"
        case "week", "weeks": head = "FREQ=WEEKLY"
        case "month", "months": head = "FREQ=MONTHLY"
        case "year", "years": head = "FREQ=YEARLY"
        default:
            // "every mon,wed,fri": weekly on those days.
            guard interval == 1, let days = weekdays(Array(rest)) else { return nil }
            return "FREQ=WEEKLY" + intervalPart(interval) + ";BYDAY=" + codes(days)
        }
        rest = rest.dropFirst()
        if rest.isEmpty { return head + intervalPart(interval) }
        // "every week on mon,wed"; "every month on the 15th | the last day |
        // the 2nd tuesday | the last weekday"
        guard rest.first == "on" else { return nil }
        rest = rest.dropFirst()
        if head == "FREQ=WEEKLY" {
            guard let days = weekdays(Array(rest)) else { return nil }
            return head + intervalPart(interval) + ";BYDAY=" + codes(days)
        }
        guard head == "FREQ=MONTHLY", rest.first == "the" else { return nil }
        rest = rest.dropFirst()
        guard let selector = monthSelector(Array(rest)) else { return nil }
        return head + intervalPart(interval) + ";" + selector
    }

    /// "15th", "the last day", "2nd tuesday", "last weekday" as the BY parts of a monthly rule.
    private static func monthSelector(_ words: [String]) -> String? {
        if words.count == 1, let day = dayOfMonth(words[0]) {
            return "BYMONTHDAY=\(day)"
        }
        guard words.count == 2, let position = ordinal(words[0]) else { return nil }
        switch words[1] {
        case "day":
            return "BYMONTHDAY=\(position)"
        case "weekday":
            return "BYDAY=" + codes(Weekday.workdays) + ";BYSETPOS=\(position)"
        default:
            guard let day = weekday(words[1]) else { return nil }
            return "BYDAY=\(position)\(day.code)"
        }
    }

    private static func intervalPart(_ interval: Int) -> String {
        interval == 1 ? "" : ";INTERVAL=\(interval)"
    }

    private static func codes(_ days: [Weekday]) -> String {
        days.map(\.code).joined(separator: ",")
    }

    /// "mon wed and fri" as weekdays in Monday-first order, or nil if any word is not a day.
    private static func weekdays(_ words: [String]) -> [Weekday]? {
        let names = words.filter { $0 != "and" }
        guard !names.isEmpty else { return nil }
        var days = Set<Weekday>()
        for name in names {
            guard let day = weekday(name) else { return nil }
            days.insert(day)
        }
        return days.sorted { $0.mondayFirstIndex < $1.mondayFirstIndex }
    }

    private static func weekday(_ word: String) -> Weekday? {
        let singular = word.hasSuffix("s") && word.count > 4 ? String(word.dropLast()) : word
        return Weekday.allCases.first { day in
            let name = day.name.lowercased()
            return singular == name || aliases[day]?.contains(singular) == true
        }
    }

    private static let aliases: [Weekday: Set<String>] = [
        .monday: ["mo", "mon"], .tuesday: ["tu", "tue", "tues"], .wednesday: ["we", "wed", "weds"],
        .thursday: ["th", "thu", "thur", "thurs"], .friday: ["fr", "fri"], .saturday: ["sa", "sat"],
        .sunday: ["su", "sun"],
    ]

    /// "1st", "first", … "5th", "last" as an RFC 5545 position (last is -1).
    private static func ordinal(_ word: String) -> Int? {
        switch word {
        case "1st", "first": 1
        case "2nd", "second": 2
        case "3rd", "third": 3
        case "4th", "fourth": 4
        case "5th", "fifth": 5
        case "last": -1
        default: nil
        }
    }

    /// "15th", "1st", "22nd", "31" as a day of the month.
    private static func dayOfMonth(_ word: String) -> Int? {
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        let suffix = word.dropFirst(digits.count)
        guard let day = Int(digits), (1...31).contains(day), ["", "st", "nd", "rd", "th"].contains(suffix) else {
            return nil
        }
        return day
    }
}
