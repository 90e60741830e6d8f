import FoundationEssentials

/// Times of day: `17:00`, `9:30`, `17:00:30`, `5pm`, `5:30 pm`, `noon`, `midnight`,
/// and after an ISO date a UTC offset: `16:00:00Z`, `17:00+01:00`.
extension WhenParser {
    /// A time of day as read, before it is placed on a day.
    struct ClockReading: Hashable {
        /// Whole seconds past midnight on the wall clock.
        var seconds: Int
        /// Fractions of a second, from ISO text such as "16:00:00.250Z".
        var fraction: Double = 0
        /// Seconds east of UTC when the text gave an offset; nil for local time.
        var utcOffset: Int?
    }

    /// The time of day the words spell; nil when they are not shaped like one.
    ///
    /// Takes one word, or two when the second is "am" or "pm" ("5 pm").
    /// - Throws: `WhenError` when the words start like a time but are not a valid one.
    func clockReading(_ words: ArraySlice<Word>, allowingUTCOffset: Bool) throws(WhenError) -> ClockReading? {
        guard let first = words.first else { return nil }
        switch words.count {
        case 1:
            return try clockReading(first, allowingUTCOffset: allowingUTCOffset)
        case 2:
            guard let last = words.last, last.folded == "am" || last.folded == "pm",
                  first.text.first.map(Self.isDigit) == true
            else { return nil }
            return try twelveHourReading(
                Substring(first.text), pm: last.folded == "pm", spelled: "\(first.text) \(last.text)"
            )
        default:
            return nil
        }
    }

    /// The time of day one word spells; nil when it is not shaped like one.
    func clockReading(_ word: Word, allowingUTCOffset: Bool) throws(WhenError) -> ClockReading? {
        switch word.folded {
        case "noon": return ClockReading(seconds: 12 * 3600)
        case "midnight": return ClockReading(seconds: 0)
        default: break
        }
        // A digit followed by only what times are made of is taken as an attempt
        // at a time, so "17" or "17:5" hear how times are written, while
        // "2026/12/01" gets the general message.
        guard word.text.first.map(Self.isDigit) == true,
              word.text.allSatisfy({ Self.isDigit($0) || ":.+-aApPmMzZ".contains($0) })
        else { return nil }
        if word.folded.hasSuffix("am") || word.folded.hasSuffix("pm") {
            return try twelveHourReading(word.text.dropLast(2), pm: word.folded.hasSuffix("pm"), spelled: word.text)
        }
        var local = Substring(word.text)
        var utcOffset: Int?
        if allowingUTCOffset, let (reading, offset) = try splitUTCOffset(word.text) {
            local = reading
            utcOffset = offset
        }
        var reading = try twentyFourHourReading(local)
        reading.utcOffset = utcOffset
        return reading
    }

    /// `5`, `5:30` or `12` before am/pm: hours 1 to 12, minutes optional.
    func twelveHourReading(_ text: Substring, pm: Bool, spelled: String) throws(WhenError) -> ClockReading {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (1...2).contains(parts[0].count),
              parts.count == 1 || parts[1].count == 2,
              parts.allSatisfy(Self.isDigits),
              let hour = Int(parts[0])
        else { throw .malformedTime(spelled) }
        let minute = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        guard (1...12).contains(hour) else { throw .twelveHourOutOfRange(spelled) }
        guard (0...59).contains(minute) else { throw .minuteOutOfRange(spelled) }
        // 12am is midnight and 12pm is noon.
        return ClockReading(seconds: ((hour % 12) + (pm ? 12 : 0)) * 3600 + minute * 60)
    }

    /// `H:MM`, `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fff`, 24-hour.
    func twentyFourHourReading(_ text: Substring) throws(WhenError) -> ClockReading {
        let spelled = String(text)
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), (1...2).contains(parts[0].count), parts[1].count == 2,
              Self.isDigits(parts[0]), Self.isDigits(parts[1]),
              let hour = Int(parts[0]), let minute = Int(parts[1])
        else { throw .malformedTime(spelled) }
        var second = 0
        var fraction = 0.0
        if parts.count == 3 {
            let secondParts = parts[2].split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(secondParts.count), secondParts[0].count == 2,
                  secondParts.allSatisfy(Self.isDigits),
                  let whole = Int(secondParts[0])
            else { throw .malformedTime(spelled) }
            second = whole
            if secondParts.count == 2 {
                // Digits only, so "0." + digits always parses; `Double(_:)` ignores the locale.
                fraction = Double("0." + secondParts[1]) ?? 0
            }
        }
        guard (0...23).contains(hour) else { throw .hourOutOfRange(spelled) }
        guard (0...59).contains(minute) else { throw .minuteOutOfRange(spelled) }
        // A leap second (":60") has no place on a wall clock that counts 86 400 seconds a day.
        guard (0...59).contains(second) else { throw .secondOutOfRange(spelled) }
        return ClockReading(seconds: hour * 3600 + minute * 60 + second, fraction: fraction)
    }

    /// Splits "17:00+01:00" into the local reading and the offset in seconds;
    /// nil when the text has no offset.
    ///
    /// Offsets are `Z`, `+HH:MM`, `+HHMM` or `+HH` (or with `-`), as ISO 8601 allows.
    func splitUTCOffset(_ text: String) throws(WhenError) -> (Substring, Int)? {
        if text.last == "Z" || text.last == "z" {
            return (text.dropLast(), 0)
        }
        guard let sign = text.firstIndex(where: { $0 == "+" || $0 == "-" }) else { return nil }
        let offsetText = text[sign...]
        let body = offsetText.dropFirst()
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        let hoursText: Substring
        let minutesText: Substring
        switch (parts.count, body.count) {
        case (1, 2): (hoursText, minutesText) = (body, "00")
        case (1, 4): (hoursText, minutesText) = (body.prefix(2), body.suffix(2))
        case (2, 5) where parts[0].count == 2: (hoursText, minutesText) = (parts[0], parts[1])
        default: throw .malformedUTCOffset(String(offsetText))
        }
        guard Self.isDigits(hoursText), Self.isDigits(minutesText),
              let hours = Int(hoursText), let minutes = Int(minutesText),
              (0...23).contains(hours), (0...59).contains(minutes)
        else { throw .malformedUTCOffset(String(offsetText)) }
        let magnitude = hours * 3600 + minutes * 60
        return (text[..<sign], text[sign] == "-" ? -magnitude : magnitude)
    }
}
