import FoundationEssentials
import TodoCore

/// A DATE or DATE-TIME value as written (RFC 5545 §3.3.4, §3.3.5), before
/// any zone is applied.
public enum ICalendarTime: Hashable, Sendable {
    /// `VALUE=DATE`, `20261201`: a floating day.
    case day(LocalDay)
    /// `20261201T170000Z`: an instant in UTC.
    case utc(Date)
    /// `20261201T170000` with `TZID=…`: a wall-clock reading in that zone.
    case zoned(LocalDay, secondsIntoDay: Int, tzid: String)
    /// `20261201T170000` with no zone: a wall-clock reading wherever one is.
    case floating(LocalDay, secondsIntoDay: Int)

    /// Reads the value of a DATE or DATE-TIME property line.
    ///
    /// A value of eight digits is a day whatever `VALUE` says, so that a day
    /// can never turn into a time. Returns nil for any other shape.
    public init?(_ line: ContentLine) {
        self.init(value: line.value, tzid: line.parameter("TZID"))
    }

    /// Reads one DATE or DATE-TIME value written with the parameter
    /// `TZID=tzid` (nil for none): one of the values of an RDATE or EXDATE
    /// list, or a whole line's value (`init(_:)`).
    public init?(value text: some StringProtocol, tzid: String?) {
        // Most values have nothing to trim (ASCII, neither space nor tab at
        // either end): trimming through NSString was a tenth of reading a file.
        func isPlain(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 0x20 && byte != 0x09 }
        let bytes = Array(text.utf8)
        let plain = bytes.first.map(isPlain) == true && bytes.last.map(isPlain) == true
        let digits = plain ? bytes : Array(text.trimmingSpaces().utf8)
        func number(_ range: Range<Int>) -> Int? {
            var result = 0
            for index in range {
                guard index < digits.count, (0x30...0x39).contains(digits[index]) else { return nil }
                result = result * 10 + Int(digits[index] - 0x30)
            }
            return result
        }
        guard let year = number(0..<4), let month = number(4..<6), let dayNumber = number(6..<8),
              let day = LocalDay(year: year, month: month, day: dayNumber)
        else { return nil }
        if digits.count == 8 {
            self = .day(day)
            return
        }
        // A DATE-TIME: "T", six digits, and an optional "Z".
        guard digits.count == 15 || (digits.count == 16 && (digits[15] == 0x5A || digits[15] == 0x7A)),
              digits[8] == 0x54 || digits[8] == 0x74,
              let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
              hour < 24, minute < 60, second <= 60
        else { return nil }
        // A leap second (60) is read as the last second of its minute.
        let seconds = hour * 3600 + minute * 60 + min(second, 59)
        if digits.count == 16 {
            self = .utc(Date(timeIntervalSince1970: Double(day.daysSinceEpoch * 86_400 + seconds)))
        } else if let tzid {
            self = .zoned(day, secondsIntoDay: seconds, tzid: tzid)
        } else {
            self = .floating(day, secondsIntoDay: seconds)
        }
    }

    /// `YYYYMMDD`.
    public static func dateText(_ day: LocalDay) -> String {
        pad(day.year, 4) + pad(day.month, 2) + pad(day.day, 2)
    }

    /// `YYYYMMDDTHHMMSS` for a wall-clock reading (no zone suffix).
    public static func dateTimeText(_ day: LocalDay, secondsIntoDay seconds: Int) -> String {
        dateText(day) + "T" + pad(seconds / 3600, 2) + pad(seconds / 60 % 60, 2) + pad(seconds % 60, 2)
    }

    /// `YYYYMMDDTHHMMSSZ`: an instant in UTC, to the second (RFC 5545 has no
    /// fractions; they are dropped, never rounded up into the next second).
    public static func utcText(_ instant: Date) -> String {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        return dateTimeText(LocalDay(daysSinceEpoch: days), secondsIntoDay: seconds - days * 86_400) + "Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
