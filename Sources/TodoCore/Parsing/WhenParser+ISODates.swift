import FoundationEssentials

/// ISO 8601 dates: `2026-12-01`, and date-times in one word, `2026-12-01T17:00`.
extension WhenParser {
    /// The ISO date (or date-time) the word holds; nil when it does not start like a date.
    ///
    /// A word made of digits and dashes counts as a date attempt, so "2026-1-5"
    /// is told how dates are written instead of getting the catch-all message.
    func isoDateForm(_ word: Word, whole: String) throws(WhenError) -> Lead? {
        let datePart = word.text.prefix { $0 != "T" && $0 != "t" }
        guard datePart.first.map(Self.isDigit) == true, datePart.contains("-"),
              datePart.allSatisfy({ Self.isDigit($0) || $0 == "-" })
        else { return nil }
        let day = try isoDay(datePart)
        guard datePart.endIndex < word.text.endIndex else {
            return .day(day, isISODate: true)
        }
        let timePart = word.text[word.text.index(after: datePart.endIndex)...]
        guard !timePart.isEmpty,
              let reading = try clockReading(Word(timePart), allowingUTCOffset: true)
        else { throw .unrecognized(whole) }
        return .complete(.time(instant(on: day, at: reading)))
    }

    /// Exactly YYYY-MM-DD, checked part by part so the message can say which is wrong.
    func isoDay(_ text: Substring) throws(WhenError) -> LocalDay {
        let spelled = String(text)
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy(Self.isDigits),
              let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2])
        else { throw .malformedDate(spelled) }
        guard (LocalDay.earliest.year...LocalDay.latest.year).contains(year) else { throw .yearOutOfRange(spelled) }
        guard (1...12).contains(month) else { throw .monthOutOfRange(spelled) }
        guard let day = LocalDay(year: year, month: month, day: dayOfMonth) else {
            throw .noSuchDay(spelled, year: year, month: month)
        }
        guard day <= LocalDay.latest else { throw .yearOutOfRange(spelled) }
        return day
    }
}
