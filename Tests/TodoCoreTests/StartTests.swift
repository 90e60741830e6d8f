import Foundation
import Testing
import TodoCore

private typealias F = CoreFixtures

/// A task's start (`TodoTask.start`): never after its due, moved with a
/// series, waiting until it comes, and what it holds back of the reminders.
@Suite("Start")
struct StartTests {
    static let timeRules = F.timeRules("Europe/Berlin")
    static var clock: WallClock { timeRules.clock }

    static func task(due: Due?, start: Due?) -> TodoTask {
        var task = F.task(due: due)
        task.start = start
        return task
    }

    @Test("A due before the start is refused, by day and by time and across them; one on the start's day or at its instant is not", arguments: [
        (Due.day(F.day("2027-01-04")), Due.day(F.day("2027-01-05")), true),
        (.day(F.day("2027-01-05")), .day(F.day("2027-01-05")), false),
        (.time(F.instant("2027-01-05T08:59:00+01:00")), .time(F.instant("2027-01-05T09:00:00+01:00")), true),
        (.time(F.instant("2027-01-05T09:00:00+01:00")), .time(F.instant("2027-01-05T09:00:00+01:00")), false),
        (.day(F.day("2027-01-05")), .time(F.instant("2027-01-05T23:00:00+01:00")), false),
        (.day(F.day("2027-01-04")), .time(F.instant("2027-01-05T00:30:00+01:00")), true),
        (.time(F.instant("2027-01-04T23:59:00+01:00")), .day(F.day("2027-01-05")), true),
        (.time(F.instant("2027-01-05T00:00:00+01:00")), .day(F.day("2027-01-05")), false),
    ])
    func dueBeforeStart(due: Due, start: Due, refused: Bool) {
        let task = Self.task(due: due, start: start)
        if refused {
            #expect(throws: StartError.self) { try task.checkStart(clock: Self.clock) }
        } else {
            #expect(throws: Never.self) { try task.checkStart(clock: Self.clock) }
        }
    }

    @Test("The refusal names both, as they were typed")
    func refusalWords() {
        let task = Self.task(due: .day(F.day("2027-01-04")), start: .time(F.instant("2027-01-05T09:30:00+01:00")))
        #expect(throws: StartError.dueBeforeStart(due: "2027-01-04", start: "2027-01-05 09:30")) { try task.checkStart(clock: Self.clock) }
    }

    @Test("A series' start moves with each occurrence, keeping its distance to the due: in days, in elapsed time, and across kinds")
    func movesWithOccurrence() {
        var days = Self.task(due: .day(F.day("2027-01-20")), start: .day(F.day("2027-01-05")))
        days.moveOccurrence(to: .day(F.day("2027-02-20")), clock: Self.clock)
        #expect(days.start == .day(F.day("2027-02-05")) && days.due == .day(F.day("2027-02-20")))

        var times = Self.task(due: .time(F.instant("2027-03-27T17:00:00+01:00")), start: .time(F.instant("2027-03-27T15:00:00+01:00")))
        // Across the spring change: two hours of elapsed time before the due.
        times.moveOccurrence(to: .time(F.instant("2027-03-28T17:00:00+02:00")), clock: Self.clock)
        #expect(times.start == .time(F.instant("2027-03-28T15:00:00+02:00")))

        var dayStart = Self.task(due: .time(F.instant("2027-01-20T17:00:00+01:00")), start: .day(F.day("2027-01-18")))
        dayStart.moveOccurrence(to: .time(F.instant("2027-01-27T17:00:00+01:00")), clock: Self.clock)
        #expect(dayStart.start == .day(F.day("2027-01-25")))

        var timeStart = Self.task(due: .day(F.day("2027-01-20")), start: .time(F.instant("2027-01-19T08:00:00+01:00")))
        timeStart.moveOccurrence(to: .day(F.day("2027-01-27")), clock: Self.clock)
        #expect(timeStart.start == .time(F.instant("2027-01-26T08:00:00+01:00")))

        var none = Self.task(due: .day(F.day("2027-01-20")), start: nil)
        none.moveOccurrence(to: .day(F.day("2027-01-27")), clock: Self.clock)
        #expect(none.start == nil)
    }

    @Test("Completing an occurrence of a series moves its start on with the due")
    func completionMovesStart() {
        var task = Self.task(due: .day(F.day("2027-01-20")), start: .day(F.day("2027-01-13")))
        task.repeating = TaskRepeat(rule: "FREQ=WEEKLY", zone: nil, start: .day(F.day("2027-01-20")))
        _ = task.completeOccurrence(at: F.instant("2027-01-20T10:00:00+01:00"), next: .day(F.day("2027-01-27")),
                                    handledAt: F.instant("2027-01-20T10:00:00+01:00"), clock: Self.clock)
        #expect(task.start == .day(F.day("2027-01-20")) && task.due == .day(F.day("2027-01-27")))
    }

