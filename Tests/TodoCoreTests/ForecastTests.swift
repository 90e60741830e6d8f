import Foundation
import Testing
import TodoCore

private typealias F = CoreFixtures
private typealias D = DigestFixtures

/// `next`, `show` and `list` say what the daemon will do: they read the same
/// rules it fires by, through `TimeRules.forecast` and `nextFiring`.
@Suite("Forecast: reminders as the daemon will show them")
struct ForecastTests {
    static let quiet = QuietHours(start: F.time("22:00"), end: F.time("07:00"))

    static func timeRules(quiet: Bool = false, allowHigh: Bool = false, overdueInDigest: Bool = true) -> TimeRules {
        D.timeRules(ReminderPolicy(overdueInDigest: overdueInDigest, quietHours: quiet ? Self.quiet : nil, quietHoursAllowHigh: allowHigh))
    }

    /// Every own reminder of `tasks` after `instant`, earliest first, as the store would give them.
    static func upcoming(_ tasks: [TodoTask], from instant: Date, _ timeRules: TimeRules) -> [TaskReminder] {
        tasks.flatMap { task in timeRules.reminders(for: task).filter { $0.at > instant }.map { TaskReminder($0, of: task) } }
            .sorted { TimeRules.precedes($0.reminder, $1.reminder) }
    }

    @Test("A reminder inside quiet hours is shown at their end, marked held")
    func heldAtEnd() throws {
        let timeRules = Self.timeRules(quiet: true)
        let now = F.instant("2026-06-15T20:00:00-04:00")
        let task = D.task(1, .medium, due: .time(F.instant("2026-06-15T23:00:00-04:00")))

        let firings = timeRules.forecast(upcoming: Self.upcoming([task], from: now, timeRules), overdueCandidates: [], after: now, limit: 10)

        let first = try #require(firings.first)
        #expect(first.reminder.kind == .atDueTime)
        #expect(first.fire == FireTime(at: F.instant("2026-06-16T07:00:00-04:00"), isHeld: true))
        #expect(timeRules.nextFiring(for: task, after: now) == first)
    }

    @Test("A reminder held since before now still comes at the end of the quiet hours")
    func heldSinceBeforeNow() throws {
        let timeRules = Self.timeRules(quiet: true)
        let now = F.instant("2026-06-16T01:00:00-04:00")
        let task = D.task(1, .medium, due: .time(F.instant("2026-06-15T23:00:00-04:00")))
        let start = timeRules.forecastStart(at: now)
        #expect(start == F.instant("2026-06-15T22:00:00-04:00"))

        let next = try #require(timeRules.nextFiring(for: task, after: now))

        #expect(next.fire == FireTime(at: F.instant("2026-06-16T07:00:00-04:00"), isHeld: true))
        #expect(next.reminder.at == F.instant("2026-06-15T23:00:00-04:00"))
    }

    @Test("With quiet-hours-allow-high, a high-priority reminder is not held")
    func highThrough() throws {
        let timeRules = Self.timeRules(quiet: true, allowHigh: true)
        let now = F.instant("2026-06-15T20:00:00-04:00")
        let task = D.task(1, .high, due: .time(F.instant("2026-06-15T23:00:00-04:00")))

        let next = try #require(timeRules.nextFiring(for: task, after: now))

        #expect(next.fire == FireTime(at: F.instant("2026-06-15T23:00:00-04:00"), isHeld: false))
    }

    @Test("An overdue task's next firing is its daily reminder at the next reminder time, unless overdue-in-digest is off")
    func dailyOverdue() throws {
        let now = F.instant("2026-06-15T12:00:00-04:00")
        let task = D.overdue[0]

        let next = try #require(Self.timeRules().nextFiring(for: task, after: now))
        #expect(next.isDailyOverdue)
        #expect(next.fire.at == F.instant("2026-06-16T09:00:00-04:00"))

        #expect(Self.timeRules(overdueInDigest: false).nextFiring(for: task, after: now) == nil)
    }

    @Test("More tasks than the threshold at one instant are marked as coming in a digest, most urgent first")
    func digestMarked() {
        let timeRules = Self.timeRules()
        let now = F.instant("2026-06-15T08:00:00-04:00")

        let firings = timeRules.forecast(upcoming: Self.upcoming(D.dueToday, from: now, timeRules),
                                         overdueCandidates: D.overdue, after: now, limit: 100)
        let morning = firings.filter { $0.fire.at == D.morning }

        #expect(Set(morning.map(\.task.id)) == [1, 2, 3, 4, 5, 6, 9, 10])
        #expect(morning.allSatisfy { $0.inDigest })
        // Overdue first (6 high, 5 low), then by priority.
        #expect(morning.prefix(2).map(\.task.id) == [6, 5])
        #expect(morning.filter(\.isDailyOverdue).map(\.task.id).sorted() == [5, 6])
        #expect(firings.map(\.fire.at) == firings.map(\.fire.at).sorted())
    }

    @Test("As many tasks as the threshold come a bubble each, not in a digest")
    func noDigest() {
        let timeRules = Self.timeRules()
        let now = F.instant("2026-06-15T08:00:00-04:00")
        let three = Array(D.dueToday.prefix(3))

        let firings = timeRules.forecast(upcoming: Self.upcoming(three, from: now, timeRules), overdueCandidates: [], after: now, limit: 100)

        #expect(firings.filter { $0.fire.at == D.morning }.count == 3)
        #expect(!firings.contains { $0.inDigest })
    }

    @Test("The limit cuts the list after the first firings")
    func limit() {
        let timeRules = Self.timeRules()
        let now = F.instant("2026-06-15T08:00:00-04:00")

        let firings = timeRules.forecast(upcoming: Self.upcoming(D.dueToday, from: now, timeRules),
                                         overdueCandidates: D.overdue, after: now, limit: 2)

        #expect(firings.count == 2)
    }
}
