/// A calendar day with no time zone attached ("2026-12-01"): a floating date.
///
/// Days are kept as plain proleptic Gregorian year, month and day so that
/// arithmetic on them (the day before, the next Friday) never goes through a
/// time zone, and converting many of them stays cheap.
public struct LocalDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The first day a date may be: before 1900 many zones were on local
    /// mean time, whose offsets have seconds that ISO 8601 cannot write.
    public static let earliest = LocalDay(uncheckedYear: 1900, month: 1, day: 1)
    /// The last day a date may be: the day after it, when a task due on it
    /// falls due, must still have a four-digit year.
    public static let latest = LocalDay(uncheckedYear: 9999, month: 12, day: 30)

    /// Whether the day lies in `earliest...latest`, the days a task may be due on.
    public var isInSupportedRange: Bool { (Self.earliest...Self.latest).contains(self) }

    private init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates the day, or returns nil when it does not exist (February 30th).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...LocalDay.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day a number of days after 1970-01-01 (negative: before it).
    public init(daysSinceEpoch: Int) {
        // Howard Hinnant's civil-from-days algorithm.
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        self.month = month
        self.day = day
    }

    /// Days from 1970-01-01 to this day.
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days-from-civil algorithm.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> LocalDay {
        LocalDay(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// The day of the week, 0 for Sunday through 6 for Saturday.
    public var weekday: Int {
        let days = daysSinceEpoch
        // 1970-01-01 was a Thursday (4).
        return ((days % 7) + 7 + 4) % 7
    }

    /// ISO 8601 form, "2026-12-01".
    public var description: String {
        String(unsafeUninitializedCapacity: Self.isoCapacity) { buffer in
            var writer = ASCIIWriter(buffer)
            write(into: &writer)
            return writer.count
        }
    }

    /// The most bytes `write(into:)` writes: a year of any `Int`, padded
    /// month and day. Days of tasks take 10.
    public static let isoCapacity = 26

    /// Writes `description` as ASCII: for long outputs, which would
    /// otherwise make a `String` of every day they hold.
    public func write(into writer: inout ASCIIWriter) {
        writer.padded(year, width: 4)
        writer.byte(UInt8(ascii: "-"))
        writer.padded(month, width: 2)
        writer.byte(UInt8(ascii: "-"))
        writer.padded(day, width: 2)
    }

    /// Parses exactly "YYYY-MM-DD"; nil for any other shape or for a day that does not exist.
    ///
    /// Reads the UTF-8 bytes directly: the store turns up to 100,000 of these
    /// into days for one `list`, and splitting into substrings dominated that.
    public init?(iso text: some StringProtocol) {
        var utf8 = String(text)
        let fields = utf8.withUTF8 { bytes -> (year: Int, month: Int, day: Int)? in
            let dash = UInt8(ascii: "-")
            guard bytes.count == 10, bytes[4] == dash, bytes[7] == dash else { return nil }
            var fields = (year: 0, month: 0, day: 0)
            for (index, byte) in bytes.enumerated() where index != 4 && index != 7 {
                let digit = Int(byte) - Int(UInt8(ascii: "0"))
                guard (0...9).contains(digit) else { return nil }
                switch index {
                case 0..<4: fields.year = fields.year * 10 + digit
                case 5..<7: fields.month = fields.month * 10 + digit
                default: fields.day = fields.day * 10 + digit
                }
            }
            return fields
        }
        guard let fields else { return nil }
        self.init(year: fields.year, month: fields.month, day: fields.day)
    }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The number of days in a month of a year (leap years included).
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }

    /// "00" to "99": times and dates are written by the hundred thousand in a
    /// long list, and a table costs less than formatting each number.
    private static let twoDigits: [String] = (0..<100).map { $0 < 10 ? "0\($0)" : String($0) }

    static func pad(_ value: Int, _ width: Int) -> String {
        if width == 2, value >= 0, value < 100 { return twoDigits[value] }
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
