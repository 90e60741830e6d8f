import Foundation
import Testing
import TodoCore

private typealias F = CoreFixtures

/// A snooze in the pure core: the reminder it makes, how the queue finds it,
/// what ends it, and how WHEN reads as the moment it ends.
@Suite("Snooze")
struct SnoozeTests {
    static let timeRules = F.timeRules("Europe/Berlin")

    static func snoozed(_ id: Int64 = 1, due: Due?, until: String, completed: Bool = false, reminderOn: Bool = true) -> TodoTask {
        var task = F.task(id, due: due, completed: completed, reminderOn: reminderOn)
        task.snoozedUntil = F.instant(until)
        return task
    }

    // MARK: - The reminder

    @Test("A snooze is a reminder of kind snoozed, in time order among the due date's reminders")
    func snoozeAmongReminders() {
        // Given a task due 1 Dec 17:00, snoozed until 1 Dec 12:00
        let task = Self.snoozed(due: .time(F.instant("2026-12-01T17:00:00+01:00")), until: "2026-12-01T12:00:00+01:00")

        // Then it has its morning reminder, the snooze, and the at-due-time reminder, in that order
        #expect(Self.timeRules.reminders(for: task).map(\.kind) == [.morning, .snoozed, .atDueTime])
        #expect(Self.timeRules.reminders(for: task)[1].at == F.instant("2026-12-01T12:00:00+01:00"))
        #expect(Self.timeRules.dueReminders(for: task).map(\.kind) == [.morning, .atDueTime])
        #expect(ReminderKind.snoozed.label == "snoozed")
        #expect(ReminderKind.snoozed.rawValue == "snoozed")

        // And at 10:00 its next reminder is the snooze
        let next = Self.timeRules.nextReminder(for: task, after: F.instant("2026-12-01T10:00:00+01:00"))
        #expect(next == Reminder(taskID: 1, kind: .snoozed, occurrence: .at(F.instant("2026-12-01T12:00:00+01:00")), at: F.instant("2026-12-01T12:00:00+01:00")))
    }

    @Test("Reminders at or before the task's acknowledgement are handled: not reminders any more; a snooze after it is")
    func acknowledgedReminders() {
        // Given a task due 1 Dec 17:00, acknowledged at 17:10 (on another device) and snoozed until 17:30
        var task = Self.snoozed(due: .time(F.instant("2026-12-01T17:00:00+01:00")), until: "2026-12-01T17:30:00+01:00")
        task.acknowledgedAt = F.instant("2026-12-01T17:10:00+01:00")

        #expect(Self.timeRules.reminders(for: task).map(\.kind) == [.snoozed])
        #expect(Self.timeRules.nextReminder(for: task, after: F.instant("2026-12-01T08:00:00+01:00"))?.kind == .snoozed)
        // Acknowledged at the due time itself: that reminder is handled too.
        task.acknowledgedAt = F.instant("2026-12-01T17:00:00+01:00")
        #expect(Self.timeRules.reminders(for: task).map(\.kind) == [.snoozed])
        // Acknowledged after the snooze too: nothing is left to show.
        task.acknowledgedAt = F.instant("2026-12-01T17:30:00+01:00")
        #expect(Self.timeRules.reminders(for: task).isEmpty)
    }

    @Test("Snoozing acknowledges what was shown so far")
    func snoozingAcknowledges() {
        var task = F.task(1, due: .time(F.instant("2026-12-01T17:00:00+01:00")))
        task.snooze(until: F.instant("2026-12-01T18:00:00+01:00"), at: F.instant("2026-12-01T17:05:00+01:00"))
        #expect(task.snoozedUntil == F.instant("2026-12-01T18:00:00+01:00"))
        #expect(task.acknowledgedAt == F.instant("2026-12-01T17:05:00+01:00"))
    }

    @Test("A snooze far from the due date comes first or last, wherever it falls")
    func snoozeFarAway() {
        let before = Self.snoozed(due: .day(F.day("2026-12-01")), until: "2026-10-01T08:00:00+02:00")
        let after = Self.snoozed(due: .day(F.day("2026-12-01")), until: "2027-02-01T08:00:00+01:00")

        #expect(Self.timeRules.reminders(for: before).map(\.kind) == [.snoozed, .morning])
        #expect(Self.timeRules.reminders(for: after).map(\.kind) == [.morning, .snoozed])
    }

    @Test("A snooze at the very instant of the morning reminder comes after it")
    func sameInstantOrder() {
        let task = Self.snoozed(due: .day(F.day("2026-12-01")), until: "2026-12-01T09:00:00+01:00")

        #expect(Self.timeRules.reminders(for: task).map(\.kind) == [.morning, .snoozed])
    }

    @Test("A task with no due date, snoozed, has the snooze as its one reminder")
    func snoozeWithoutDueDate() {
        let task = Self.snoozed(due: nil, until: "2026-12-01T12:00:00+01:00")

        #expect(Self.timeRules.reminders(for: task) == [Reminder(taskID: 1, kind: .snoozed, occurrence: .at(F.instant("2026-12-01T12:00:00+01:00")), at: F.instant("2026-12-01T12:00:00+01:00"))])
        #expect(Self.timeRules.dueReminders(for: task).isEmpty)
    }

