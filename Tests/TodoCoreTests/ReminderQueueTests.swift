import Foundation
import TestSupport
import Testing
import TodoCore

private typealias F = CoreFixtures

/// Counts how many elements a consumer pulled from a sequence.
final class PullCounter {
    var pulled = 0
}

@Suite("ReminderQueue")
struct ReminderQueueTests {
    static let now = F.instant("2026-06-15T10:17:23Z")

    /// Tasks due within ±60 days of `now`, by day or at a time (half of those on whole
    /// minutes, as people type them), some completed, some with the reminder off, some
    /// with no due date.
    static func generatedTasks(count: Int, around now: Date, seed: UInt64) -> [TodoTask] {
        var random = SeededGenerator(seed: seed)
        let today = WallClock(timeZone: F.zone("UTC")).day(of: now)
        return (1...count).map { index in
            let due: Due?
            switch Int.random(in: 0..<20, using: &random) {
            case 0:
                due = nil
            case 1...9:
                due = .day(today.adding(days: Int.random(in: -60...60, using: &random)))
            default:
                var seconds = Int.random(in: -60 * 86_400...60 * 86_400, using: &random)
                if Bool.random(using: &random) { seconds -= seconds % 60 }
                due = .time(now.addingTimeInterval(Double(seconds)))
            }
            let completed = Int.random(in: 0..<10, using: &random) == 0
            let reminderOn = Int.random(in: 0..<8, using: &random) != 0
            return TodoTask(
                id: Int64(index),
                title: "Task \(index)",
                due: due,
                completedAt: completed ? now : nil,
                createdAt: now,
                reminderOn: reminderOn
            )
        }
    }

    /// What the store's index scan yields: tasks with a due date, by sort key, then id.
    static func sortedBySortKey(_ tasks: [TodoTask]) -> [TodoTask] {
        tasks.filter { $0.due != nil }.sorted {
            ($0.due!.sortKey, $0.id) < ($1.due!.sortKey, $1.id)
        }
    }

    /// The specification: every reminder of every task strictly after `now`, earliest
    /// first (ties by task id, morning before at-due-time), the first `limit`.
    static func bruteForce(_ tasks: [TodoTask], timeRules: TimeRules, after now: Date, limit: Int) -> [Reminder] {
        let all = tasks.flatMap { timeRules.reminders(for: $0) }.filter { $0.at > now }
        return Array(all.sorted {
            ($0.at, $0.taskID ?? 0, $0.kind == .morning ? 0 : 1) < ($1.at, $1.taskID ?? 0, $1.kind == .morning ? 0 : 1)
        }.prefix(limit))
    }

    static let zones = ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/New_York"]
    static let limits = [1, 5, 20, 1000]

    @Test("Fed from the index, it finds exactly the first K reminders brute force finds, reading only what it needs",
          arguments: ReminderQueueTests.zones, ReminderQueueTests.limits)
    func matchesBruteForce(zone: String, limit: Int) {
        // Given a few thousand tasks around now, and two nows: an arbitrary one, and 09:00 local
        // (the instant of many morning reminders, which must not count as "after now")
        let tasks = Self.generatedTasks(count: 3000, around: Self.now, seed: 0x70D0_0001)
        let timeRules = F.timeRules(zone)
        let sorted = Self.sortedBySortKey(tasks)
        let nineToday = timeRules.clock.instant(on: timeRules.clock.day(of: Self.now), at: .nine)
        for now in [Self.now, nineToday] {
            let expected = Self.bruteForce(tasks, timeRules: timeRules, after: now, limit: limit)
            #expect(expected.count == limit)

            // When it is fed the index range from its lowest sort key, counting what it takes
            var queue = ReminderQueue(timeRules: timeRules, after: now, limit: limit)
            let scanned = sorted.filter { $0.due!.sortKey >= queue.lowestSortKey }
            let counter = PullCounter()
            queue.offer(sortedTasks: scanned.lazy.map { task in
                counter.pulled += 1
                return task
            })

            // Then it has the same reminders in the same order
            #expect(queue.reminders == expected, "now \(now)")
            #expect(queue.reminders.allSatisfy { $0.at > now })
            // and for a small K it stopped long before the end of the range
            if limit <= 20 {
                #expect(counter.pulled < scanned.count / 4, "pulled \(counter.pulled) of \(scanned.count)")
            }
            #expect(counter.pulled >= 1)
        }
    }

    @Test("Fed every task from the oldest, it finds the same reminders as from the index range",
          arguments: ReminderQueueTests.zones, [1, 20])
    func fromTheOldest(zone: String, limit: Int) {
        let tasks = Self.generatedTasks(count: 2000, around: Self.now, seed: 0x70D0_0002)
        let timeRules = F.timeRules(zone)
        var queue = ReminderQueue(timeRules: timeRules, after: Self.now, limit: limit)
        queue.offer(sortedTasks: Self.sortedBySortKey(tasks))
        #expect(queue.reminders == Self.bruteForce(tasks, timeRules: timeRules, after: Self.now, limit: limit))
    }

    @Test("Offered one by one in any order, it keeps the first K", arguments: ReminderQueueTests.limits)
    func anyOrder(limit: Int) {
        var random = SeededGenerator(seed: 0x70D0_0003)
        let tasks = Self.generatedTasks(count: 3000, around: Self.now, seed: 0x70D0_0003).shuffled(using: &random)
        let timeRules = F.timeRules("America/New_York")
        var queue = ReminderQueue(timeRules: timeRules, after: Self.now, limit: limit)
        for task in tasks { queue.offer(task) }
        #expect(queue.reminders == Self.bruteForce(tasks, timeRules: timeRules, after: Self.now, limit: limit))
    }

