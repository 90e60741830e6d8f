import FoundationEssentials

/// Reads the instants `DateText.iso8601` writes, "2026-12-01T17:00:00+01:00"
/// and "2026-12-01T16:00:00Z", from their bytes.
///
/// `import` of todo-remind's JSON reads several in each task: made by
/// `ISO8601DateFormatter`, through ICU, each took 30 µs, half of an import
/// of 100,000 tasks. This reads only that one form, strictly: four digits
/// of year, a day that exists, a time up to 23:59:59 without fractions, and
/// `Z` or an offset `±HH:MM` under a day. Anything else is nil, for the
/// caller to read another way (`ISO8601DateFormatter` reads the forms this
/// does the same, as tests check). Days outside `LocalDay`'s supported
/// range are left to it too.
public enum ISOInstant {
    public static func read(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { read(bytes: $0) }
    }

    static func read(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        // YYYY-MM-DDTHH:MM:SS, then Z or ±HH:MM.
        guard bytes.count == 20 || bytes.count == 25,
              bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
              let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
              hour < 24, minute < 60, second < 60,
              let localDay = LocalDay(year: year, month: month, day: day), localDay.isInSupportedRange else { return nil }
        var offset = 0
        if bytes.count == 20 {
            guard bytes[19] == UInt8(ascii: "Z") else { return nil }
        } else {
            let sign = bytes[19]
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), bytes[22] == UInt8(ascii: ":"),
                  let hours = number(bytes, 20, 2), let minutes = number(bytes, 23, 2), hours < 24, minutes < 60 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        }
        let seconds = localDay.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The decimal number of the `count` digits at `start`; nil when one is not a digit.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
