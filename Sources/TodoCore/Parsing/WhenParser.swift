import FoundationEssentials

/// Reads the dates and times people type ("tomorrow 9:30", "+3d", "fri 17:00") as dues and instants.
///
/// Pure: `now` and the wall clock are given at creation and nothing else is
/// consulted, so the same text always reads the same way. Words are English
/// and matched without regard to case or locale.
///
/// The forms, relative to the local day of `now` on `clock`:
/// - days: `today`, `tomorrow`, `yesterday`, `eod`, a weekday (`fri`, `friday`:
///   the next one, never today), `+3d`, `+2w`, `in 3 days`, `in 2 weeks`, `2026-12-01`;
/// - instants: `+4h`, `+30m`, `in 4 hours`, `in 30 min`, `2026-12-01 17:00`,
///   `2026-12-01T17:00:00`, `2026-12-01T16:00:00Z`, `2026-12-01T17:00+01:00`;
/// - a time alone (`17:00`, `9:30`, `5pm`, `noon`, `midnight`): its next occurrence
///   after `now`, today or tomorrow;
/// - a day followed by a time (`tomorrow 9:30`, `fri 5pm`, `+2d at 10:00`): that
///   time on that day, even if it has passed;
/// - a month and a day (`dec 15`, `15 december`, `dec 15 2027`): the next such
///   day, today included, or that year's; `next fri` (the weekday alone);
///   `end of month`, `eom` (its last day). `3/12` is refused, naming both
///   readings; a misspelt word ("tomorow") is refused naming the word meant.
public struct WhenParser: Sendable {
    public let now: Date
    public let clock: WallClock

    public init(now: Date, clock: WallClock) {
        self.now = now
        self.clock = clock
    }

    /// A due date: forms with a time of day or an hour/minute offset give `.time`, the rest `.day`.
    public func due(from text: String) throws(WhenError) -> Due {
        try parse(text)
    }

    /// An instant, for `--now` and snoozes: a day form means the START of that local day (clock.startOfDay); a timed form its instant.
    public func instant(from text: String) throws(WhenError) -> Date {
        switch try parse(text) {
        case .day(let day):
            clock.startOfDay(day)
        case .time(let instant):
            instant
        }
    }

    /// The furthest an offset (`+3d`, `in 4 hours`) may reach: 100 years.
    ///
    /// Large enough for any real plan, small enough that no unit multiplied out
    /// can overflow or leave the years `LocalDay` can hold.
    static let maximumOffset: TimeInterval = 100 * 365.25 * 86_400

    // MARK: - The grammar

    /// A form read from the start of the text.
    enum Lead {
        /// A plain day, which a time of day may follow. After an ISO date that
        /// time may carry a UTC offset, as in "2026-12-01 17:00+01:00".
        case day(LocalDay, isISODate: Bool)
        /// A due that is complete in itself: no time of day may follow.
        case complete(Due)

        var due: Due {
            switch self {
            case .day(let day, _): .day(day)
            case .complete(let due): due
            }
        }
    }

    /// The local wall-clock reading a timed `text` was typed as ("2027-03-14
    /// 02:30" gives 2027-03-14T02:30:00 even where that reading is in a DST
    /// gap and the due is 03:30); nil for a day, an offset or a time with a
    /// UTC offset, whose instant is all that was said.
    public func typedReading(of text: String) throws(WhenError) -> WallReading? {
        try parseWithReading(text).reading
    }

    /// Reads the whole text as a day or an instant; the public methods differ only in what they make of a day.
    func parse(_ text: String) throws(WhenError) -> Due {
        try parseWithReading(text).due
    }

    /// `parse`, with the local reading a time of day was typed as.
    private func parseWithReading(_ text: String) throws(WhenError) -> (due: Due, reading: WallReading?) {
        let whole = text.trimmingWhitespace()
        let words = whole.split(whereSeparator: \.isWhitespace).map(Word.init)
        guard !words.isEmpty else { throw .empty }

        if let (lead, used) = try leadingForm(words[...], whole: whole) {
            var rest = words.dropFirst(used)
            if rest.count > 1, rest.first?.folded == "at" { rest = rest.dropFirst() }
            if rest.isEmpty { return (lead.due, nil) }
            switch lead {
            case .day(let day, let isISODate):
                guard let reading = try clockReading(rest, allowingUTCOffset: isISODate) else {
                    throw .unrecognized(whole)
                }
                return (.time(instant(on: day, at: reading)), Self.localReading(reading, on: day))
            case .complete:
                throw looksLikeTime(rest) ? .timeNotAllowed(whole) : .unrecognized(whole)
            }
        }

        if let reading = try clockReading(words[...], allowingUTCOffset: false) {
            let today = clock.day(of: now)
            let todays = instant(on: today, at: reading)
            let day = todays > now ? today : today.adding(days: 1)
            return (.time(day == today ? todays : instant(on: day, at: reading)), Self.localReading(reading, on: day))
        }
        for word in words {
            if let meant = Self.meant(word.folded) { throw .misspelt(whole, word: word.text, meant: meant) }
        }
        throw .unrecognized(whole)
    }