    @Test("With most tasks far in the future, it reads about one batch past the first reminder")
    func stopsEarly() {
        // Given a task due each day for the next 2000 days
        let timeRules = F.timeRules("UTC")
        let today = timeRules.clock.day(of: Self.now)
        let tasks = (1...2000).map { F.task(Int64($0), due: .day(today.adding(days: $0))) }
        let counter = PullCounter()
        // When the first reminder is asked for
        var queue = ReminderQueue(timeRules: timeRules, after: Self.now, limit: 1)
        queue.offer(sortedTasks: tasks.lazy.map { task in
            counter.pulled += 1
            return task
        })
        // Then it is tomorrow's, and the queue read a few dozen tasks, not 2000
        #expect(queue.reminders == [Reminder(taskID: 1, kind: .morning, occurrence: .day(today.adding(days: 1)), at: F.instant("2026-06-16T09:00:00Z"))])
        #expect(counter.pulled < 100)
    }

    @Test("Reminders at the same instant are ordered by task id")
    func tiesByTaskID() {
        let timeRules = F.timeRules("UTC")
        let tasks = [5, 3, 9, 1].map { F.task(Int64($0), due: .day(F.day("2026-06-20"))) }
        var queue = ReminderQueue(timeRules: timeRules, after: Self.now, limit: 3)
        for task in tasks { queue.offer(task) }
        #expect(queue.reminders.map(\.taskID) == [1, 3, 5])
        #expect(Set(queue.reminders.map(\.at)) == [F.instant("2026-06-20T09:00:00Z")])
    }

    @Test("Only reminders strictly after now count, and a task's passed reminders are skipped")
    func strictlyAfterNow() {
        let timeRules = F.timeRules("UTC")
        // Morning at 09:00 today is exactly now; the at-due-time one is at 17:00.
        let now = F.instant("2026-06-16T09:00:00Z")
        let timed = F.task(1, due: .time(F.instant("2026-06-16T17:00:00Z")))
        let day = F.task(2, due: .day(F.day("2026-06-16")))
        var queue = ReminderQueue(timeRules: timeRules, after: now, limit: 10)
        queue.offer(sortedTasks: ReminderQueueTests.sortedBySortKey([timed, day]))
        #expect(queue.reminders == [Reminder(taskID: 1, kind: .atDueTime, occurrence: .at(F.instant("2026-06-16T17:00:00Z")), at: F.instant("2026-06-16T17:00:00Z"))])
    }

    @Test("Completed tasks, tasks with the reminder off, and tasks without a due date add nothing")
    func ignoresTasksWithoutReminders() {
        let timeRules = F.timeRules("UTC")
        let due = Due.day(F.day("2026-06-20"))
        var queue = ReminderQueue(timeRules: timeRules, after: Self.now, limit: 10)
        queue.offer(sortedTasks: [
            F.task(1, due: nil),
            F.task(2, due: due, completed: true),
            F.task(3, due: due, reminderOn: false),
            F.task(4, due: due),
        ])
        #expect(queue.reminders.map(\.taskID) == [4])
    }

    @Test("A limit of zero (or less) wants nothing and finds nothing", arguments: [0, -3])
    func zeroLimit(limit: Int) {
        let timeRules = F.timeRules("UTC")
        var queue = ReminderQueue(timeRules: timeRules, after: Self.now, limit: limit)
        #expect(queue.limit == 0)
        #expect(!queue.wantsTask(withSortKey: queue.lowestSortKey))
        queue.offer(F.task(1, due: .day(F.day("2026-06-20"))))
        #expect(queue.reminders.isEmpty)
    }

    @Test("Before it has K reminders it wants every task, however far")
    func wantsEverythingUntilFull() {
        let queue = ReminderQueue(timeRules: F.timeRules("UTC"), after: Self.now, limit: 5)
        #expect(queue.wantsTask(withSortKey: .greatestFiniteMagnitude))
        #expect(queue.lowestSortKey == Self.now.timeIntervalSince1970 - Due.sortKeyZoneSlack)
    }

    @Test("A day due's sort key is within the zone slack of its due instant in every zone", arguments: [
        "Pacific/Kiritimati", "Pacific/Pago_Pago", "Pacific/Chatham", "America/New_York", "Asia/Kolkata", "UTC",
    ])
    func sortKeySlack(zone: String) {
        let timeRules = F.timeRules(zone)
        for offset in -400...400 {
            let due = Due.day(F.day("2026-06-15").adding(days: offset))
            let distance = abs(timeRules.dueInstant(of: due).timeIntervalSince1970 - due.sortKey)
            #expect(distance <= Due.sortKeyZoneSlack)
        }
        let instant = F.instant("2026-06-15T21:00:00Z")
        #expect(Due.time(instant).sortKey == instant.timeIntervalSince1970)
    }

    @Test("No reminder comes earlier than the maximum lead time before its due instant")
    func leadTimeBound() {
        for zone in ["America/New_York", "Australia/Lord_Howe", "Pacific/Chatham", "Pacific/Kiritimati"] {
            for reminderTime in ["00:00", "09:00", "23:59"].map(F.time) {
                let timeRules = F.timeRules(zone, policy: ReminderPolicy(reminderTime: reminderTime))
                let tasks = Self.generatedTasks(count: 500, around: Self.now, seed: 0x70D0_0004)
                for task in tasks {
                    for reminder in timeRules.reminders(for: task) {
                        let lead = timeRules.dueInstant(of: task.due!).timeIntervalSince(reminder.at)
                        #expect(lead >= 0 && lead <= TimeRules.maximumLeadTime, "\(task) in \(zone)")
                    }
                }
            }
        }
    }
}
