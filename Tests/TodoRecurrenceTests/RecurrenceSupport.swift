import Foundation
import TodoCore
import TodoRecurrence
import TodoZones

/// Values the recurrence tests build over and over, spelled so a table reads like plain prose.
enum Given {
    static func zone(_ identifier: String) -> Zone {
        Zone(identifier: identifier)!
    }

    static func day(_ iso: String) -> LocalDay {
        LocalDay(iso: iso)!
    }

    /// A timed start: "2026-11-16 09:00" read in `zone`.
    static func start(_ text: String, _ zoneID: String) -> RecurrenceStart {
        let parts = text.split(separator: " ")
        return .time(day(String(parts[0])), TimeOfDay(hhmm: parts[1])!, zone: zone(zoneID))
    }

    /// An exact instant with its UTC offset ("2027-03-14T03:30:00-04:00"),
    /// parsed by Foundation rather than by the code under test.
    static func instant(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)!
    }

    static func recurrence(_ rule: String, from start: RecurrenceStart) throws -> Recurrence {
        try Recurrence(rule: RepeatRule(parsing: rule), start: start)
    }
}
