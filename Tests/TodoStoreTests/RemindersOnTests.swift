import Foundation
import TestSupport
import Testing
import TodoCore
@testable import TodoStore
import TodoZones

/// Who has reminders is defined once (`TodoTask.hasReminders`,
/// `hasDefaultReminders`); the store's SQL (`RemindersOnSQL`) says the same,
/// and the time rules give reminders to exactly those tasks.
@Suite("Who has reminders, in Swift and in SQL")
struct RemindersOnTests {
    /// 2026-05-28 20:26:40 UTC.
    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    /// Every mix of what the rule weighs: open or completed, reminder on or
    /// off, defaults on or off, no due, a due day or a due time, and a
    /// snooze or an alarm now and then; in an order a seeded generator picks.
    static func drafts(count: Int, seed: UInt64) throws -> [TaskDraft] {
        var random = SeededGenerator(seed: seed)
        let day = try #require(LocalDay(year: 2026, month: 6, day: 1))
        return try (0..<count).map { index in
            let due: Due? = switch random.next() % 3 {
            case 0: nil
            case 1: .day(day.adding(days: Int(random.next() % 30)))
            default: .time(now.addingTimeInterval(Double(random.next() % 2_000_000)))
            }
            var draft = try TaskDraft(title: "Task \(index)", due: due, reminderOn: random.next() % 2 == 0,
                                      completedAt: random.next() % 3 == 0 ? now : nil)
            draft.remindDefaults = random.next() % 4 != 0
            if random.next() % 5 == 0 { draft.alarms = [.absolute(now.addingTimeInterval(86_400))] }
            if random.next() % 5 == 0 { draft.snoozedUntil = now.addingTimeInterval(3_600) }
            return draft
        }
    }

    @Test("The SQL selects exactly the tasks the Swift rule says have reminders, and those whose defaults follow their due",
          arguments: [1 as UInt64, 2, 3])
    func sqlMatchesSwift(seed: UInt64) throws {
        // Given a store of generated tasks
        let folder = try TemporaryFolder()
        let store = try TaskStore(path: folder.file("tasks.sqlite"))
        for draft in try Self.drafts(count: 300, seed: seed) { _ = try store.add(draft, now: Self.now) }
        let tasks = try store.tasks(ids: Array(1...300))
        #expect(tasks.count == 300)

        // When each rule selects, in Swift and in SQL
        let swiftAny = Set(tasks.values.filter(\.hasReminders).map(\.id))
        let swiftDefaults = Set(tasks.values.filter(\.hasDefaultReminders).map(\.id))
        let (sqlAny, sqlDefaults) = try store.read { db in
            (Set(try Int64.fetchAll(db, sql: "SELECT id FROM task WHERE \(RemindersOnSQL.hasReminders)")),
             Set(try Int64.fetchAll(db, sql: "SELECT id FROM task INDEXED BY task_reminder_queue WHERE \(RemindersOnSQL.hasDefaultReminders)")))
        }

        // Then they agree, and neither is trivially everything or nothing
        #expect(sqlAny == swiftAny)
        #expect(sqlDefaults == swiftDefaults)
        #expect(!swiftDefaults.isEmpty && swiftDefaults.count < swiftAny.count && swiftAny.count < 300)
    }

    @Test("The time rules give reminders only to tasks that have them, and default reminders exactly to those whose defaults follow their due")
    func timeRulesFollowTheRule() throws {
        let folder = try TemporaryFolder()
        let store = try TaskStore(path: folder.file("tasks.sqlite"))
        for draft in try Self.drafts(count: 300, seed: 4) { _ = try store.add(draft, now: Self.now) }
        let timeRules = TimeRules(clock: WallClock(timeZone: Zone(identifier: "Europe/Berlin") ?? .utc))
        for task in try store.tasks(ids: Array(1...300)).values {
            if !task.hasReminders { #expect(timeRules.reminders(for: task).isEmpty, "\(task)") }
            #expect(timeRules.dueReminders(for: task).isEmpty == !task.hasDefaultReminders, "\(task)")
            #expect((timeRules.nextReminder(for: task, after: .distantPast) != nil) == !timeRules.reminders(for: task).isEmpty, "\(task)")
        }
    }
}
