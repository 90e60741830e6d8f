import CLibical
import FoundationEssentials
import TodoCore

/// What a VTIMEZONE may ask of libical (`ZoneResolver.libicalInstant`).
///
/// libical expands every change of a zone from each observance's DTSTART up
/// to the year asked for, one step of its RRULE at a time: `FREQ=SECONDLY`
/// from 1601 ran for over a minute and took hundreds of MB. A zone's rules
/// change its offset once a year at most, as RFC 5545 §3.6.5's examples and
/// every client's VTIMEZONEs do: a yearly rule on one month and one
/// weekday (or a week's days of the month, as older clients write it).
/// Anything else is refused, and the years the rules span are bounded.
extension ZoneResolver {
    /// The RRULE parts a zone's yearly rule may have.
    private static let zoneRuleParts: Set<String> = ["FREQ", "INTERVAL", "UNTIL", "COUNT", "WKST", "BYMONTH", "BYDAY", "BYMONTHDAY", "BYSETPOS"]

    /// The last year libical expands a zone to, whatever year is asked
    /// (`ICALTIMEZONE_MAX_YEAR` for a 64-bit `time_t`).
    private static let libicalLastYear = 2582

    /// Why libical cannot expand the VTIMEZONE `zone` of `document` in
    /// bounded time, as a phrase; nil when it can.
    static func expansionProblem(of zone: ICalendarComponent, in document: ICalendarDocument) -> String? {
        let observances = zone.children.filter { $0.name == "STANDARD" || $0.name == "DAYLIGHT" }
        if observances.count > ReadingLimits.maximumZoneObservances {
            return "\(observances.count) observances, more than \(ReadingLimits.maximumZoneObservances)"
        }
        var ruleYears = 0
        var dates = 0
        for observance in observances {
            for line in observance.properties("RDATE", in: document) {
                dates += line.value.split(separator: ",").count
            }
            let rules = observance.properties("RRULE", in: document)
            guard !rules.isEmpty else { continue }
            guard let written = observance.properties("DTSTART", in: document).first.flatMap({ year(of: $0.value) }) else {
                return "a \(observance.name) with an RRULE has no DTSTART"
            }
            // libical is handed the rule from 1900 on when it is still in
            // force then (`todo_follow_zone_rules_from_floor`, CLibical's shim).
            let startYear = rules.count == 1 && isFollowedFromFloor(rules[0].value) ? max(written, rulesFromYear) : written
            for rule in rules {
                switch yearsSpanned(by: rule.value, from: startYear) {
                case .success(let years): ruleYears += years
                case .failure(let problem): return problem.reason
                }
            }
        }
        if dates > ReadingLimits.maximumZoneDates {
            return "\(dates) RDATE values, more than \(ReadingLimits.maximumZoneDates)"
        }
        if ruleYears > ReadingLimits.maximumZoneRuleYears {
            return "its rules span \(ruleYears) years in all, more than \(ReadingLimits.maximumZoneRuleYears)"
        }
        return nil
    }

    /// Why a zone's RRULE is refused, as a phrase.
    private struct RuleProblem: Error {
        let reason: String
    }

    /// How many years libical steps through for the yearly RRULE `rule` of
    /// an observance starting in `startYear`, or why the rule is refused.
    private static func yearsSpanned(by rule: String, from startYear: Int) -> Result<Int, RuleProblem> {
        var parts: [String: String] = [:]
        for part in rule.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return .failure(RuleProblem(reason: "“RRULE:\(rule)” is not a rule")) }
            parts[pair[0].trimmingSpaces().uppercased()] = String(pair[1])
        }
        guard parts["FREQ"]?.uppercased() == "YEARLY" else {
            return .failure(RuleProblem(reason: "“RRULE:\(rule)” is not yearly"))
        }
        if let other = parts.keys.sorted().first(where: { !zoneRuleParts.contains($0) }) {
            return .failure(RuleProblem(reason: "“RRULE:\(rule)” has \(other), which a zone's rule never needs"))
        }
        // One change a year: one month, one weekday, at most a week of days.
        let valueLimits = ["BYMONTH": 1, "BYDAY": 1, "BYSETPOS": 1, "BYMONTHDAY": 7]
        for (name, limit) in valueLimits {
            if let values = parts[name], values.split(separator: ",").count > limit {
                return .failure(RuleProblem(reason: "“RRULE:\(rule)” lists more than \(limit) \(name) value\(limit == 1 ? "" : "s")"))
            }
        }
        var last = libicalLastYear
        if let until = parts["UNTIL"].flatMap(year(of:)) { last = min(last, until) }
        var years = max(0, last - startYear + 1)
        if let count = parts["COUNT"].flatMap({ Int($0) }) { years = min(years, max(count, 0)) }
        return .success(years)
    }

    /// The year from which the shim follows a zone's rule still in force
    /// then (`TODO_ZONE_RULES_FROM_YEAR`).
    static let rulesFromYear = Int(TODO_ZONE_RULES_FROM_YEAR)

    /// Whether the shim moves a rule starting before `rulesFromYear` to it:
    /// one without COUNT, and without an UNTIL before that year.
    private static func isFollowedFromFloor(_ rule: String) -> Bool {
        let parts = rule.split(separator: ";").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
        if parts.contains(where: { $0.first?.uppercased() == "COUNT" }) { return false }
        if let until = parts.first(where: { $0.first?.uppercased() == "UNTIL" })?.last, let year = year(of: until) {
            return year >= rulesFromYear
        }
        return true
    }

    /// The year of a DATE or DATE-TIME value (`16010101T020000`).
    private static func year(of value: String) -> Int? {
        let digits = value.trimmingSpaces().prefix(4)
        guard digits.count == 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}
