import Foundation
import Testing
import TodoCore
import TodoZones

private typealias F = CoreFixtures

/// Completing a task's open occurrence (`TodoTask.completeOccurrence`): the
/// one rule that `done`, a bubble's Mark done and a series completed in
/// another client's file all follow.
@Suite("Completing an occurrence")
struct OccurrenceCompletionTests {
    static let due = Due.day(F.day("2026-12-01"))
    static let doneAt = F.instant("2026-12-01T08:15:00Z")
    static let handledAt = F.instant("2026-12-01T10:00:00Z")
    static let clock = WallClock(timeZone: Zone(identifier: "UTC") ?? .utc)

    /// A task due on 1 December, snoozed and acknowledged earlier.
    static func task(repeating: Bool) -> TodoTask {
        var task = F.task(due: due)
        task.snoozedUntil = F.instant("2026-12-01T12:00:00Z")
        task.acknowledgedAt = F.instant("2026-11-30T09:00:00Z")
        if repeating { task.repeating = TaskRepeat(rule: "FREQ=DAILY", zone: nil, start: due, completedCount: 2) }
        return task
    }

    @Test("A one-off task is done at the instant given; its reminders are handled when given, its snooze ends, and there is no occurrence to record")
    func oneOff() {
        var task = Self.task(repeating: false)
        let completion = task.completeOccurrence(at: Self.doneAt, next: .day(F.day("2026-12-02")), handledAt: Self.handledAt, clock: Self.clock)
        #expect(completion == nil)
        #expect(task.completedAt == Self.doneAt)
        #expect(task.due == Self.due)
        #expect(task.acknowledgedAt == Self.handledAt)
        #expect(task.snoozedUntil == nil)
    }

    @Test("A repeating task moves on to the next due, its open occurrence recorded as done then; it stays open, one more completion counted")
    func movesOn() {
        var task = Self.task(repeating: true)
        let next = Due.day(F.day("2026-12-02"))
        let completion = task.completeOccurrence(at: Self.doneAt, next: next, handledAt: Self.handledAt, clock: Self.clock)
        #expect(completion == Completion(due: Self.due, at: Self.doneAt))
        #expect(task.due == next)
        #expect(!task.isCompleted)
        #expect(task.repeating?.completedCount == 3)
        #expect(task.repeating?.rule == "FREQ=DAILY")
        #expect(task.acknowledgedAt == Self.handledAt)
        #expect(task.snoozedUntil == nil)
    }

    @Test("A series whose rule has ended (no next due) is done for good at the instant given, its last occurrence recorded")
    func seriesEnds() {
        var task = Self.task(repeating: true)
        let completion = task.completeOccurrence(at: Self.doneAt, next: nil, handledAt: Self.handledAt, clock: Self.clock)
        #expect(completion == Completion(due: Self.due, at: Self.doneAt))
        #expect(task.completedAt == Self.doneAt)
        #expect(task.due == Self.due)
        #expect(task.repeating?.completedCount == 3)
        #expect(task.acknowledgedAt == Self.handledAt && task.snoozedUntil == nil)
    }

    @Test("A task done already is left as it is, whatever it is asked", arguments: [false, true])
    func doneAlready(repeating: Bool) {
        var task = Self.task(repeating: repeating)
        task.completedAt = F.instant("2026-11-30T18:00:00Z")
        let before = task
        #expect(task.completeOccurrence(at: Self.doneAt, next: .day(F.day("2026-12-02")), handledAt: Self.handledAt, clock: Self.clock) == nil)
        #expect(task == before)
    }

    @Test("The reminders count as handled when the completion is learnt of, earlier or later than it was made: a reminder shown before that is handled")
    func handledWhenLearnt() {
        let timeRules = F.timeRules("UTC")
        var task = Self.task(repeating: true)
        task.due = .time(F.instant("2026-12-01T09:00:00Z"))
        let shown = Reminder(taskID: 1, kind: .atDueTime, occurrence: .at(F.instant("2026-12-01T09:00:00Z")), at: F.instant("2026-12-01T09:00:00Z"))
        #expect(TimeRules.isUnhandled(shown, of: task))
        // Done on the phone at 08:15, before the reminder fired here at 09:00; read in at 10:00.
        _ = task.completeOccurrence(at: Self.doneAt, next: .time(F.instant("2026-12-02T09:00:00Z")), handledAt: Self.handledAt, clock: Self.clock)
        #expect(!TimeRules.isUnhandled(shown, of: task))
        // The next occurrence's reminders are still to come.
        #expect(timeRules.nextReminder(for: task, after: Self.handledAt)?.at == F.instant("2026-12-02T09:00:00Z"))
    }
}
