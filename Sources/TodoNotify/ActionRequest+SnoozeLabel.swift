import Foundation

extension ActionRequest {
    /// The label of a snooze choice, in words.
    ///
    /// A length of time reads as one, its units spelled out; anything else is
    /// a moment, read as "until" it:
    ///
    ///     "10m"             Snooze 10 minutes
    ///     "1h"              Snooze 1 hour
    ///     "+2d", "in 2 days"  Snooze 2 days
    ///     "1h30m"           Snooze 1 hour 30 minutes
    ///     "tomorrow 09:00"  Snooze until tomorrow 09:00
    ///
    /// Pure and lenient: the choice is not checked here, only worded.
    public static func snoozeLabel(for choice: String) -> String {
        let trimmed = choice.trimmingCharacters(in: .whitespacesAndNewlines)
        if let words = durationWords(trimmed) {
            return "Snooze " + words
        }
        return "Snooze until " + trimmed
    }

    /// "1 hour 30 minutes" for "1h30m", "+1h30m" or "in 1 hour 30 min"; nil
    /// when the text is not made of counts and units alone.
    static func durationWords(_ text: String) -> String? {
        var rest = Substring(text.lowercased())
        if rest.hasPrefix("+") {
            rest = rest.dropFirst()
        } else if rest.hasPrefix("in "), rest.count > 3 {
            rest = rest.dropFirst(3)
        }
        var parts: [String] = []
        while true {
            rest = rest.drop(while: \.isWhitespace)
            if rest.isEmpty { break }
            let digits = rest.prefix(while: { ("0"..."9").contains($0) })
            guard !digits.isEmpty, let count = Int(digits) else { return nil }
            rest = rest.dropFirst(digits.count).drop(while: \.isWhitespace)
            let unitText = rest.prefix(while: \.isLetter)
            guard let unit = DurationUnit(String(unitText)) else { return nil }
            rest = rest.dropFirst(unitText.count)
            parts.append("\(count) " + (count == 1 ? unit.singular : unit.singular + "s"))
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// A unit of a snooze's length, as the WHEN parser spells them.
    private enum DurationUnit {
        case minute, hour, day, week

        init?(_ text: String) {
            switch text {
            case "m", "min", "mins", "minute", "minutes": self = .minute
            case "h", "hr", "hrs", "hour", "hours": self = .hour
            case "d", "day", "days": self = .day
            case "w", "week", "weeks": self = .week
            default: return nil
            }
        }

        var singular: String {
            switch self {
            case .minute: "minute"
            case .hour: "hour"
            case .day: "day"
            case .week: "week"
            }
        }
    }
}