    /// The day form or offset the words start with, and how many words it took;
    /// nil when they start with none (a time alone, or nonsense).
    func leadingForm(_ words: ArraySlice<Word>, whole: String) throws(WhenError) -> (Lead, Int)? {
        guard let first = words.first else { return nil }
        let today = clock.day(of: now)
        switch first.folded {
        case "today":
            return (.day(today, isISODate: false), 1)
        case "tomorrow":
            return (.day(today.adding(days: 1), isISODate: false), 1)
        case "yesterday":
            return (.day(today.adding(days: -1), isISODate: false), 1)
        case "eod":
            // The end of today is a day due; a time after it would contradict it.
            return (.complete(.day(today)), 1)
        case "in":
            return (try wordedOffset(words), 3)
        default:
            break
        }
        if let weekday = Self.weekdays[first.folded] {
            // The next such day, today excluded: on a Friday "fri" is a week away.
            let ahead = (weekday - today.weekday + 6) % 7 + 1
            return (.day(today.adding(days: ahead), isISODate: false), 1)
        }
        if first.folded.hasPrefix("+") {
            return (try signedOffset(first), 1)
        }
        if first.folded.hasPrefix("-"), first.folded.dropFirst().first.map(Self.isDigit) == true {
            throw .backwardOffset(first.text)
        }
        if let lead = try isoDateForm(first, whole: whole) {
            return (lead, 1)
        }
        return try wordedDay(words, whole: whole)
    }

    /// Whether the words are shaped like a time of day, valid or not.
    func looksLikeTime(_ words: ArraySlice<Word>) -> Bool {
        do {
            return try clockReading(words, allowingUTCOffset: true) != nil
        } catch {
            return true
        }
    }

    /// The instant a clock reading names on a day: through the wall clock (and
    /// its DST rules) for a local reading, exactly for one with a UTC offset.
    func instant(on day: LocalDay, at reading: ClockReading) -> Date {
        let base: Date
        if let utcOffset = reading.utcOffset {
            base = Date(timeIntervalSince1970: Double(day.daysSinceEpoch * 86_400 + reading.seconds - utcOffset))
        } else {
            base = clock.instant(on: day, secondsIntoDay: reading.seconds)
        }
        return base.addingTimeInterval(reading.fraction)
    }

    /// The wall-clock reading of a local clock reading on `day`; nil for one with a UTC offset.
    static func localReading(_ reading: ClockReading, on day: LocalDay) -> WallReading? {
        guard reading.utcOffset == nil else { return nil }
        return WallReading(day: day, secondsIntoDay: reading.seconds)
    }

    /// Weekday names and abbreviations, 0 for Sunday as in `LocalDay.weekday`.
    static let weekdays: [String: Int] = [
        "sun": 0, "sunday": 0,
        "mon": 1, "monday": 1,
        "tue": 2, "tues": 2, "tuesday": 2,
        "wed": 3, "wednesday": 3,
        "thu": 4, "thur": 4, "thurs": 4, "thursday": 4,
        "fri": 5, "friday": 5,
        "sat": 6, "saturday": 6,
    ]
}

extension WhenParser {
    /// A word of the input: as typed, for messages, and folded to lower case, for matching.
    struct Word {
        let text: String
        let folded: String

        init(_ text: Substring) {
            self.text = String(text)
            // `lowercased()` uses Unicode's default case mapping, never the locale.
            self.folded = text.lowercased()
        }
    }

    /// 0 through 9 only: `Character.isNumber` would also let in other scripts' digits and fractions.
    static func isDigit(_ character: Character) -> Bool {
        ("0"..."9").contains(character)
    }

    /// Whether the text is one or more ASCII digits and nothing else.
    static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy(isDigit)
    }
}
