import FoundationEssentials

/// A time zone: its name and the UTC offsets it has had and will have.
///
/// todo-remind reads zones itself rather than through Foundation's
/// `TimeZone`: on Linux, FoundationEssentials knows only fixed offsets, and
/// the named zones come with FoundationInternationalization, which carries
/// ICU's data (tens of megabytes) into every binary. The rules come from the
/// system's zoneinfo files (`ZoneDirectory` in TodoZones), the same ones the
/// C library and Python's `zoneinfo` read, or from a POSIX `TZ` rule.
public struct Zone: Hashable, Sendable, CustomStringConvertible {
    /// The name: `Europe/Berlin`, `UTC`, or the `TZ` rule it was read from.
    public let identifier: String
    let rules: ZoneRules

    /// The largest zoneinfo file read; the system's are a few kilobytes.
    public static let maximumZoneinfoSize = 1 << 20

    /// Coordinated Universal Time.
    public static let utc = Zone(identifier: "UTC", fixedOffset: 0)

    /// A zone that keeps one offset (seconds east of UTC) for ever.
    public init(identifier: String, fixedOffset: Int) {
        self.identifier = identifier
        rules = ZoneRules(transitions: [], offsets: [], initialOffset: fixedOffset, footer: nil)
    }

    /// The zone a POSIX `TZ` rule describes (`JST-9`, `CET-1CEST,M3.5.0,M10.5.0/3`).
    public init(identifier: String, rule: PosixZoneRule) {
        self.identifier = identifier
        rules = ZoneRules(transitions: [], offsets: [], initialOffset: rule.standardOffset, footer: rule)
    }

    /// The zone the bytes of a zoneinfo file describe (RFC 8536); nil when
    /// they are not one.
    public init?(identifier: String, zoneinfo bytes: some Collection<UInt8>) {
        guard let rules = ZoneRules(zoneinfo: Array(bytes)) else { return nil }
        self.identifier = identifier
        self.rules = rules
    }

    /// Seconds east of UTC in force at `seconds` past 1970 (UTC).
    public func offset(atUTC seconds: Int) -> Int {
        rules.offset(atUTC: seconds)
    }

    /// Seconds east of UTC in force at `instant`.
    public func offset(at instant: Date) -> Int {
        rules.offset(atUTC: Int(instant.timeIntervalSince1970.rounded(.down)))
    }

    public var description: String { identifier }
}
