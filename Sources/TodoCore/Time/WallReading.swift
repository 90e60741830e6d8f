import FoundationEssentials

/// A wall-clock reading with no zone attached ("2027-03-14T02:30:00"): a
/// local day and seconds past its midnight, as typed.
///
/// Kept where the instant it names does not say it back: a reading in a DST
/// gap ("02:30" on a spring-forward night) names the instant an hour later
/// (`WallClock.instant(on:secondsIntoDay:)`), whose own reading is "03:30".
/// A repeating series recurs at the reading typed (RFC 5545 3.3.5, 3.8.5.3),
/// so its anchor is this, not the instant's reading.
public struct WallReading: Hashable, Sendable, Codable, CustomStringConvertible {
    public let day: LocalDay
    public let secondsIntoDay: Int

    /// The reading, or nil for seconds outside the day (0..<86,400).
    public init?(day: LocalDay, secondsIntoDay: Int) {
        guard (0..<86_400).contains(secondsIntoDay) else { return nil }
        self.day = day
        self.secondsIntoDay = secondsIntoDay
    }

    /// The reading of `instant` on `clock`.
    public init(of instant: Date, on clock: WallClock) {
        self.day = clock.day(of: instant)
        self.secondsIntoDay = clock.secondsIntoDay(of: instant)
    }

    /// Whether the reading names `instant` on `clock` (a reading in a gap
    /// names the instant it moves forward to) without being its own reading:
    /// only then does it say more than the instant.
    public func isGapReading(of instant: Date, on clock: WallClock) -> Bool {
        clock.instant(on: day, secondsIntoDay: secondsIntoDay) == instant && WallReading(of: instant, on: clock) != self
    }

    /// Reads "YYYY-MM-DDTHH:MM:SS", as `description` writes it; nil for anything else.
    public init?(iso text: String) {
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count == 2, let day = LocalDay(iso: parts[0]) else { return nil }
        let fields = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3, fields.allSatisfy({ $0.count == 2 && $0.allSatisfy { ("0"..."9").contains($0) } }),
              let hour = Int(fields[0]), let minute = Int(fields[1]), let second = Int(fields[2]),
              (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second)
        else { return nil }
        self.init(day: day, secondsIntoDay: hour * 3600 + minute * 60 + second)
    }

    /// Coded as its text, "2027-03-14T02:30:00".
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let reading = WallReading(iso: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not a reading YYYY-MM-DDTHH:MM:SS.")
        }
        self = reading
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// "2027-03-14T02:30:00".
    public var description: String {
        let seconds = secondsIntoDay
        return "\(day)T" + [seconds / 3600, seconds / 60 % 60, seconds % 60]
            .map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
    }
}
