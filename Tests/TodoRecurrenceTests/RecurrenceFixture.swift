import Foundation
import Testing
import TodoCore
import TodoRecurrence
import TodoZones

/// One rule expanded from one start by python-dateutil
/// (`scripts/recurrence-fixtures.py`), read from `Fixtures/recurrence.json`.
struct RecurrenceFixture: Decodable, Sendable, CustomTestStringConvertible {
    let rule: String
    let zone: String
    /// "2027-03-13T02:30" (a wall-clock time in `zone`) or "2028-02-29" (a day).
    let start: String
    let occurrences: [Occurrence]

    /// A day ("2028-02-29") or an instant in seconds since 1970.
    enum Occurrence: Decodable, Hashable, Sendable, CustomStringConvertible {
        case day(String)
        case instant(Int)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Int.self) {
                self = .instant(seconds)
            } else {
                self = .day(try container.decode(String.self))
            }
        }

        init(_ due: Due) {
            switch due {
            case .day(let day): self = .day(day.description)
            case .time(let instant): self = .instant(Int(instant.timeIntervalSince1970))
            }
        }

        /// Whether it comes after `other`: a later day, or a later instant.
        func isLater(than other: Occurrence) -> Bool {
            switch (self, other) {
            case (.day(let day), .day(let otherDay)): day > otherDay
            case (.instant(let seconds), .instant(let otherSeconds)): seconds > otherSeconds
            default: false
            }
        }

        /// The occurrence as a due, as the engine gives it.
        var due: Due {
            switch self {
            case .day(let day): .day(LocalDay(iso: day) ?? LocalDay(daysSinceEpoch: 0))
            case .instant(let seconds): .time(Date(timeIntervalSince1970: Double(seconds)))
            }
        }

        var description: String {
            switch self {
            case .day(let day): day
            case .instant(let seconds): ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(seconds)))
            }
        }
    }

    var testDescription: String { "\(rule) from \(start) \(zone)" }

    /// The start as the engine takes it.
    var recurrenceStart: RecurrenceStart {
        get throws {
            let parts = start.split(separator: "T")
            let day = try #require(LocalDay(iso: parts[0]))
            guard parts.count == 2 else { return .day(day) }
            let time = try #require(TimeOfDay(hhmm: parts[1]))
            return .time(day, time, zone: try #require(Zone(identifier: zone)))
        }
    }

    struct Document: Decodable {
        let rules: Int
        let cases: [RecurrenceFixture]
    }

    /// The fixture file, or nil when it cannot be read (a test then says so).
    static let document: Document? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/recurrence.json")
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(Document.self, from: data)
    }()

    static var all: [RecurrenceFixture] { document?.cases ?? [] }
}
