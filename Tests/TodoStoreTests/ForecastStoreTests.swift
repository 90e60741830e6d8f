import Foundation
import TestSupport
import Testing
import TodoCore
import TodoStore
import TodoZones

/// `next`'s forecast as the store reads it: the most urgent overdue tasks a
/// priority at a time, and the coming occurrences of repeating tasks only as
/// far as the list reaches.
@Suite("Forecast from the store")
struct ForecastStoreTests {
    static let berlin = Zone(identifier: "Europe/Berlin") ?? .utc
    static let clock = WallClock(timeZone: berlin)
    static let today = LocalDay(year: 2026, month: 11, day: 24) ?? LocalDay(daysSinceEpoch: 0)

    static func at(_ day: LocalDay, _ hour: Int, _ minute: Int) -> Date {
        clock.instant(on: day, secondsIntoDay: hour * 3600 + minute * 60)
    }

    @Test("Before the morning, the daily reminders of overdue tasks list the most urgent first: high, then medium, each earliest due first")
    func mostUrgentOverdueFirst() throws {
        // Given 30 low and 30 medium tasks overdue, and three high ones
        let folder = try TemporaryFolder()
        let store = try TaskStore(path: folder.file("tasks.sqlite"))
        let now = Self.at(Self.today, 8, 50)
        var drafts: [TaskDraft] = []
        for number in 1...30 {
            drafts.append(try TaskDraft(title: "Low \(number)", priority: .low, due: .day(Self.today.adding(days: -3))))
            drafts.append(try TaskDraft(title: "Medium \(number)", priority: .medium, due: .day(Self.today.adding(days: -2))))
        }
        for (title, daysAgo) in [("High A", 4), ("High B", 1), ("High C", 2)] {
            drafts.append(try TaskDraft(title: title, priority: .high, due: .day(Self.today.adding(days: -daysAgo))))
        }
        _ = try store.importTasks(drafts, now: now.addingTimeInterval(-7 * 86_400))

        // When next lists five at 08:50
        let firings = try store.forecast(timeRules: TimeRules(clock: Self.clock), after: now, limit: 5)

        // Then they are the 09:00 digest's first five, most urgent first
        #expect(firings.map(\.task.title) == ["High A", "High C", "High B", "Medium 1", "Medium 2"])
        #expect(firings.allSatisfy { $0.fire.at == Self.at(Self.today, 9, 0) && $0.isDailyOverdue && $0.inDigest })
    }

    @Test("A repeating task's coming occurrences are listed as far as the list reaches: not past a full list's last reminder, and a month on for a short list")
    func laterOccurrencesUpToTheList() throws {
        // Given at 23:30 a daily day series due today, a daily series due
        // tomorrow at 07:01, and 25 tasks due tomorrow from 07:00 on
        let folder = try TemporaryFolder()
        let store = try TaskStore(path: folder.file("tasks.sqlite"))
        let now = Self.at(Self.today, 23, 30)
        let tomorrow = Self.today.adding(days: 1)
        var stretch = try TaskDraft(title: "Stretch", due: .day(Self.today))
        stretch.repeating = TaskRepeat(rule: "FREQ=DAILY", zone: nil, start: .day(Self.today.adding(days: -400)))
        let waterDue = Self.at(tomorrow, 7, 1)
        var water = try TaskDraft(title: "Water", due: .time(waterDue))
        water.repeating = TaskRepeat(rule: "FREQ=DAILY", zone: Self.berlin.identifier, start: .time(Self.at(tomorrow.adding(days: -400), 7, 1)))
        let others = try (0..<25).map { try TaskDraft(title: "Task \($0)", due: .time(Self.at(tomorrow, 7, 2 * $0))) }
        _ = try store.importTasks([stretch, water] + others, now: now.addingTimeInterval(-3600))
        let timeRules = TimeRules(clock: Self.clock)

        // When next lists 20, which end tomorrow before 07:40, nothing of a
        // coming occurrence is among them (the next ones are reminded later);
        let full = try store.forecast(timeRules: timeRules, after: now, limit: 20)
        #expect(full.count == 20)
        #expect(!full.contains { $0.isLaterOccurrence }, "\(full.map(\.task.title))")
        #expect(full.last.map { $0.fire.at < Self.at(tomorrow, 7, 40) } == true)

        // and when it lists 60, more than there are, each series' coming
        // occurrences are there, each reminded as if the one before is done.
        let short = try store.forecast(timeRules: timeRules, after: now, limit: 60)
        let later = short.filter(\.isLaterOccurrence)
        #expect(later.contains { $0.task.title == "Stretch" && $0.task.due == .day(tomorrow) && $0.fire.at == Self.at(tomorrow, 9, 0) })
        #expect(later.contains { $0.task.title == "Water" && $0.task.due == .time(Self.at(tomorrow.adding(days: 1), 7, 1)) })
        #expect(short.count == 60)
    }

