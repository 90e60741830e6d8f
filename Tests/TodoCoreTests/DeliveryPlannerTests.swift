import Foundation
import Testing
@testable import TodoCore
import TodoZones

/// Which reminders fire now and which are recorded skipped, decided from
/// `now`, the daemon's watermark and the ledger alone (docs/ARCHITECTURE.md §2).
@Suite("Delivery planner")
struct DeliveryPlannerTests {
    /// A planner in UTC with the default 12 h catch-up window.
    let planner = DeliveryPlanner(timeRules: TimeRules(clock: WallClock(timeZone: EngineTime.utc)))
    /// The morning reminder of a day task due 15 June 2026: 09:00 UTC.
    let reminderAt = EngineTime.at(9, in: EngineTime.utc)

    enum Decision: Sendable {
        case fire, skip, neither
    }

    /// How old the reminder is at `now`, where the daemon last looked, when
    /// the task's due was set and when it was last edited otherwise (hours
    /// relative to the reminder's instant), whether the ledger has it, and
    /// what is decided.
    struct Case: Sendable, CustomTestStringConvertible {
        let situation: String
        let age: Double
        var watermark: Double? = -1
        var updated: Double = -24
        var edited: Double = -24
        var recorded = false
        let decision: Decision

        var testDescription: String { situation }
    }

    static let cases: [Case] = [
        Case(situation: "a reminder whose instant is now fires", age: 0, decision: .fire),
        Case(situation: "one a second from now waits", age: -1.0 / 3_600, decision: .neither),
        Case(situation: "one an hour old fires, late", age: 1, decision: .fire),
        Case(situation: "one 11 h 59 min old fires, late", age: 11 + 59.0 / 60, decision: .fire),
        Case(situation: "one exactly 12 h old, no older than the window, fires", age: 12, decision: .fire),
        Case(situation: "one 12 h and a second old is skipped", age: 12 + 1.0 / 3_600, decision: .skip),
        Case(situation: "one 13 h old is skipped", age: 13, decision: .skip),
        Case(situation: "one 13 h old, before the daemon last looked, was dealt with then", age: 13, watermark: 0.5,
             decision: .neither),
        Case(situation: "one 13 h old, with no earlier run at all, is left alone", age: 13, watermark: nil,
             decision: .neither),
        Case(situation: "one 40 days old is left out of the ledger", age: 40 * 24, watermark: -41 * 24,
             decision: .neither),
        Case(situation: "one 30 days old, after the daemon last looked, is skipped", age: 30 * 24, watermark: -31 * 24,
             decision: .skip),
        Case(situation: "one the ledger has does not fire again", age: 1, recorded: true, decision: .neither),
        Case(situation: "one the ledger has is not skipped either", age: 13, recorded: true, decision: .neither),
        Case(situation: "one that came before the task's due was set never fires", age: 1, updated: 0.5,
             decision: .neither),
        Case(situation: "one that came the instant the task's due was set never fires", age: 1, updated: 0,
             decision: .neither),
        Case(situation: "one that came before the task's due was set is not skipped either", age: 13, updated: 0.5,
             decision: .neither),
        Case(situation: "one missed before an edit of the task's notes fires, late", age: 1, edited: 0.5,
             decision: .fire),
        Case(situation: "one missed before an edit beyond the window is still skipped", age: 13, edited: 0.5,
             decision: .skip),
    ]

