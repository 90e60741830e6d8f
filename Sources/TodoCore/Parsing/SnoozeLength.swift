import FoundationEssentials

/// A snooze written as a length of time: `10m`, `1h30m`, `+2d`, `in 2 hours`,
/// `in 1 hour 30 min`.
///
/// The one reading of such text: `WhenParser.snoozeInstant(from:dayTime:)`
/// counts it from now, and a bubble's Snooze action says it in words
/// ("Snooze 1 hour 30 minutes"), so a label cannot promise another length
/// than the snooze it asks for. Reading it checks the form only; how far it
/// reaches is checked when it is counted from a moment.
public struct SnoozeLength: Sendable {
    /// One count and its unit: the `1h` of `1h30m`.
    struct Part: Sendable {
        /// The count's digits as written, which may be too many for an `Int`.
        let digits: String
        let unit: WhenParser.OffsetUnit
    }

    let parts: [Part]

    /// The snooze when nobody says how long: `todo-remind snooze TASK`, and
    /// the one Snooze a bubble offers when the settings give no choice.
    public static let unsaid = "1h"

    /// The length `text` is made of; nil when it is not counts and units
    /// alone (a day, a time, or anything else).
    ///
    /// A `+` or `in` may lead, since a snooze always looks ahead, and lengths
    /// may follow each other with or without spaces. A unit is one letter
    /// (`m`, `h`, `d`, `w`) or a word (`min`, `hours`, `day`, `weeks`…), as
    /// in the offsets of a due (`+3d`, `in 30 min`).
    public init?(_ text: String) {
        var rest = Substring(text.lowercased())
        if rest.hasPrefix("+") {
            rest = rest.dropFirst()
        } else if rest.hasPrefix("in ") {
            rest = rest.dropFirst(3)
        }
        rest = rest.drop(while: \.isWhitespace)
        guard !rest.isEmpty else { return nil }
        var parts: [Part] = []
        while !rest.isEmpty {
            let digits = rest.prefix(while: WhenParser.isDigit)
            guard !digits.isEmpty else { return nil }
            rest = rest.dropFirst(digits.count).drop(while: \.isWhitespace)
            let unitText = rest.prefix(while: \.isLetter)
            let unit = unitText.count == 1
                ? unitText.first.flatMap(WhenParser.OffsetUnit.init(letter:))
                : WhenParser.OffsetUnit(word: String(unitText))
            guard let unit else { return nil }
            rest = rest.dropFirst(unitText.count).drop(while: \.isWhitespace)
            parts.append(Part(digits: String(digits), unit: unit))
        }
        self.parts = parts
    }

    /// The length in seconds, days and weeks counted as 24 and 168 hours;
    /// nil when it is too long to count.
    public var seconds: Int? {
        var total = 0
        for part in parts {
            let unit = switch part.unit {
            case .minutes: 60
            case .hours: 3600
            case .days: 86_400
            case .weeks: 604_800
            }
            guard let count = Int(part.digits) else { return nil }
            let (value, overflow) = count.multipliedReportingOverflow(by: unit)
            let (sum, overflowSum) = total.addingReportingOverflow(value)
            guard !overflow, !overflowSum else { return nil }
            total = sum
        }
        return total
    }

    /// The length in words, its units spelled out: "1 hour 30 minutes".
    public var words: String {
        parts.map { part in
            let count = Int(part.digits)
            return "\(count.map(String.init) ?? part.digits) \(part.unit.word)\(count == 1 ? "" : "s")"
        }.joined(separator: " ")
    }
}
