import Foundation
import TestSupport
import Testing
import TodoCore
import TodoStore
import TodoZones

/// The reminder queue read from the store's index, checked against the
/// time rules run over every task.
@Suite("Next reminders")
struct NextRemindersTests {
    /// 2026-03-28 12:00 UTC: the night after, Europe springs forward.
    let now = Date(timeIntervalSince1970: 1_774_699_200)

    /// A store of 20,000 tasks due from 2030 on, and a few dozen due around
    /// `now` in `zone`: day and timed dues, reminders on and off, some completed.
    private func makeStore(in folder: TemporaryFolder, zone: Zone) throws -> TaskStore {
        let clock = WallClock(timeZone: zone)
        let today = clock.day(of: now)
        var near: [TaskDraft] = []
        for offset in -2...3 {
            near.append(try TaskDraft(title: "Day \(offset)", due: .day(today.adding(days: offset))))
            for hours in [-5.0, 0.5, 3, 10, 20] {
                let due = now.addingTimeInterval(Double(offset) * 86_400 + hours * 3_600)
                near.append(try TaskDraft(title: "Time \(offset) \(hours)", due: .time(due)))
            }
        }
        for index in near.indices {
            if index % 7 == 3 { near[index].reminderOn = false }
            if index % 5 == 4 { near[index].completedAt = now.addingTimeInterval(-60) }
        }
        let farStart = 1_893_456_000.0
        let far = try (0..<20_000).map { number in
            try TaskDraft(
                title: "Far \(number)",
                due: number.isMultiple(of: 2)
                    ? .time(Date(timeIntervalSince1970: farStart + Double(number) * 4_000))
                    : .day(clock.day(of: Date(timeIntervalSince1970: farStart)).adding(days: number / 10))
            )
        }
        let store = try TaskStore(path: folder.file("tasks.sqlite"))
        // Near tasks between far ones, so that ids do not follow due dates.
        _ = try store.importTasks(Array(far[..<10_000]) + near + Array(far[10_000...]), now: now)
        return store
    }

    /// Every reminder after `now` of every task, earliest first, ties broken
    /// by task id then kind (morning first), as `ReminderQueue` orders them.
    private func bruteForce(_ tasks: [TodoTask], timeRules: TimeRules, limit: Int) -> [Reminder] {
        let all = tasks.flatMap { timeRules.reminders(for: $0) }.filter { $0.at > now }
        let sorted = all.sorted { a, b in
            if a.at != b.at { return a.at < b.at }
            if a.owner != b.owner { return a.owner < b.owner }
            return a.kind == .morning && b.kind != .morning
        }
        return Array(sorted.prefix(limit))
    }

    @Test(
        "The next reminders match a computation over every task",
        arguments: ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Berlin"]
    )
    func matchesBruteForce(zoneIdentifier: String) throws {
        let folder = try TemporaryFolder()
        let zone = try #require(Zone(identifier: zoneIdentifier))
        let store = try makeStore(in: folder, zone: zone)
        let timeRules = TimeRules(clock: WallClock(timeZone: zone))
        let tasks = try store.tasks(TaskQuery(includeOpen: true, includeCompleted: true))
        #expect(tasks.count == 20_036)

        for limit in [1, 5, 20, 80] {
            let expected = bruteForce(tasks, timeRules: timeRules, limit: limit)
            #expect(expected.count == limit)
            #expect(try store.nextReminders(timeRules: timeRules, after: now, limit: limit) == expected)
        }
        // The very first is the earliest of each task's own next reminder.
        let first = tasks.compactMap { timeRules.nextReminder(for: $0, after: now) }.min { $0.at < $1.at }
        #expect(try store.nextReminders(timeRules: timeRules, after: now, limit: 1).first?.at == first?.at)
    }

    @Test("No reminders are asked for, or none are left")
    func nothingToRemind() throws {
        let folder = try TemporaryFolder()
        let store = try TaskStore(path: folder.file("tasks.sqlite"))
        let timeRules = TimeRules(clock: WallClock(timeZone: .utc))
        _ = try store.add(TaskDraft(title: "Past", due: .time(now.addingTimeInterval(-3_600))), now: now)
        _ = try store.add(TaskDraft(title: "Someday"), now: now)
        _ = try store.add(TaskDraft(title: "Muted", due: .time(now.addingTimeInterval(86_400)), reminderOn: false), now: now)

        #expect(try store.nextReminders(timeRules: timeRules, after: now, limit: 10) == [])

        let soon = try store.add(TaskDraft(title: "Soon", due: .time(now.addingTimeInterval(3_600))), now: now)
        #expect(try store.nextReminders(timeRules: timeRules, after: now, limit: 0) == [])
        #expect(try store.nextReminders(timeRules: timeRules, after: now, limit: 10)
            == [Reminder(taskID: soon.id, kind: .atDueTime, occurrence: .at(now.addingTimeInterval(3_600)), at: now.addingTimeInterval(3_600))])
    }

    @Test("The reminder queue's query is answered from its partial index alone: no sort, no task row read")
    func queryUsesIndex() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("tasks.sqlite")
        do { _ = try TaskStore(path: path) }

        let plan = try Python.run("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            for row in db.execute(
                "EXPLAIN QUERY PLAN SELECT id, due_day, due_time, due_key FROM task INDEXED BY task_reminder_queue "
                "WHERE completed_at IS NULL AND reminder = 1 AND remind_defaults = 1 AND due_key >= ? ORDER BY due_key", (0.0,)):
                print(row[3])
            """, path)

        #expect(plan.contains("USING COVERING INDEX task_reminder_queue (due_key>?)"))
        #expect(!plan.contains("TEMP B-TREE"))
    }
}
