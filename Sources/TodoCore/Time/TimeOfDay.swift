/// A wall-clock time of day ("09:00"), with no day or time zone attached.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    /// Creates the time, or returns nil outside 00:00...23:59.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Seconds from midnight on a day with no clock change.
    public var secondsIntoDay: Int { hour * 3600 + minute * 60 }

    /// "HH:MM", 24-hour.
    public var description: String { LocalDay.pad(hour, 2) + ":" + LocalDay.pad(minute, 2) }

    /// Parses exactly "H:MM" or "HH:MM" (24-hour); nil for any other shape or an impossible time.
    public init?(hhmm text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isWholeNumber } }),
              let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.secondsIntoDay < rhs.secondsIntoDay
    }

    public static let midnight = TimeOfDay(uncheckedHour: 0, minute: 0)
    public static let nine = TimeOfDay(uncheckedHour: 9, minute: 0)

    private init(uncheckedHour hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }
}
