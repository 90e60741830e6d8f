import FoundationEssentials
import TodoCalendar
import TodoCore

/// Taskwarrior's `recur` values as RRULEs.
enum TaskwarriorRecurrence {
    /// The RRULE for `recur`, ending at `until` (the series' end) when given.
    ///
    /// Named periods (daily, weekdays, weekly, biweekly, fortnight,
    /// monthly, bimonthly, quarterly, semiannual, annual, yearly,
    /// biannual, biyearly), a number and a unit (2wk, 3d, 6mo, 1q, 2y, 12h:
    /// Taskwarrior's `Nd`, `Nw`, `Nmo`, `Nq`, `Ny` and their long forms) and
    /// ISO 8601 periods (P1D, P2W, P1M, P1Y).
    static func rule(recur: String, until: Date?, due: Due, clock: WallClock) throws -> String {
        guard var rule = base(recur.lowercased().trimmingSpaces()) else {
            throw ElementError("\"recur\" is “\(recur)”, not a period Taskwarrior repeats by (daily, weekly, 2wk, monthly, quarterly, yearly, 3d…)")
        }
        if let until {
            // UNTIL is of DUE's kind (RFC 5545): a day for a day, UTC for a time.
            switch due {
            case .day: rule += ";UNTIL=" + ICalendarTime.dateText(clock.day(of: until))
            case .time: rule += ";UNTIL=" + ICalendarTime.utcText(until)
            }
        }
        return rule
    }

    private static func base(_ recur: String) -> String? {
        switch recur {
        case "daily", "day": return "FREQ=DAILY"
        case "weekdays": return "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR"
        case "weekly", "week": return "FREQ=WEEKLY"
        case "biweekly", "fortnight", "fortnightly": return "FREQ=WEEKLY;INTERVAL=2"
        case "monthly", "month": return "FREQ=MONTHLY"
        case "bimonthly": return "FREQ=MONTHLY;INTERVAL=2"
        case "quarterly", "quarter": return "FREQ=MONTHLY;INTERVAL=3"
        case "semiannual": return "FREQ=MONTHLY;INTERVAL=6"
        case "annual", "yearly", "year": return "FREQ=YEARLY"
        case "biannual", "biyearly": return "FREQ=YEARLY;INTERVAL=2"
        default: break
        }
        var text = Substring(recur)
        let iso = text.hasPrefix("p")
        if iso { text = text.dropFirst() }
        if iso, text.hasPrefix("t") { text = text.dropFirst() }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let unit = text.dropFirst(digits.count)
        let count = digits.isEmpty ? 1 : Int(digits) ?? 0
        guard count > 0, count <= 1000 else { return nil }
        let frequency: (String, Int)?
        switch unit {
        case "h", "hr", "hrs", "hour", "hours", "hourly": frequency = iso && !recur.hasPrefix("pt") ? nil : ("HOURLY", 1)
        case "d", "day", "days", "daily": frequency = ("DAILY", 1)
        case "w", "wk", "wks", "week", "weeks", "weekly": frequency = ("WEEKLY", 1)
        case "m" where iso && !recur.hasPrefix("pt"): frequency = ("MONTHLY", 1)
        case "mo", "mos", "mth", "mths", "month", "months", "monthly": frequency = ("MONTHLY", 1)
        case "q", "qtr", "qtrs", "quarter", "quarters", "quarterly": frequency = ("MONTHLY", 3)
        case "y", "yr", "yrs", "year", "years", "yearly", "annual": frequency = ("YEARLY", 1)
        default: frequency = nil
        }
        guard let (name, factor) = frequency else { return nil }
        let interval = count * factor
        return "FREQ=\(name)" + (interval == 1 ? "" : ";INTERVAL=\(interval)")
    }
}