    @Test("A completed task, or one whose reminder is off, has no snooze reminder", arguments: [
        (true, true), (false, false), (true, false),
    ])
    func noSnoozeWhenDoneOrOff(completed: Bool, reminderOn: Bool) {
        let task = Self.snoozed(due: nil, until: "2026-12-01T12:00:00+01:00", completed: completed, reminderOn: reminderOn)

        #expect(Self.timeRules.snoozeReminder(for: task) == nil)
        #expect(Self.timeRules.reminders(for: task).isEmpty)
    }

    // MARK: - The queue

    @Test("The queue takes due-date reminders from offer and the snooze from offerSnooze, each once")
    func queueCountsEachOnce() {
        // Given a task due 1 Dec 17:00 snoozed until 1 Dec 12:00, offered both ways
        let task = Self.snoozed(due: .time(F.instant("2026-12-01T17:00:00+01:00")), until: "2026-12-01T12:00:00+01:00")
        var queue = ReminderQueue(timeRules: Self.timeRules, after: F.instant("2026-11-30T00:00:00Z"), limit: 10)
        queue.offer(task)
        queue.offerSnooze(of: task)

        // Then each of its three reminders is there once, in order
        #expect(queue.reminders.map(\.kind) == [.morning, .snoozed, .atDueTime])
    }

