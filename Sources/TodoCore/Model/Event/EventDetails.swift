import FoundationEssentials

/// What one VEVENT says of its occurrences besides when they are: what a
/// bubble and the agenda show, whether they fire, and their alarms. A
/// master VEVENT gives its occurrences its details; an override (a VEVENT
/// with a RECURRENCE-ID) gives its one occurrence its own.
public struct EventDetails: Hashable, Sendable, Codable {
    /// `SUMMARY`, unescaped.
    public var summary: String?
    /// `LOCATION`, unescaped.
    public var location: String?
    /// `STATUS:CANCELLED`: never fires.
    public var isCancelled: Bool
    /// `PRIORITY` as written, 0 (none) to 9: the priority quiet hours weigh.
    public var priorityValue: Int
    /// Each ATTENDEE's address (`mailto:` dropped, lower-cased) and its
    /// `PARTSTAT`, upper-cased: an occurrence the user declined never fires
    /// (`declines(for:)`).
    public var attendance: [String: String]
    /// The alarms that fire as bubbles, in file order.
    public var alarms: [EventAlarm]

    public init(
        summary: String? = nil, location: String? = nil, isCancelled: Bool = false, priorityValue: Int = 0,
        attendance: [String: String] = [:], alarms: [EventAlarm] = []
    ) {
        self.summary = summary
        self.location = location
        self.isCancelled = isCancelled
        self.priorityValue = priorityValue
        self.attendance = attendance
        self.alarms = alarms
    }

    /// Whether one of `addresses` (the user's, `my-addresses`) is an
    /// attendee who declined (`PARTSTAT=DECLINED`).
    public func isDeclined(by addresses: Set<String>) -> Bool {
        addresses.contains { attendance[$0] == "DECLINED" }
    }

    /// The priority by RFC 5545's bands: 1–4 high, 6–9 low, else medium.
    public var priority: Priority {
        switch priorityValue {
        case 1...4: .high
        case 6...9: .low
        default: .medium
        }
    }

    /// An address as `attendance` keys it: `mailto:` dropped, lower-cased.
    public static func address(_ text: String) -> String {
        var value = text.trimmingSpaces()
        if value.lowercased().hasPrefix("mailto:") { value.removeFirst("mailto:".count) }
        return value.lowercased()
    }
}