    @Test("A repeating task's coming occurrences bring its relative alarms, its defaults off or on; an absolute alarm fires once")
    func laterOccurrencesBringTheirAlarms() throws {
        // Given at 23:30 a daily series due tomorrow at 07:00 with only an
        // alarm 15 minutes before each due and one absolute alarm, and a
        // daily day series with its defaults and an alarm at 08:00 (8 hours
        // into the day)
        let folder = try TemporaryFolder()
        let store = try TaskStore(path: folder.file("tasks.sqlite"))
        let now = Self.at(Self.today, 23, 30)
        let tomorrow = Self.today.adding(days: 1)
        var pills = try TaskDraft(title: "Pills", due: .time(Self.at(tomorrow, 7, 0)))
        pills.repeating = TaskRepeat(rule: "FREQ=DAILY", zone: Self.berlin.identifier, start: .time(Self.at(Self.today.adding(days: -10), 7, 0)))
        pills.remindDefaults = false
        pills.alarms = [.relative(seconds: -900), .absolute(Self.at(tomorrow, 12, 0))]
        var plants = try TaskDraft(title: "Plants", due: .day(tomorrow))
        plants.repeating = TaskRepeat(rule: "FREQ=DAILY", zone: nil, start: .day(Self.today.adding(days: -10)))
        plants.alarms = [.relative(seconds: 8 * 3600)]
        _ = try store.importTasks([pills, plants], now: now.addingTimeInterval(-3600))

        // When next lists 60, more than there are
        let firings = try store.forecast(timeRules: TimeRules(clock: Self.clock), after: now, limit: 60)

        // Then the coming occurrences of Pills are each reminded at 06:45 by
        // their alarm, the absolute alarm only once, of the open occurrence
        let pillsLater = firings.filter { $0.task.title == "Pills" && $0.isLaterOccurrence }
        let first = try #require(pillsLater.first)
        #expect(first.reminder.kind == .alarm && first.fire.at == Self.at(tomorrow.adding(days: 1), 6, 45))
        #expect(pillsLater.allSatisfy { $0.reminder.kind == .alarm && Self.clock.secondsIntoDay(of: $0.fire.at) == 6 * 3600 + 45 * 60 })
        #expect(pillsLater.count >= 10)
        #expect(firings.filter { $0.task.title == "Pills" && $0.fire.at == Self.at(tomorrow, 12, 0) }.count == 1)
        // and those of Plants at 08:00 by the alarm and at 09:00 by the defaults.
        let dayAfter = tomorrow.adding(days: 1)
        let plantsThen = firings.filter { $0.task.title == "Plants" && $0.task.due == .day(dayAfter) }
        #expect(plantsThen.map(\.fire.at) == [Self.at(dayAfter, 8, 0), Self.at(dayAfter, 9, 0)])
    }

    @Test("The most urgent overdue tasks are read from the index by priority, in due order: no sort of every overdue task")
    func urgencyQueryUsesIndex() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        do { _ = try TaskStore(path: path) }

        let plan = try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            for row in db.execute(
                "EXPLAIN QUERY PLAN SELECT id FROM task INDEXED BY task_reminder_queue_by_priority "
                "WHERE completed_at IS NULL AND reminder = 1 AND priority = ? AND due_key <= ? ORDER BY due_key, id LIMIT ?",
                (2, 0.0, 70)):
                print(row[3])
            """, path)

        #expect(plan.contains("USING INDEX task_reminder_queue_by_priority (priority=? AND due_key<?)"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
    }
}