    @Test("A snooze months before a task's due date is among the first reminders, and a passed one is not")
    func queueFindsFarSnoozes() {
        let now = F.instant("2026-06-15T10:00:00Z")
        // Task 1 is due in December, snoozed until tomorrow; task 2 is due tomorrow afternoon;
        // task 3 has no due date and a snooze that has passed.
        let far = Self.snoozed(1, due: .day(F.day("2026-12-01")), until: "2026-06-16T08:00:00Z")
        let soon = F.task(2, due: .time(F.instant("2026-06-16T15:00:00Z")))
        let passed = Self.snoozed(3, due: nil, until: "2026-06-15T09:00:00Z")
        var queue = ReminderQueue(timeRules: Self.timeRules, after: now, limit: 2)
        queue.offer(sortedTasks: [soon, far])
        for task in [far, passed] { queue.offerSnooze(of: task) }

        // Then the first two are task 2's morning reminder (09:00 Berlin) and task 1's snooze
        #expect(queue.reminders == [
            Reminder(taskID: 2, kind: .morning, occurrence: .at(F.instant("2026-06-16T15:00:00Z")), at: F.instant("2026-06-16T07:00:00Z")),
            Reminder(taskID: 1, kind: .snoozed, occurrence: .at(F.instant("2026-06-16T08:00:00Z")), at: F.instant("2026-06-16T08:00:00Z")),
        ])
    }

    // MARK: - What ends it

    /// A change made to a task snoozed until 1 Dec 12:00, due 1 Dec 17:00.
    enum Change: String, CaseIterable, Sendable {
        case complete, switchOff, moveDue, removeDue, retitle, reprioritize, moveDueAndSnoozeAgain

        var endsSnooze: Bool {
            switch self {
            case .complete, .switchOff, .moveDue, .removeDue: true
            case .retitle, .reprioritize, .moveDueAndSnoozeAgain: false
            }
        }

        func apply(to task: inout TodoTask) {
            switch self {
            case .complete: task.completedAt = F.createdAt
            case .switchOff: task.reminderOn = false
            case .moveDue: task.due = .time(F.instant("2026-12-02T17:00:00+01:00"))
            case .removeDue: task.due = nil
            case .retitle: task.title = "Another title"
            case .reprioritize: task.priority = .high
            case .moveDueAndSnoozeAgain:
                task.due = .time(F.instant("2026-12-02T17:00:00+01:00"))
                task.snoozedUntil = F.instant("2026-12-02T12:00:00+01:00")
            }
        }
    }

    @Test("Completing a task, switching its reminder off or changing its due date ends its snooze; other changes keep it",
          arguments: Change.allCases)
    func whatEndsASnooze(change: Change) {
        let original = Self.snoozed(due: .time(F.instant("2026-12-01T17:00:00+01:00")), until: "2026-12-01T12:00:00+01:00")
        var task = original
        change.apply(to: &task)

        task.endSnoozeIfChanged(from: original)

        if change.endsSnooze {
            #expect(task.snoozedUntil == nil)
        } else {
            #expect(task.snoozedUntil != nil)
        }
    }

    @Test("A snooze is pending only until its instant")
    func isSnoozed() {
        let task = Self.snoozed(due: nil, until: "2026-12-01T12:00:00Z")

        #expect(task.isSnoozed(after: F.instant("2026-12-01T11:59:00Z")))
        #expect(!task.isSnoozed(after: F.instant("2026-12-01T12:00:00Z")))
        #expect(!F.task(due: nil).isSnoozed(after: F.instant("2026-12-01T11:59:00Z")))
    }

    // MARK: - Reading WHEN as a snooze

    /// Friday 2026-11-20, 14:30 in Berlin (UTC+1).
    static let now = F.instant("2026-11-20T13:30:00Z")
    static let parser = WhenParser(now: now, clock: F.clock("Europe/Berlin"))

    @Test("Lengths count from now, with or without +; days keep the time of day", arguments: [
        ("1h", "2026-11-20T14:30:00Z"),
        ("10m", "2026-11-20T13:40:00Z"),
        ("+1h", "2026-11-20T14:30:00Z"),
        ("+30m", "2026-11-20T14:00:00Z"),
        ("in 2 hours", "2026-11-20T15:30:00Z"),
        ("1h30m", "2026-11-20T15:00:00Z"),
        ("in 1 hour 30 min", "2026-11-20T15:00:00Z"),
        ("2H", "2026-11-20T15:30:00Z"),
        ("2d", "2026-11-22T13:30:00Z"),
        ("+2d", "2026-11-22T13:30:00Z"),
        ("in 2 days", "2026-11-22T13:30:00Z"),
        ("1w", "2026-11-27T13:30:00Z"),
        ("1d2h", "2026-11-21T15:30:00Z"),
    ])
    func lengths(text: String, expected: String) throws {
        #expect(try Self.parser.snoozeInstant(from: text, dayTime: F.time("09:00")) == F.instant(expected))
    }

    @Test("A day alone means the reminder time on that day; times are what they say", arguments: [
        ("tomorrow", "09:00", "2026-11-21T08:00:00Z"),
        ("tomorrow", "07:30", "2026-11-21T06:30:00Z"),
        ("fri", "09:00", "2026-11-27T08:00:00Z"),
        ("mon", "09:00", "2026-11-23T08:00:00Z"),
        ("2026-12-01", "09:00", "2026-12-01T08:00:00Z"),
        ("today", "18:00", "2026-11-20T17:00:00Z"),
        ("17:00", "09:00", "2026-11-20T16:00:00Z"),
        ("9:00", "09:00", "2026-11-21T08:00:00Z"),
        ("tomorrow 9:30", "09:00", "2026-11-21T08:30:00Z"),
        ("tomorrow 09:00", "18:00", "2026-11-21T08:00:00Z"),
        ("2026-12-01 17:00", "09:00", "2026-12-01T16:00:00Z"),
    ])
    func daysAndTimes(text: String, dayTime: String, expected: String) throws {
        #expect(try Self.parser.snoozeInstant(from: text, dayTime: F.time(dayTime)) == F.instant(expected))
    }

    @Test("A day's length across a spring-forward night keeps the wall-clock time, moved forward out of the gap")
    func daysAcrossDST() throws {
        // Saturday 28 March 2026, 02:30 in Berlin; that night 02:00 jumps to 03:00.
        let parser = WhenParser(now: F.instant("2026-03-28T02:30:00+01:00"), clock: F.clock("Europe/Berlin"))

        #expect(try parser.snoozeInstant(from: "1d") == F.instant("2026-03-29T03:30:00+02:00"))
        #expect(try parser.snoozeInstant(from: "24h") == F.instant("2026-03-29T03:30:00+02:00"))
        #expect(try parser.snoozeInstant(from: "2d") == F.instant("2026-03-30T02:30:00+02:00"))
    }

    @Test("What cannot be a snooze's end is refused with a sentence", arguments: [
        ("eod", SnoozeTimeError.endOfDay("eod")),
        ("today", .notAhead("today", instant: "today 09:00")),
        ("yesterday", .notAhead("yesterday", instant: "yesterday 09:00")),
        ("2026-11-20 10:00", .notAhead("2026-11-20 10:00", instant: "today 10:00")),
        ("+0m", .zeroLength("+0m")),
        ("soon", .unreadable(.unrecognized("soon"))),
        ("-1h", .unreadable(.backwardOffset("-1h"))),
        ("2026-02-30", .unreadable(.noSuchDay("2026-02-30", year: 2026, month: 2))),
        ("99999999999999999999h", .unreadable(.offsetTooLarge("99999999999999999999h"))),
        ("900000h", .unreadable(.offsetTooLarge("900000h"))),
        ("", .unreadable(.empty)),
    ])
    func refused(text: String, expected: SnoozeTimeError) {
        #expect(throws: expected) { try Self.parser.snoozeInstant(from: text, dayTime: F.time("09:00")) }
    }

    @Test("The sentences name the text and say what would do")
    func messages() {
        #expect(SnoozeTimeError.endOfDay("eod").message
            == "“eod” is not a moment to snooze to: give a length such as 1h, a time such as 17:00, or a day such as tomorrow.")
        #expect(SnoozeTimeError.notAhead("today", instant: "today 09:00").message
            == "“today” is today 09:00, which has already come: snooze to a later time, such as 1h, 17:00 or tomorrow.")
        #expect(SnoozeTimeError.unreadable(.unrecognized("soon")).message == WhenError.unrecognized("soon").message)
    }
}
