import Foundation
import Testing
import TodoCore

private typealias F = CoreFixtures

/// A morning in New York: Monday 2026-06-15 at 09:00 EDT, the reminder time.
enum DigestFixtures {
    static let morning = F.instant("2026-06-15T09:00:00-04:00")
    static let today = F.day("2026-06-15")

    static func timeRules(_ policy: ReminderPolicy = .standard) -> TimeRules {
        F.timeRules("America/New_York", policy: policy)
    }

    static func task(_ id: Int64, _ priority: Priority, due: Due?, reminderOn: Bool = true, completed: Bool = false) -> TodoTask {
        var task = F.task(id, due: due, completed: completed, reminderOn: reminderOn)
        task.priority = priority
        return task
    }

    /// Tasks whose own reminders fall at 09:00 today.
    static let dueToday: [TodoTask] = [
        task(1, .medium, due: .day(F.day("2026-06-15"))),
        task(2, .high, due: .time(F.instant("2026-06-15T17:00:00-04:00"))),
        // Due before the reminder time tomorrow: reminded this morning.
        task(3, .low, due: .time(F.instant("2026-06-16T08:00:00-04:00"))),
        task(4, .high, due: .day(F.day("2026-06-15"))),
        task(9, .low, due: .day(F.day("2026-06-15"))),
        task(10, .low, due: .day(F.day("2026-06-15"))),
    ]

    /// Tasks overdue by this morning.
    static let overdue: [TodoTask] = [
        task(5, .low, due: .day(F.day("2026-06-13"))),
        task(6, .high, due: .time(F.instant("2026-06-14T17:00:00-04:00"))),
    ]

    /// The reminders of `tasks` that fall at 09:00 today.
    static func morningReminders(_ tasks: [TodoTask], _ timeRules: TimeRules = timeRules()) -> [TaskReminder] {
        tasks.flatMap { task in
            timeRules.reminders(for: task).filter { $0.at == morning }.map { TaskReminder($0, of: task) }
        }
    }
}

private typealias D = DigestFixtures

@Suite("Digest: when one is sent")
struct DigestThresholdTests {
    @Test("The fixtures' reminders all fall at 09:00 today")
    func fixtures() {
        #expect(D.morningReminders(D.dueToday).count == D.dueToday.count)
    }

    @Test("More tasks than the threshold make one digest; as many or fewer, a bubble each", arguments: [
        (3, 1, false), (3, 3, false), (3, 4, true), (3, 6, true),
        (1, 1, false), (1, 2, true),
        (5, 5, false), (5, 6, true),
    ])
    func threshold(threshold: Int, tasks: Int, digest: Bool) {
        let timeRules = D.timeRules(ReminderPolicy(digestThreshold: threshold))
        let batch = timeRules.batch(D.morningReminders(Array(D.dueToday.prefix(tasks))), firingAt: D.morning)
        if case .digest(let made) = batch {
            #expect(digest)
            #expect(made.items.count == tasks)
        } else {
            #expect(!digest)
        }
        #expect(batch.reminders.count == tasks)
    }

    @Test("With the digest off, every reminder gets its own bubble, however many, most urgent first")
    func digestOff() {
        let timeRules = D.timeRules(ReminderPolicy(digestEnabled: false))
        guard case .separate(let bubbles) = timeRules.batch(D.morningReminders(D.dueToday), firingAt: D.morning) else {
            Issue.record("the digest is off but one was made")
            return
        }
        #expect(bubbles.map(\.task.id) == [2, 4, 1, 9, 10, 3])
    }

    @Test("The threshold counts tasks, not reminders: two reminders of one task are one")
    func countsTasks() {
        // Given three tasks, one of them with a second reminder at the same instant
        let tasks = Array(D.dueToday.prefix(3))
        var reminders = D.morningReminders(tasks)
        reminders.append(TaskReminder(Reminder(taskID: 1, kind: .atDueTime, occurrence: .due(tasks[0].due!), at: D.morning), of: tasks[0]))
        // Then three tasks are still a bubble each
        guard case .separate(let bubbles) = D.timeRules().batch(reminders, firingAt: D.morning) else {
            Issue.record("three tasks made a digest")
            return
        }
        #expect(bubbles.count == 4)
        // And with a fourth task, the digest lists each task once but stands for every reminder
        reminders += D.morningReminders([D.dueToday[3]])
        guard case .digest(let digest) = D.timeRules().batch(reminders, firingAt: D.morning) else {
            Issue.record("four tasks made no digest")
            return
        }
        #expect(digest.items.map(\.task.id) == [2, 4, 1, 3])
        #expect(digest.reminders.count == 5)
    }
}