    @Test("A task waits until its start, unless it is done or its due has come")
    func waiting() {
        let task = Self.task(due: .day(F.day("2027-01-20")), start: .day(F.day("2027-01-05")))
        #expect(Self.timeRules.isWaiting(task, at: F.instant("2027-01-04T23:59:00+01:00")))
        #expect(!Self.timeRules.isWaiting(task, at: F.instant("2027-01-05T00:00:00+01:00")))
        var done = task
        done.completedAt = F.instant("2027-01-01T10:00:00+01:00")
        #expect(!Self.timeRules.isWaiting(done, at: F.instant("2027-01-02T10:00:00+01:00")))
        // A file's start after its due (no rule here refuses another client's): the due holds.
        let late = Self.task(due: .day(F.day("2027-01-03")), start: .day(F.day("2027-01-05")))
        #expect(!Self.timeRules.isWaiting(late, at: F.instant("2027-01-04T10:00:00+01:00")))
        #expect(!Self.timeRules.isWaiting(Self.task(due: nil, start: nil), at: F.instant("2027-01-04T10:00:00+01:00")))
    }

    @Test("Before the start, the morning, the due time and alarms relative to the due do not fire; alarms relative to the start and at a moment do")
    func remindersBeforeStart() {
        // Due 10:00 on the 5th, starting at 09:30 that day: the 09:00
        // morning reminder and the -1h alarm fall before the start.
        var task = Self.task(due: .time(F.instant("2027-01-05T10:00:00+01:00")), start: .time(F.instant("2027-01-05T09:30:00+01:00")))
        task.alarms = [.relative(seconds: -3600), .relative(seconds: -600), .relativeToStart(seconds: -86_400),
                       .relativeToStart(seconds: 0), .absolute(F.instant("2027-01-04T12:00:00+01:00"))]
        let instants = Self.timeRules.reminders(for: task).map(\.at)
        #expect(instants == [
            F.instant("2027-01-04T09:30:00+01:00"), F.instant("2027-01-04T12:00:00+01:00"),
            F.instant("2027-01-05T09:30:00+01:00"), F.instant("2027-01-05T09:50:00+01:00"), F.instant("2027-01-05T10:00:00+01:00"),
        ])
        #expect(Self.timeRules.nextReminder(for: task, after: F.instant("2027-01-04T13:00:00+01:00"))?.at == F.instant("2027-01-05T09:30:00+01:00"))
        // The index-only reading of `next` leaves out the same.
        var queue = ReminderQueue(timeRules: Self.timeRules, after: F.instant("2027-01-04T00:00:00+01:00"), limit: 10)
        queue.offer(task)
        #expect(queue.reminders.map(\.at) == [F.instant("2027-01-05T10:00:00+01:00")])
    }

    @Test("An alarm relative to the start is the same reminder, for the ledger, as the alarm relative to the due it was read as before")
    func startAlarmIdentity() throws {
        var task = Self.task(due: .time(F.instant("2027-01-05T10:00:00+01:00")), start: .time(F.instant("2027-01-05T09:00:00+01:00")))
        task.alarms = [.relativeToStart(seconds: -900)]
        let fromStart = try #require(Self.timeRules.alarmReminders(for: task).first)
        task.start = nil
        task.alarms = [.relative(seconds: -4500)]
        let fromDue = try #require(Self.timeRules.alarmReminders(for: task).first)
        #expect(fromStart.id == fromDue.id && fromStart.at == fromDue.at)
    }

    @Test("A task with a start and no due has its start's alarms")
    func startOnly() {
        var task = Self.task(due: nil, start: .day(F.day("2027-01-05")))
        task.alarms = [.relativeToStart(seconds: 9 * 3600)]
        #expect(Self.timeRules.reminders(for: task).map(\.at) == [F.instant("2027-01-05T09:00:00+01:00")])
    }

    @Test("--remind takes start, lengths from it and from the due")
    func parsing() throws {
        let parser = WhenParser(now: F.instant("2027-01-01T10:00:00+01:00"), clock: Self.clock)
        #expect(try parser.alarms(from: "start, -1d@start, +2h@START, -15m@due, 0") == [
            .relativeToStart(seconds: 0), .relativeToStart(seconds: -86_400), .relativeToStart(seconds: 7200),
            .relative(seconds: -900), .relative(seconds: 0),
        ])
        #expect(throws: AlarmError.unreadable("-1x@start")) { try parser.alarms(from: "-1x@start") }
    }
}
