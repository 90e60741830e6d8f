import FoundationEssentials

/// The day forms people type in words: a month and a
/// day ("dec 15", "15 december", with a year or not), "next fri", "end of
/// month", and what is refused with a sentence: "3/12", which reads two ways,
/// and a misspelt word ("tomorow"), named with the word meant.
extension WhenParser {
    /// Month names and abbreviations, 1 for January.
    static let months: [String: Int] = [
        "jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4,
        "may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8,
        "sep": 9, "sept": 9, "september": 9, "oct": 10, "october": 10, "nov": 11, "november": 11,
        "dec": 12, "december": 12,
    ]

    /// The day a word form names, and how many words it took; nil when the
    /// words start with none of them.
    func wordedDay(_ words: ArraySlice<Word>, whole: String) throws(WhenError) -> (Lead, Int)? {
        guard let first = words.first else { return nil }
        let second = words.dropFirst().first
        let today = clock.day(of: now)
        if first.folded == "next", let second, let weekday = Self.weekdays[second.folded] {
            // As the weekday alone: the coming one, today excluded.
            let ahead = (weekday - today.weekday + 6) % 7 + 1
            return (.day(today.adding(days: ahead), isISODate: false), 2)
        }
        if first.folded == "eom" || (first.folded == "end" && words.dropFirst().map(\.folded).starts(with: ["of", "month"])) {
            let last = LocalDay.daysIn(month: today.month, year: today.year)
            let day = LocalDay(year: today.year, month: today.month, day: last) ?? today
            return (.day(day, isISODate: false), first.folded == "eom" ? 1 : 3)
        }
        // "dec 15" and "15 dec", a year after either.
        let monthAndDay: (month: Int, day: Substring)? = if let month = Self.months[first.folded], let second,
                                                            Self.isDayNumber(second.folded) {
            (month, Substring(second.folded))
        } else if Self.isDayNumber(first.folded), let second, let month = Self.months[second.folded] {
            (month, Substring(first.folded))
        } else {
            nil
        }
        guard let monthAndDay, let day = Int(monthAndDay.day) else {
            if first.folded.contains("/"), first.folded.split(separator: "/").allSatisfy(Self.isDigits) {
                throw .slashDate(first.text)
            }
            return nil
        }
        let year = words.dropFirst(2).first.flatMap { word in
            word.folded.count == 4 && Self.isDigits(Substring(word.folded)) ? Int(word.folded) : nil
        }
        let used = year == nil ? 2 : 3
        if let year {
            guard let date = LocalDay(year: year, month: monthAndDay.month, day: day) else {
                throw Self.noSuchDay(whole, day: day, month: monthAndDay.month, year: year)
            }
            return (.day(date, isISODate: false), used)
        }
        // The next such day, today included; a 29 February the next year that has one.
        for ahead in 0...8 {
            if let date = LocalDay(year: today.year + ahead, month: monthAndDay.month, day: day), date >= today {
                return (.day(date, isISODate: false), used)
            }
        }
        throw Self.noSuchDay(whole, day: day, month: monthAndDay.month, year: today.year)
    }

    /// One or two digits.
    static func isDayNumber(_ text: String) -> Bool {
        (1...2).contains(text.count) && isDigits(Substring(text))
    }

    private static func noSuchDay(_ whole: String, day: Int, month: Int, year: Int) -> WhenError {
        day < 1 || day > 31 ? .unrecognized(whole) : .noSuchDay(whole, year: year, month: month)
    }

    /// The word a misspelt one was meant as ("tomorow": tomorrow), if a
    /// word of the forms is one letter away (one added, dropped, changed,
    /// or two swapped); nil when none is, or the word is a form already.
    static func meant(_ word: String) -> String? {
        // Five letters at least: a shorter word is as likely another one ("soon" is not "noon").
        guard word.count >= 5, word.allSatisfy(\.isLetter) else { return nil }
        let known = ["today", "tomorrow", "yesterday", "noon", "midnight", "next", "end", "month", "in", "at"]
            + weekdays.keys + months.keys
        guard !known.contains(word) else { return nil }
        let close = known.filter { $0.count >= 4 && isOneEditAway(word, $0) }
        // The longest is the word meant ("tues" is one away from "tue" and "thus" from nothing).
        return close.max { $0.count < $1.count }
    }

    /// Whether one insertion, deletion, substitution or swap of neighbours
    /// turns `first` into `second`.
    static func isOneEditAway(_ first: String, _ second: String) -> Bool {
        let a = Array(first), b = Array(second)
        if a == b { return false }
        if abs(a.count - b.count) > 1 { return false }
        if a.count == b.count {
            let differ = a.indices.filter { a[$0] != b[$0] }
            if differ.count == 1 { return true }
            return differ.count == 2 && differ[1] == differ[0] + 1 && a[differ[0]] == b[differ[1]] && a[differ[1]] == b[differ[0]]
        }
        let (short, long) = a.count < b.count ? (a, b) : (b, a)
        var index = 0
        while index < short.count, short[index] == long[index] { index += 1 }
        return short[index...] == long[(index + 1)...]
    }
}