@Suite("Digest: order")
struct DigestContentTests {
    static func digest() throws -> Digest {
        let timeRules = D.timeRules()
        let reminders = D.morningReminders(Array(D.dueToday.prefix(4)))
            + timeRules.dailyOverdueReminders(for: D.overdue, on: D.today)
        // Given in no particular order
        guard case .digest(let digest) = timeRules.batch(reminders.reversed(), firingAt: D.morning) else {
            throw DigestTestError.noDigest
        }
        return digest
    }

    enum DigestTestError: Error { case noDigest }

    @Test("Most urgent first: overdue, then priority high to low, then due instant, then id")
    func order() throws {
        let digest = try Self.digest()
        // 6 and 5 are overdue (high before low); 2 and 4 are high (17:00 before the end of
        // the day); then 1 (medium) and 3 (low).
        #expect(digest.items.map(\.task.id) == [6, 5, 2, 4, 1, 3])
        #expect(digest.items.map(\.isOverdue) == [true, true, false, false, false, false])
        #expect(digest.at == D.morning)
    }

    @Test("Ties in priority and due instant go by id")
    func idTies() {
        let tasks = [10, 9, 4, 1].map { id in D.dueToday.first { $0.id == id }! }
        guard case .digest(let digest) = D.timeRules(ReminderPolicy(digestThreshold: 1))
            .batch(D.morningReminders(tasks), firingAt: D.morning)
        else {
            Issue.record("no digest")
            return
        }
        #expect(digest.items.map(\.task.id) == [4, 1, 9, 10])
    }
}

