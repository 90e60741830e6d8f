import FoundationEssentials

/// Words for instants and days as a person reads them, relative to `now`.
///
/// English, 24-hour, and independent of the process locale so that output is
/// the same on every machine (and testable).
public struct DateText: Sendable {
    public let clock: WallClock
    public let now: Date

    public init(clock: WallClock, now: Date) {
        self.clock = clock
        self.now = now
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "today", "tomorrow", "yesterday", or "Tue 1 Dec" (with the year when it is not this year's).
    public func day(_ day: LocalDay) -> String {
        let today = clock.day(of: now)
        switch day.daysSinceEpoch - today.daysSinceEpoch {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        default:
            var text = Self.weekdays[day.weekday] + " " + String(day.day) + " " + Self.months[day.month - 1]
            if day.year != today.year { text += " " + String(day.year) }
            return text
        }
    }

    /// "today 17:00", "Tue 1 Dec 09:00".
    public func instant(_ instant: Date) -> String {
        day(clock.day(of: instant)) + " " + clock.timeOfDay(of: instant).description
    }

    /// A due date in absolute words: "Tue 1 Dec" or "today 17:00".
    public func due(_ due: Due) -> String {
        switch due {
        case .day(let day): return self.day(day)
        case .time(let time): return instant(time)
        }
    }

    /// How far a due date is from now: "in 3 days", "in 2 h", "5 min ago", "today".
    public func relative(_ due: Due) -> String {
        switch due {
        case .day(let day):
            let days = day.daysSinceEpoch - clock.day(of: now).daysSinceEpoch
            switch days {
            case 0: return "today"
            case 1: return "tomorrow"
            case -1: return "yesterday"
            case 2...: return "in \(days) days"
            default: return "\(-days) days ago"
            }
        case .time(let time):
            return relative(time)
        }
    }

    /// How far an instant is from now: "in 45 min", "in 1 h 30 min", "3 h ago",
    /// "in 2 days", "now".
    ///
    /// Under 48 hours it counts minutes, rounded to the nearest, so an instant
    /// made by adding a length to now reads as that length. Beyond, it counts
    /// local days, as `relative(_: Due)` does for a day: a task due on Friday
    /// at 17:00 and one due on Friday are the same number of days away, and a
    /// week that crosses a daylight-saving change is still 7 days.
    public func relative(_ instant: Date) -> String {
        let seconds = instant.timeIntervalSince(now)
        let minutes = Int((abs(seconds) / 60).rounded())
        let amount: String
        if minutes == 0 {
            return "now"
        } else if minutes < 60 {
            amount = "\(minutes) min"
        } else if minutes < 48 * 60 {
            amount = minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
        } else {
            let days = abs(clock.day(of: instant).daysSinceEpoch - clock.day(of: now).daysSinceEpoch)
            amount = "\(days) days"
        }
        return seconds > 0 ? "in \(amount)" : "\(amount) ago"
    }

    /// ISO 8601 with the local offset: "2026-12-01T17:00:00+01:00".
    public func iso8601(_ instant: Date) -> String {
        Self.iso8601(instant, clock: clock)
    }

    /// ISO 8601 with the offset `clock`'s zone has at `instant`.
    ///
    /// An offset with seconds (local mean time, as Monrovia kept until 1972)
    /// has no ISO 8601 form: the instant is then written in UTC.
    public static func iso8601(_ instant: Date, clock: WallClock) -> String {
        String(unsafeUninitializedCapacity: iso8601Capacity) { buffer in
            var writer = ASCIIWriter(buffer)
            iso8601(instant, clock: clock, into: &writer)
            return writer.count
        }
    }

    /// The most bytes `iso8601(_:clock:into:)` writes.
    public static let iso8601Capacity = LocalDay.isoCapacity + 16

    /// Writes `iso8601(_:clock:)` as ASCII: for long outputs (`export`),
    /// which would otherwise make a `String` of every instant they hold.
    public static func iso8601(_ instant: Date, clock: WallClock, into writer: inout ASCIIWriter) {
        let offset = clock.offset(at: instant)
        if offset % 60 != 0 { return iso8601(instant, clock: WallClock(timeZone: .utc), into: &writer) }
        let seconds = clock.secondsIntoDay(of: instant)
        clock.day(of: instant).write(into: &writer)
        writer.byte(UInt8(ascii: "T"))
        writer.padded(seconds / 3600, width: 2)
        writer.byte(UInt8(ascii: ":"))
        writer.padded((seconds % 3600) / 60, width: 2)
        writer.byte(UInt8(ascii: ":"))
        writer.padded(seconds % 60, width: 2)
        if offset == 0 {
            writer.byte(UInt8(ascii: "Z"))
        } else {
            writer.byte(UInt8(ascii: offset < 0 ? "-" : "+"))
            let minutes = abs(offset) / 60
            writer.padded(minutes / 60, width: 2)
            writer.byte(UInt8(ascii: ":"))
            writer.padded(minutes % 60, width: 2)
        }
    }
}
