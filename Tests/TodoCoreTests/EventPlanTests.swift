import Foundation
import Testing
import TodoCore
import TodoZones

/// Events' alarms in the daemon's plan: the rules tasks' reminders follow
/// (catch-up, the ledger, quiet hours by priority, an alarm before its
/// event was written), and the coming firings of both together.
@Suite("Events in the plan")
struct EventPlanTests {
    static let zone = Zone(identifier: "Europe/Berlin") ?? .utc
    static let now = Date(timeIntervalSince1970: 1_796_115_000)  // Tue 2026-12-01 09:50 in Berlin

    static func event(_ id: Int64, at offset: TimeInterval, priority: Int = 0, changedAt: Date? = nil) -> ReminderOf<EventInstance> {
        let at = now.addingTimeInterval(offset)
        let occurrence = EventOccurrence(id: .at(at.addingTimeInterval(600)), recurrenceMicroseconds: nil, start: at.addingTimeInterval(600),
                                         end: at.addingTimeInterval(4200), days: nil,
                                         details: EventDetails(summary: "Event \(id)", priorityValue: priority))
        let instant = EventAlarmInstant(kind: .alarm, identity: .alarm(seconds: -600, of: occurrence.id), at: at, alarmID: nil,
                                        occurrence: occurrence)
        return instant.reminder(ofEvent: id, folder: "/cal", changedAt: changedAt)
    }

    /// The plan of events' alarms alone (no task has a reminder).
    static func plan(
        _ planner: DeliveryPlanner = planner(), watermark: Date? = nil, events: [ReminderOf<EventInstance>],
        recorded: Set<Reminder.ID> = [], inFlight: Set<Reminder.ID> = [], dueRetries: [PendingRetry] = [],
        retryEvents: [Reminder.ID: ReminderOf<EventInstance>] = [:]
    ) -> DeliveryPlan {
        planner.plan(now: now, watermark: watermark, reminders: [], daily: [], events: events, recorded: recorded, inFlight: inFlight,
                     dueRetries: dueRetries, retryTasks: [:], retryEvents: retryEvents)
    }

    /// The events whose alarms the plan shows, in order, and each one's attempt.
    static func fired(_ plan: DeliveryPlan) -> [(eventID: Int64?, attempt: Int)] {
        plan.batches.compactMap { batch in
            guard case .event(let entry) = batch.batch else { return nil }
            return (entry.reminder.owner.eventID, batch.attempt)
        }
    }

    static func planner(_ policy: ReminderPolicy = .standard) -> DeliveryPlanner {
        DeliveryPlanner(timeRules: TimeRules(clock: WallClock(timeZone: zone), policy: policy))
    }

    @Test("An alarm that has come fires once: not again once on the ledger or being shown")
    func firesOnce() {
        let due = Self.event(1, at: -1)
        let plan = Self.plan(events: [due])
        #expect(Self.fired(plan).map(\.eventID) == [1])
        #expect(plan.records.map(\.status) == [.sending])
        #expect(Self.plan(events: [due], recorded: [due.reminder.id]).batches.isEmpty)
        #expect(Self.plan(events: [due], inFlight: [due.reminder.id]).batches.isEmpty)
    }

    @Test("Missed within the catch-up window it fires late; older, after the last look, it is skipped; before its file was written, never")
    func catchUp() {
        let late = Self.event(1, at: -3600)
        let old = Self.event(2, at: -20 * 3600)
        let tooEarly = Self.event(3, at: -60, changedAt: Self.now.addingTimeInterval(-30))
        let plan = Self.plan(watermark: Self.now.addingTimeInterval(-86_400), events: [late, old, tooEarly])
        #expect(Self.fired(plan).map(\.eventID) == [1])
        let records = plan.records.sorted { ($0.reminder.owner.eventID ?? 0) < ($1.reminder.owner.eventID ?? 0) }
        #expect(records.map(\.reminder.owner.eventID) == [1, 2])
        #expect(records.map(\.status) == [.sending, .skipped])
    }

    @Test("Quiet hours hold an event's alarm by its priority: a high one comes through when they let high priority through")
    func quietHours() throws {
        var policy = ReminderPolicy.standard
        policy.quietHours = try QuietHours.parse("09:00-12:00")
        policy.quietHoursAllowHigh = true
        let medium = Self.event(1, at: -1), high = Self.event(2, at: -1, priority: 1)
        let plan = Self.plan(Self.planner(policy), events: [medium, high])
        #expect(Self.fired(plan).map(\.eventID) == [2])
        #expect(plan.nextHeldEvent?.reminder.owner == .event(1))
    }

    @Test("The coming firings merge tasks' and events' by when they fire; the daemon wakes for whichever is first")
    func comingFirings() {
        let timeRules = TimeRules(clock: WallClock(timeZone: Self.zone))
        let task = TodoTask(id: 7, title: "Pay rent", due: .time(Self.now.addingTimeInterval(1800)), createdAt: Self.now.addingTimeInterval(-86_400))
        let tasks = timeRules.forecast(upcoming: timeRules.reminders(for: task).map { TaskReminder($0, of: task) },
                                       overdueCandidates: [], after: Self.now, limit: 5)
        let first = Self.event(1, at: 60), last = Self.event(2, at: 7200)
        let coming = timeRules.comingFirings(tasks: tasks, events: [last, first], after: Self.now, limit: 3)
        #expect(coming.map(\.at) == [Self.now.addingTimeInterval(60), Self.now.addingTimeInterval(1800), Self.now.addingTimeInterval(7200)])
        let wake = Self.planner().wake(nextHeld: nil, upcoming: tasks.map(\.entry), overdueCandidates: [], events: [first, last],
                                       retries: [], flushBy: nil, after: Self.now)
        #expect(wake.at == Self.now.addingTimeInterval(60))
        #expect(wake.reminder?.owner == .event(1))
    }

    @Test("A failed or unfinished event alarm comes back as the tasks' retries do: as the next attempt while it is indexed and within the catch-up window, else on record as skipped with why")
    func retries() {
        let due = Self.event(1, at: -5), gone = Self.event(2, at: -5), old = Self.event(3, at: -13 * 3600)
        let retries = [due, gone, old].map { PendingRetry(reminders: [$0.reminder], attempts: 2, nextAt: Self.now, firesAt: $0.reminder.at) }
        let plan = Self.plan(events: [], dueRetries: retries, retryEvents: [due.reminder.id: due, old.reminder.id: old])
        #expect(Self.fired(plan).map(\.eventID) == [1] && Self.fired(plan).map(\.attempt) == [3])
        let records = plan.records.sorted { ($0.reminder.owner.eventID ?? 0) < ($1.reminder.owner.eventID ?? 0) }
        #expect(records.map(\.reminder.owner.eventID) == [1, 2, 3])
        #expect(records.map(\.status) == [.sending, .skipped, .skipped])
        #expect(records.map(\.attempts) == [3, 2, 2])
        #expect(records.map(\.detail) == [nil, "the event changed before it could be shown", "not shown before the catch-up window closed"])
        #expect(plan.skippedCount == 0, "retries given up are not alarms skipped for their age")
    }

    @Test("An alarm left sending or failed by an earlier run is taken up again at start within the catch-up window, by the rule of tasks' reminders")
    func resumed() {
        let planner = Self.planner()
        #expect(planner.resumedFiring(of: Self.now.addingTimeInterval(-3600), at: Self.now) == Self.now.addingTimeInterval(-3600))
        #expect(planner.resumedFiring(of: Self.now.addingTimeInterval(-13 * 3600), at: Self.now) == nil)
    }
}