@Suite("Digest: the daily reminder of overdue tasks")
struct DailyOverdueTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let task: TodoTask
        var policy = ReminderPolicy.standard
        /// Whether it gets a reminder at 09:00 on 2026-06-15.
        let reminded: Bool
    }

    static let cases: [Case] = [
        .init(testDescription: "a day task due two days ago",
              task: D.task(1, .low, due: .day(F.day("2026-06-13"))), reminded: true),
        .init(testDescription: "a day task due yesterday",
              task: D.task(1, .low, due: .day(F.day("2026-06-14"))), reminded: true),
        .init(testDescription: "a timed task due at 08:59 today",
              task: D.task(1, .low, due: .time(F.instant("2026-06-15T08:59:00-04:00"))), reminded: true),
        .init(testDescription: "a timed task due at 09:00 today is reminded at its due time instead",
              task: D.task(1, .low, due: .time(D.morning)), reminded: false),
        .init(testDescription: "... but is reminded here when reminders at the due time are off",
              task: D.task(1, .low, due: .time(D.morning)), policy: ReminderPolicy(remindAtDueTime: false), reminded: true),
        .init(testDescription: "a day task due today is not overdue yet",
              task: D.task(1, .low, due: .day(F.day("2026-06-15"))), reminded: false),
        .init(testDescription: "a timed task due at 09:01 today is not overdue yet",
              task: D.task(1, .low, due: .time(F.instant("2026-06-15T09:01:00-04:00"))), reminded: false),
        .init(testDescription: "a completed task",
              task: D.task(1, .low, due: .day(F.day("2026-06-13")), completed: true), reminded: false),
        .init(testDescription: "a task whose reminder is off",
              task: D.task(1, .low, due: .day(F.day("2026-06-13")), reminderOn: false), reminded: false),
        .init(testDescription: "a task with no due date",
              task: D.task(1, .low, due: nil), reminded: false),
        .init(testDescription: "a task that keeps its alarms alone (--no-remind-defaults), as the daemon reads it",
              task: { var task = D.task(1, .low, due: .day(F.day("2026-06-13"))); task.remindDefaults = false; return task }(),
              reminded: false),
        .init(testDescription: "any task when overdue-in-digest is off",
              task: D.task(1, .low, due: .day(F.day("2026-06-13"))), policy: ReminderPolicy(overdueInDigest: false), reminded: false),
    ]

    @Test("Each day at the reminder time, open overdue tasks with reminders on are reminded again",
          arguments: DailyOverdueTests.cases)
    func daily(_ test: Case) {
        let timeRules = D.timeRules(test.policy)
        let reminder = timeRules.dailyOverdueReminder(for: test.task, on: D.today)
        #expect(reminder == (test.reminded ? Reminder(taskID: 1, kind: .morning, occurrence: .day(D.today), at: D.morning) : nil))
    }

    @Test("The daily reminder never falls on one of the task's own reminders", arguments: [
        Due.day(F.day("2026-06-15")),
        .time(F.instant("2026-06-15T09:00:00-04:00")),
        .time(F.instant("2026-06-15T08:00:00-04:00")),
        .time(F.instant("2026-06-15T12:00:00-04:00")),
    ])
    func neverTwice(due: Due) {
        let timeRules = D.timeRules()
        let task = D.task(1, .medium, due: due)
        let own = Set(timeRules.reminders(for: task))
        for offset in -3...3 {
            if let daily = timeRules.dailyOverdueReminder(for: task, on: D.today.adding(days: offset)) {
                #expect(!own.contains(daily))
                #expect(!own.contains { $0.at == daily.at })
            }
        }
    }

    @Test("Overdue tasks join the morning's reminders: three due today and two overdue make a digest")
    func joinTheMorning() {
        let timeRules = D.timeRules()
        let reminders = D.morningReminders(Array(D.dueToday.prefix(3)))
        #expect(timeRules.batch(reminders, firingAt: D.morning).reminders.count == 3)
        guard case .separate = timeRules.batch(reminders, firingAt: D.morning) else {
            Issue.record("three tasks made a digest")
            return
        }
        let withOverdue = reminders + timeRules.dailyOverdueReminders(for: D.overdue, on: D.today)
        guard case .digest(let digest) = timeRules.batch(withOverdue, firingAt: D.morning) else {
            Issue.record("five tasks made no digest")
            return
        }
        #expect(digest.todayCount == 3 && digest.overdueCount == 2)
        #expect(digest.reminders.contains(Reminder(taskID: 5, kind: .morning, occurrence: .day(D.today), at: D.morning)))
    }

    @Test("With overdue-in-digest off, overdue tasks are not reminded again")
    func offLeavesThemOut() {
        let timeRules = D.timeRules(ReminderPolicy(overdueInDigest: false))
        #expect(timeRules.dailyOverdueReminders(for: D.overdue, on: D.today).isEmpty)
    }

    @Test("The daily reminders come most urgent first")
    func dailyOrder() {
        let reminders = D.timeRules().dailyOverdueReminders(for: D.overdue + D.dueToday, on: D.today)
        #expect(reminders.map(\.task.id) == [6, 5])
    }

    @Test("The last and next reminder times around now", arguments: [
        ("2026-06-15T08:59:59-04:00", "2026-06-14T09:00:00-04:00", "2026-06-15T09:00:00-04:00"),
        ("2026-06-15T09:00:00-04:00", "2026-06-15T09:00:00-04:00", "2026-06-16T09:00:00-04:00"),
        ("2026-06-15T23:00:00-04:00", "2026-06-15T09:00:00-04:00", "2026-06-16T09:00:00-04:00"),
    ])
    func aroundNow(now: String, latest: String, next: String) {
        let timeRules = D.timeRules()
        #expect(timeRules.latestDailyReminderInstant(atOrBefore: F.instant(now)) == F.instant(latest))
        #expect(timeRules.nextDailyReminderInstant(after: F.instant(now)) == F.instant(next))
    }

    @Test("A reminder time in a DST gap moves forward by the gap, the daily reminder with it")
    func reminderTimeInGap() {
        // Given a reminder time of 02:30 in New York, on the day the clocks jump from 02:00 to 03:00
        let timeRules = D.timeRules(ReminderPolicy(reminderTime: F.time("02:30")))
        let task = D.task(1, .low, due: .day(F.day("2026-03-01")))
        // Then the daily reminder is at 03:30 EDT
        #expect(timeRules.dailyOverdueReminder(for: task, on: F.day("2026-03-08"))?.at
            == F.instant("2026-03-08T03:30:00-04:00"))
    }
}
