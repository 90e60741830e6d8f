import FoundationEssentials

/// Offsets from now: `+3d`, `+2w`, `+4h`, `+30m` and `in 3 days`, `in 30 min`.
extension WhenParser {
    /// A unit an offset counts in.
    enum OffsetUnit: Sendable {
        case minutes, hours, days, weeks

        /// The unit of `+3d`: one letter. `m` is minutes, as there is no month offset.
        init?(letter: Character) {
            switch letter {
            case "m", "M": self = .minutes
            case "h", "H": self = .hours
            case "d", "D": self = .days
            case "w", "W": self = .weeks
            default: return nil
            }
        }

        /// The unit of `in 3 days`: a word, singular or plural, whatever the count.
        init?(word: String) {
            switch word {
            case "min", "mins", "minute", "minutes": self = .minutes
            case "hr", "hrs", "hour", "hours": self = .hours
            case "day", "days": self = .days
            case "week", "weeks": self = .weeks
            default: return nil
            }
        }

        /// The unit in one word, singular: "minute", "hour", "day", "week".
        var word: String {
            switch self {
            case .minutes: "minute"
            case .hours: "hour"
            case .days: "day"
            case .weeks: "week"
            }
        }

        var seconds: Int {
            switch self {
            case .minutes: 60
            case .hours: 3600
            case .days: 86_400
            case .weeks: 7 * 86_400
            }
        }
    }

    /// `+3d`, `+2w`, `+4h`, `+30m`: a plus sign, digits and a unit letter.
    func signedOffset(_ word: Word) throws(WhenError) -> Lead {
        let body = word.text.dropFirst()
        guard let letter = body.last, let unit = OffsetUnit(letter: letter) else {
            throw .malformedOffset(word.text)
        }
        let count = try offsetCount(body.dropLast(), unit: unit, spelled: word.text)
        return offset(count, unit)
    }

    /// `in 3 days`, `in 1 hour`, `in 30 min`: exactly three words.
    func wordedOffset(_ words: ArraySlice<Word>) throws(WhenError) -> Lead {
        let spelled = words.prefix(3).map(\.text).joined(separator: " ")
        guard words.count >= 3 else { throw .malformedOffset(spelled) }
        let number = words[words.startIndex + 1]
        guard let unit = OffsetUnit(word: words[words.startIndex + 2].folded) else {
            throw .malformedOffset(spelled)
        }
        if number.text.hasPrefix("-"), Self.isDigits(number.text.dropFirst()) {
            throw .backwardOffset(spelled)
        }
        let count = try offsetCount(Substring(number.text), unit: unit, spelled: spelled)
        return offset(count, unit)
    }

    /// The count of an offset: plain digits, at most `maximumOffset` in all.
    func offsetCount(_ digits: Substring, unit: OffsetUnit, spelled: String) throws(WhenError) -> Int {
        guard Self.isDigits(digits) else { throw .malformedOffset(spelled) }
        // Digits that do not fit in an Int are too many by far, not malformed.
        guard let count = Int(digits), count <= Int(Self.maximumOffset) / unit.seconds else {
            throw .offsetTooLarge(spelled)
        }
        return count
    }

    /// Days and weeks move the day and stay day dues; hours and minutes are
    /// elapsed time from `now`, so they give an instant.
    func offset(_ count: Int, _ unit: OffsetUnit) -> Lead {
        let today = clock.day(of: now)
        switch unit {
        case .days:
            return .day(today.adding(days: count), isISODate: false)
        case .weeks:
            return .day(today.adding(days: 7 * count), isISODate: false)
        case .hours, .minutes:
            return .complete(.time(now.addingTimeInterval(TimeInterval(count * unit.seconds))))
        }
    }
}
