import Foundation
import Testing
import TodoCalendar
import TodoCore
import TodoZones

/// The `.ics` files in `Fixtures/`, read from the source tree.
///
/// Each is written after the RFC's example or a client's documented output
/// (see `Fixtures/README.md`).
enum CalendarFixture {
    /// The fixtures that hold a task, for tests that run over all of them.
    static let tasks = [
        "rfc5545.ics", "thunderbird.ics", "tasksorg.ics", "todoman.ics",
        "nextcloud.ics", "evolution.ics", "handwritten-lf.ics",
        "thunderbird-recurring.ics", "tasksorg-snoozed.ics", "evolution-start.ics",
        "rfc9074.ics", "apple.ics", "malformed-alarms.ics", "thunderbird-occurrence-done.ics",
        "tasksorg-parent.ics", "tasksorg-child.ics", "nextcloud-parent.ics", "nextcloud-child.ics",
        "jtx-parent.ics", "jtx-child.ics", "thunderbird-child.ics", "todoman-start.ics",
    ]

    /// Floating times in the fixtures are read in this zone.
    static let localZone = zone("America/New_York")

    static func bytes(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name)
        return try [UInt8](Data(contentsOf: url))
    }

    /// The task a fixture holds.
    static func item(_ name: String) throws -> VTodo {
        try item(bytes(name), file: name)
    }

    /// The task of a file's bytes.
    static func item(_ bytes: [UInt8], file: String = "test.ics") throws -> VTodo {
        guard case .todo(let item) = try FolderItem.read(bytes, file: file, localZone: localZone) else {
            Issue.record("\(file) holds no task")
            throw FixtureError.notATask
        }
        return item
    }

    static func zone(_ identifier: String) -> Zone {
        Zone(identifier: identifier) ?? .utc
    }

    /// An instant from "2026-12-01T16:00:00Z".
    static func instant(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    /// The raw lines of a file, each as text (line ending included).
    static func lines(_ bytes: [UInt8]) -> [String] {
        ICalendarDocument(bytes: bytes).lines.map { String(decoding: $0.raw, as: UTF8.self) }
    }

    enum FixtureError: Error { case notATask }
}
