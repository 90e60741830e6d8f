import Foundation
import TodoCore
import TodoZones

/// Instants and tasks in a fixed time zone, so wordings do not depend on the machine.
enum NotifyFixtures {
    static let timeZone = Zone(identifier: "Europe/Paris")!
    static let clock = WallClock(timeZone: timeZone)
    static let timeRules = TimeRules(clock: clock)

    /// Resources/todo-remind.svg in this checkout.
    static let iconPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/todo-remind.svg").path

    /// How long `body` took.
    static func time<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
        let start = ContinuousClock.now
        let value = try body()
        return (value, ContinuousClock.now - start)
    }

    /// "2026-11-25 09:00" in Paris; "2026-11-25 09:00:45" with seconds.
    static func at(_ text: String) -> Date {
        let parts = text.split(separator: " ")
        let day = LocalDay(iso: parts[0])!
        let clockParts = parts[1].split(separator: ":").map { Int($0)! }
        let time = TimeOfDay(hour: clockParts[0], minute: clockParts[1])!
        let seconds = clockParts.count > 2 ? clockParts[2] : 0
        return clock.instant(on: day, at: time).addingTimeInterval(TimeInterval(seconds))
    }

    static func day(_ iso: String) -> LocalDay {
        LocalDay(iso: iso)!
    }

    static func task(
        id: Int64 = 1,
        title: String = "Pay rent",
        notes: String? = nil,
        priority: Priority = .medium,
        due: Due?
    ) -> TodoTask {
        TodoTask(id: id, title: title, notes: notes, priority: priority, due: due, createdAt: at("2026-11-01 12:00"))
    }
}