    @Test("A reminder fires, is skipped, or neither", arguments: cases)
    func decides(example: Case) throws {
        // Given a day task due 15 June, its 09:00 reminder, and the ledger
        let hour: TimeInterval = 3_600
        let dueSet = reminderAt.addingTimeInterval(example.updated * hour)
        let task = TodoTask(id: 1, title: "Water the plants", due: .day(EngineTime.today), createdAt: dueSet,
                            updatedAt: max(dueSet, reminderAt.addingTimeInterval(example.edited * hour)),
                            dueSetAt: dueSet)
        let reminder = Reminder.of(task, .morning, at: reminderAt)
        let recorded: Set<Reminder.ID> = example.recorded ? [reminder.id] : []

        // When the planner decides
        let decisions = planner.decide(
            now: reminderAt.addingTimeInterval(example.age * hour),
            watermark: example.watermark.map { reminderAt.addingTimeInterval($0 * hour) },
            entries: planner.timeRules.reminders(of: [task]),
            recorded: recorded
        )

        // Then
        let decision: Decision = if !decisions.fire.isEmpty { .fire } else if !decisions.skip.isEmpty { .skip } else { .neither }
        #expect(decision == example.decision)
        #expect(decisions.fire.count + decisions.skip.count <= 1)
        if let fired = decisions.fire.first {
            #expect(fired.entry.reminder == reminder)
            #expect(fired.entry.task == task)
        }
        if let skipped = decisions.skip.first {
            #expect(skipped == reminder)
        }
    }

    @Test("With no catch-up window, a reminder still on time fires: the timer wakes the daemon just after the instant",
          arguments: [(0, true), (0.001, true), (2, true), (2.5, false), (61, false), (3_600, false)] as [(TimeInterval, Bool)])
    func zeroWindowKeepsTheOnTimeGrace(lateness: TimeInterval, fires: Bool) {
        // Given catch-up-hours = 0
        let planner = DeliveryPlanner(timeRules: TimeRules(clock: WallClock(timeZone: EngineTime.utc),
                                                           policy: ReminderPolicy(catchUpWindow: 0)))
        let task = TodoTask(id: 1, title: "Water the plants", due: .day(EngineTime.today),
                            createdAt: reminderAt.addingTimeInterval(-86_400))

        // When the planner decides this late after the 09:00 reminder
        let decisions = planner.decide(now: reminderAt.addingTimeInterval(lateness),
                                       watermark: reminderAt.addingTimeInterval(-3_600),
                                       entries: planner.timeRules.reminders(of: [task]), recorded: [])

        // Then it fires, or is skipped
        #expect(planner.catchUpWindow == ReminderPolicy.onTimeGrace)
        #expect(decisions.fire.count == (fires ? 1 : 0))
        #expect(decisions.skip.count == (fires ? 0 : 1))
    }

    @Test("Reminders to fire come earliest first, then by task")
    func firesInOrder() {
        // Given tasks 3 and 1 due today, and task 2 due at 10:00, all seen at 11:00
        let created = EngineTime.at(0, in: EngineTime.utc)
        let tasks = [
            TodoTask(id: 3, title: "Three", due: .day(EngineTime.today), createdAt: created),
            TodoTask(id: 2, title: "Two", due: .time(EngineTime.at(10, in: EngineTime.utc)), createdAt: created),
            TodoTask(id: 1, title: "One", due: .day(EngineTime.today), createdAt: created),
        ]

        // When the planner decides
        let decisions = planner.decide(now: EngineTime.at(11, in: EngineTime.utc), watermark: created,
                                       entries: planner.timeRules.reminders(of: tasks), recorded: [])

        // Then the 09:00 reminders fire by task id, then 10:00's
        #expect(decisions.fire.map(\.entry.reminder) == [
            Reminder.of(tasks[2], .morning, at: reminderAt),
            Reminder.of(tasks[1], .morning, at: reminderAt),
            Reminder.of(tasks[0], .morning, at: reminderAt),
            Reminder.of(tasks[1], .atDueTime, at: EngineTime.at(10, in: EngineTime.utc)),
        ])
        #expect(decisions.skip.isEmpty)
    }

    @Test("The daemon wakes for the earliest of the next firing, a retry and a pending write; among reminders firing together, for the earliest")
    func wake() {
        let created = EngineTime.at(0, in: EngineTime.utc)
        let task = TodoTask(id: 4, title: "Four", due: .time(EngineTime.at(23, in: EngineTime.utc)), createdAt: created)
        let held = Reminder.of(task, .morning, at: EngineTime.at(9, in: EngineTime.utc))
        let due = Reminder.of(task, .atDueTime, at: EngineTime.at(10, in: EngineTime.utc))
        let retry = PendingRetry(reminders: [due], attempts: 1, nextAt: EngineTime.at(11, in: EngineTime.utc), firesAt: EngineTime.at(10, in: EngineTime.utc))
        // Both fire at 12:00 (held by quiet hours): the earlier instant is the one armed.
        let quiet = DeliveryPlanner(timeRules: TimeRules(clock: WallClock(timeZone: EngineTime.utc), policy: ReminderPolicy(
            quietHours: QuietHours(start: TimeOfDay(hour: 8, minute: 0)!, end: TimeOfDay(hour: 12, minute: 0)!))))
        let together = quiet.wake(nextHeld: TaskReminder(held, of: task), upcoming: [TaskReminder(due, of: task)], overdueCandidates: [],
                                  retries: [retry], flushBy: nil, after: EngineTime.at(9, 30, in: EngineTime.utc))
        #expect(together == .init(at: EngineTime.at(11, in: EngineTime.utc), reminder: held))
        let now = EngineTime.at(8, in: EngineTime.utc)
        #expect(planner.wake(nextHeld: nil, upcoming: [TaskReminder(due, of: task)], overdueCandidates: [], retries: [retry],
                             flushBy: EngineTime.at(9, in: EngineTime.utc), after: now)
            == .init(at: EngineTime.at(9, in: EngineTime.utc), reminder: due))
        #expect(planner.wake(nextHeld: nil, upcoming: [], overdueCandidates: [], retries: [], flushBy: nil, after: now)
            == .init(at: nil, reminder: nil))
        #expect(planner.wake(nextHeld: nil, upcoming: [], overdueCandidates: [], retries: [retry], flushBy: nil, after: now)
            == .init(at: EngineTime.at(11, in: EngineTime.utc), reminder: nil))
    }

    /// Where the daemon last looked (hours before now), and how far back the
    /// planner reads (hours before now).
    @Test("The planner looks back over the catch-up window, or to where the daemon last looked, at most 31 days more",
          arguments: [
              (nil, 12.0), (1.0, 12.0), (11.9, 12.0), (12.0, 12.0), (20.0, 20.0), (100.0, 100.0),
              (12.0 + 31 * 24, 12.0 + 31 * 24), (60.0 * 24, 12.0 + 31 * 24), (-5.0, 12.0),
          ] as [(Double?, Double)])
    func looksBack(watermarkHoursAgo: Double?, expectedHoursAgo: Double) {
        let now = EngineTime.at(12, in: EngineTime.utc)
        let watermark = watermarkHoursAgo.map { now.addingTimeInterval(-$0 * 3_600) }
        #expect(planner.lookbackStart(now: now, watermark: watermark) == now.addingTimeInterval(-expectedHoursAgo * 3_600))
    }
}

/// The instants these tests speak in: Monday 15 June 2026, as the daemon's
/// engine tests do.
private enum EngineTime {
    static let utc = Zone(identifier: "UTC")!

    /// The day the tests take place on.
    static let today = LocalDay(year: 2026, month: 6, day: 15)!

    /// The instant a wall clock in `zone` shows hh:mm, on `today`.
    static func at(_ hour: Int, _ minute: Int = 0, in zone: Zone) -> Date {
        WallClock(timeZone: zone).instant(on: today, at: TimeOfDay(hour: hour, minute: minute)!)
    }
}

private extension Reminder {
    /// The task's own reminder of `kind` at `instant`, with the occurrence
    /// the time rules give it: the task's due.
    static func of(_ task: TodoTask, _ kind: ReminderKind, at instant: Date) -> Reminder {
        Reminder(taskID: task.id, kind: kind, occurrence: task.due.map { .due($0) } ?? .at(instant), at: instant)
    }
}
