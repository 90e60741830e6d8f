import Foundation
import Testing
import TodoCore

private typealias F = CoreFixtures

// MARK: - States

@Suite("Time rules: due states")
struct TimeRulesStateTests {
    /// 17:00 EDT on 2026-06-15.
    static let due = F.instant("2026-06-15T17:00:00-04:00")

    @Test("A timed task's state turns on the 24-hour due-soon window, to the second", arguments: [
        (-30 * 86_400, DueState.upcoming),
        (-(86_400 + 1), .upcoming),
        (-86_400, .dueSoon),
        (-86_400 + 1, .dueSoon),
        (-1, .dueSoon),
        (0, .overdue),
        (1, .overdue),
        (30 * 86_400, .overdue),
    ])
    func timedTaskWindow(secondsFromDue: Int, expected: DueState) {
        // Given a task due at 17:00
        let task = F.task(due: .time(Self.due))
        // When it is looked at some seconds from its due instant
        let now = Self.due.addingTimeInterval(Double(secondsFromDue))
        // Then its state is decided by the window alone, whatever the zone
        for zone in ["America/New_York", "UTC", "Pacific/Kiritimati"] {
            #expect(F.timeRules(zone).state(of: task, at: now) == expected, "in \(zone)")
        }
    }

    @Test("A day task is due at the next local midnight, in every zone", arguments: [
        ("UTC", "Z"), ("America/New_York", "-05:00"), ("Europe/Berlin", "+01:00"),
        ("Pacific/Kiritimati", "+14:00"), ("Pacific/Pago_Pago", "-11:00"), ("Pacific/Chatham", "+13:45"),
    ])
    func dayTaskAtMidnight(zone: String, offset: String) {
        // Given a task due on 2026-12-01
        let timeRules = F.timeRules(zone)
        let task = F.task(due: .day(F.day("2026-12-01")))
        func at(_ local: String) -> Date { F.instant(local + offset) }

        // Then it is due at 2026-12-02 00:00 local, not before
        #expect(timeRules.dueInstant(of: task.due!) == at("2026-12-02T00:00:00"))
        #expect(timeRules.state(of: task, at: at("2026-11-30T23:59:59")) == .upcoming)
        #expect(timeRules.state(of: task, at: at("2026-12-01T00:00:00")) == .dueSoon)
        #expect(timeRules.state(of: task, at: at("2026-12-01T23:59:59")) == .dueSoon)
        #expect(timeRules.state(of: task, at: at("2026-12-02T00:00:00")) == .overdue)
        #expect(timeRules.group(of: task, at: at("2026-11-30T23:59:59")) == .upcoming)
        #expect(timeRules.group(of: task, at: at("2026-12-01T00:00:00")) == .today)
        #expect(timeRules.group(of: task, at: at("2026-12-01T23:59:59")) == .today)
        #expect(timeRules.group(of: task, at: at("2026-12-02T00:00:00")) == .overdue)
    }

    @Test("Completed comes first, then no due date, whatever else holds", arguments: [
        (true, Due?.none, DueState.completed),
        (true, Due?.some(.time(TimeRulesStateTests.due)), .completed),
        (true, Due?.some(.day(F.day("2020-01-01"))), .completed),
        (false, Due?.none, .noDueDate),
    ])
    func completedAndNoDueDate(completed: Bool, due: Due?, expected: DueState) {
        let task = F.task(due: due, completed: completed)
        #expect(F.timeRules("UTC").state(of: task, at: Self.due.addingTimeInterval(86_400)) == expected)
    }

    @Test("A task's reminder switch does not change its state")
    func reminderSwitchDoesNotChangeState() {
        let task = F.task(due: .time(Self.due), reminderOn: false)
        #expect(F.timeRules("UTC").state(of: task, at: Self.due) == .overdue)
        #expect(F.timeRules("UTC").state(of: task, at: Self.due.addingTimeInterval(-60)) == .dueSoon)
    }

    @Test("The due-soon window is the policy's", arguments: [
        (2.0 * 3600, -7_200, DueState.dueSoon),
        (2.0 * 3600, -7_201, .upcoming),
        (0, -1, .upcoming),
        (0, 0, .overdue),
        (7.0 * 86_400, -7 * 86_400, .dueSoon),
    ])
    func customWindow(window: TimeInterval, secondsFromDue: Int, expected: DueState) {
        let timeRules = F.timeRules("UTC", policy: ReminderPolicy(dueSoonWindow: window))
        let task = F.task(due: .time(Self.due))
        #expect(timeRules.state(of: task, at: Self.due.addingTimeInterval(Double(secondsFromDue))) == expected)
    }
}

// MARK: - Groups

@Suite("Time rules: list groups")
struct TimeRulesGroupTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let due: Due?
        var completed = false
        let group: TaskGroup
    }

    /// 14:00 EDT on Monday 2026-06-15.
    static let now = F.instant("2026-06-15T14:00:00-04:00")

    static let cases: [Case] = [
        .init(testDescription: "a timed task due earlier today is overdue",
              due: .time(F.instant("2026-06-15T13:00:00-04:00")), group: .overdue),
        .init(testDescription: "a timed task due this very second is overdue",
              due: .time(now), group: .overdue),
        .init(testDescription: "a day task due yesterday is overdue",
              due: .day(F.day("2026-06-14")), group: .overdue),
        .init(testDescription: "a timed task due a second from now is today",
              due: .time(now.addingTimeInterval(1)), group: .today),
        .init(testDescription: "a timed task later today is today",
              due: .time(F.instant("2026-06-15T20:00:00-04:00")), group: .today),
        .init(testDescription: "a timed task late tonight, tomorrow in UTC, is today",
              due: .time(F.instant("2026-06-15T22:00:00-04:00")), group: .today),
        .init(testDescription: "a timed task at 23:59:59 is today",
              due: .time(F.instant("2026-06-15T23:59:59-04:00")), group: .today),
        .init(testDescription: "a day task due today is today",
              due: .day(F.day("2026-06-15")), group: .today),
        .init(testDescription: "a timed task at midnight tonight is upcoming",
              due: .time(F.instant("2026-06-16T00:00:00-04:00")), group: .upcoming),
        .init(testDescription: "a day task due tomorrow is upcoming",
              due: .day(F.day("2026-06-16")), group: .upcoming),
        .init(testDescription: "a timed task next year is upcoming",
              due: .time(F.instant("2027-06-15T14:00:00-04:00")), group: .upcoming),
        .init(testDescription: "a task with no due date is someday",
              due: nil, group: .someday),
        .init(testDescription: "a completed task due today is completed",
              due: .day(F.day("2026-06-15")), completed: true, group: .completed),
        .init(testDescription: "a completed overdue task is completed",
              due: .day(F.day("2026-06-01")), completed: true, group: .completed),
        .init(testDescription: "a completed task with no due date is completed",
              due: nil, completed: true, group: .completed),
    ]

    @Test("Each task lands in one group", arguments: TimeRulesGroupTests.cases)
    func group(_ example: Case) {
        let task = F.task(due: example.due, completed: example.completed)
        #expect(F.timeRules("America/New_York").group(of: task, at: Self.now) == example.group)
    }

    @Test("Today is the time rules' local date: 22:00 EDT is tomorrow in UTC")
    func todayIsLocal() {
        let task = F.task(due: .time(F.instant("2026-06-15T22:00:00-04:00")))
        #expect(F.timeRules("America/New_York").group(of: task, at: Self.now) == .today)
        #expect(F.timeRules("UTC").group(of: task, at: Self.now) == .upcoming)
    }

    @Test("Groups list in display order with their titles")
    func order() {
        #expect(TaskGroup.allCases.sorted() == [.overdue, .today, .upcoming, .someday, .completed])
        #expect(TaskGroup.allCases.map(\.title) == ["Overdue", "Today", "Upcoming", "Someday", "Completed"])
        #expect(TaskGroup.today < .upcoming)
        #expect(!(TaskGroup.completed < .overdue))
    }
}

// MARK: - Reminders

@Suite("Time rules: reminders")
struct TimeRulesReminderTests {
    static let newYork = "America/New_York"

    @Test("A timed task due at or before 09:00 is reminded at 09:00 the day before, otherwise at 09:00 that day",
          arguments: [
            ("00:00:00", "2026-06-14T09:00:00-04:00"),
            ("08:59:00", "2026-06-14T09:00:00-04:00"),
            ("08:59:59", "2026-06-14T09:00:00-04:00"),
            ("09:00:00", "2026-06-14T09:00:00-04:00"),
            ("09:00:01", "2026-06-15T09:00:00-04:00"),
            ("09:01:00", "2026-06-15T09:00:00-04:00"),
            ("17:00:00", "2026-06-15T09:00:00-04:00"),
            ("23:59:00", "2026-06-15T09:00:00-04:00"),
          ])
    func timedMorning(dueTime: String, morning: String) {
        // Given a task due at some time on 2026-06-15 in New York
        let due = F.instant("2026-06-15T\(dueTime)-04:00")
        let task = F.task(7, due: .time(due))
        // Then it is reminded in the morning, and at the due instant
        #expect(F.timeRules(Self.newYork).reminders(for: task) == [
            Reminder(taskID: 7, kind: .morning, occurrence: .at(due), at: F.instant(morning)),
            Reminder(taskID: 7, kind: .atDueTime, occurrence: .at(due), at: due),
        ])
    }

    @Test("remindAtDueTime = false leaves a timed task only its morning reminder")
    func noAtDueTime() {
        let timeRules = F.timeRules(Self.newYork, policy: ReminderPolicy(remindAtDueTime: false))
        let task = F.task(due: .time(F.instant("2026-06-15T17:00:00-04:00")))
        #expect(timeRules.reminders(for: task) == [
            Reminder(taskID: 1, kind: .morning, occurrence: .at(F.instant("2026-06-15T17:00:00-04:00")), at: F.instant("2026-06-15T09:00:00-04:00")),
        ])
    }

    @Test("A day task is reminded at the reminder time on its day, never at a due time",
          arguments: [true, false])
    func dayTask(remindAtDueTime: Bool) {
        let timeRules = F.timeRules(Self.newYork, policy: ReminderPolicy(remindAtDueTime: remindAtDueTime))
        let task = F.task(3, due: .day(F.day("2026-12-01")))
        #expect(timeRules.reminders(for: task) == [
            Reminder(taskID: 3, kind: .morning, occurrence: .day(F.day("2026-12-01")), at: F.instant("2026-12-01T09:00:00-05:00")),
        ])
    }

    @Test("The reminder time comes from the policy", arguments: [
        ("07:30", "07:29", "2026-06-14T07:30:00-04:00"),
        ("07:30", "07:30", "2026-06-14T07:30:00-04:00"),
        ("07:30", "07:31", "2026-06-15T07:30:00-04:00"),
        ("07:30", "08:59", "2026-06-15T07:30:00-04:00"),
        ("18:00", "17:00", "2026-06-14T18:00:00-04:00"),
        ("18:00", "18:01", "2026-06-15T18:00:00-04:00"),
        ("00:00", "00:00", "2026-06-14T00:00:00-04:00"),
        ("00:00", "00:01", "2026-06-15T00:00:00-04:00"),
    ])
    func customReminderTime(reminderTime: String, dueTime: String, morning: String) {
        let policy = ReminderPolicy(reminderTime: F.time(reminderTime))
        let timeRules = F.timeRules(Self.newYork, policy: policy)
        let timed = F.task(due: .time(F.instant("2026-06-15T\(dueTime):00-04:00")))
        #expect(timeRules.reminders(for: timed).first == Reminder(taskID: 1, kind: .morning, occurrence: .due(timed.due!), at: F.instant(morning)))
        let day = F.task(due: .day(F.day("2026-06-15")))
        #expect(timeRules.reminders(for: day) == [
            Reminder(taskID: 1, kind: .morning, occurrence: .day(F.day("2026-06-15")), at: F.instant("2026-06-15T\(reminderTime):00-04:00")),
        ])
    }

    @Test("A task with its reminder off, completed, or without a due date has no reminders", arguments: [
        // (due, reminder on, completed)
        (Due?.some(.time(F.instant("2026-06-15T17:00:00Z"))), false, false),
        (Due?.some(.day(F.day("2026-06-15"))), false, false),
        (Due?.some(.time(F.instant("2026-06-15T17:00:00Z"))), true, true),
        (Due?.some(.day(F.day("2026-06-15"))), true, true),
        (Due?.none, true, false),
        (Due?.none, false, false),
    ])
    func noReminders(due: Due?, reminderOn: Bool, completed: Bool) {
        let timeRules = F.timeRules("UTC")
        let task = F.task(due: due, completed: completed, reminderOn: reminderOn)
        #expect(timeRules.reminders(for: task).isEmpty)
        #expect(timeRules.nextReminder(for: task, after: F.instant("2026-01-01T00:00:00Z")) == nil)
    }

    @Test("The next reminder is the earliest one strictly after now", arguments: [
        ("2026-06-01T00:00:00-04:00", ReminderKind?.some(.morning)),
        ("2026-06-15T08:59:59-04:00", .morning),
        ("2026-06-15T09:00:00-04:00", .atDueTime),
        ("2026-06-15T09:00:01-04:00", .atDueTime),
        ("2026-06-15T16:59:59-04:00", .atDueTime),
        ("2026-06-15T17:00:00-04:00", nil),
        ("2026-06-16T00:00:00-04:00", nil),
    ])
    func nextReminder(now: String, expected: ReminderKind?) {
        let due = F.instant("2026-06-15T17:00:00-04:00")
        let next = F.timeRules(Self.newYork).nextReminder(for: F.task(due: .time(due)), after: F.instant(now))
        #expect(next?.kind == expected)
        if let next {
            #expect(next.at > F.instant(now))
            #expect(next.at == (expected == .morning ? F.instant("2026-06-15T09:00:00-04:00") : due))
        }
    }

    @Test("A day task has no next reminder from its morning instant on")
    func nextReminderOfDayTask() {
        let timeRules = F.timeRules(Self.newYork)
        let task = F.task(due: .day(F.day("2026-06-15")))
        let morning = F.instant("2026-06-15T09:00:00-04:00")
        #expect(timeRules.nextReminder(for: task, after: morning.addingTimeInterval(-1))?.at == morning)
        #expect(timeRules.nextReminder(for: task, after: morning) == nil)
    }

    @Test("Without at-due-time reminders, nothing follows the morning one")
    func nextReminderWithoutAtDueTime() {
        let timeRules = F.timeRules(Self.newYork, policy: ReminderPolicy(remindAtDueTime: false))
        let task = F.task(due: .time(F.instant("2026-06-15T17:00:00-04:00")))
        #expect(timeRules.nextReminder(for: task, after: F.instant("2026-06-15T09:00:00-04:00")) == nil)
    }
}

// MARK: - Time zones and DST

@Suite("Time rules: time zones and DST")
struct TimeRulesTimeZoneTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let zone: String
        let due: Due
        /// The exact due instant.
        let dueInstant: String
        /// The exact morning reminder.
        let morning: String
    }

    static let cases: [Case] = [
        // America/New_York: 2026-03-08 springs forward at 02:00, 2026-11-01 falls back at 02:00.
        .init(testDescription: "NY: a day task due the day before spring-forward is due at 00:00 EST",
              zone: "America/New_York", due: .day(F.day("2026-03-07")),
              dueInstant: "2026-03-08T05:00:00Z", morning: "2026-03-07T14:00:00Z"),
        .init(testDescription: "NY: a day task due on the DST day has its 09:00 reminder in EDT",
              zone: "America/New_York", due: .day(F.day("2026-03-08")),
              dueInstant: "2026-03-09T04:00:00Z", morning: "2026-03-08T13:00:00Z"),
        .init(testDescription: "NY: a timed task due 03:30 EDT on the DST day is reminded at 09:00 EST the day before",
              zone: "America/New_York", due: .time(F.instant("2026-03-08T03:30:00-04:00")),
              dueInstant: "2026-03-08T07:30:00Z", morning: "2026-03-07T14:00:00Z"),
        .init(testDescription: "NY: a day task due the day before fall-back is due at 00:00 EDT",
              zone: "America/New_York", due: .day(F.day("2026-10-31")),
              dueInstant: "2026-11-01T04:00:00Z", morning: "2026-10-31T13:00:00Z"),
        .init(testDescription: "NY: a day task due on the 25-hour day is due at 00:00 EST",
              zone: "America/New_York", due: .day(F.day("2026-11-01")),
              dueInstant: "2026-11-02T05:00:00Z", morning: "2026-11-01T14:00:00Z"),
        .init(testDescription: "NY: a timed task at the second 01:30 (EST) still belongs to 2026-11-01",
              zone: "America/New_York", due: .time(F.instant("2026-11-01T01:30:00-05:00")),
              dueInstant: "2026-11-01T06:30:00Z", morning: "2026-10-31T13:00:00Z"),
        // Europe/Berlin: 2026-03-29 and 2026-10-25.
        .init(testDescription: "Berlin: a day task due before spring-forward is due at 00:00 CET",
              zone: "Europe/Berlin", due: .day(F.day("2026-03-28")),
              dueInstant: "2026-03-28T23:00:00Z", morning: "2026-03-28T08:00:00Z"),
        .init(testDescription: "Berlin: a day task due on the DST day has its 09:00 reminder in CEST",
              zone: "Europe/Berlin", due: .day(F.day("2026-03-29")),
              dueInstant: "2026-03-29T22:00:00Z", morning: "2026-03-29T07:00:00Z"),
        .init(testDescription: "Berlin: a day task due before fall-back is due at 00:00 CEST",
              zone: "Europe/Berlin", due: .day(F.day("2026-10-24")),
              dueInstant: "2026-10-24T22:00:00Z", morning: "2026-10-24T07:00:00Z"),
        .init(testDescription: "Berlin: a day task due on the fall-back day has its reminder in CET",
              zone: "Europe/Berlin", due: .day(F.day("2026-10-25")),
              dueInstant: "2026-10-25T23:00:00Z", morning: "2026-10-25T08:00:00Z"),
        // Australia/Lord_Howe: 30-minute DST.
        .init(testDescription: "Lord Howe: a day task due before spring-forward is due at 00:00 +10:30",
              zone: "Australia/Lord_Howe", due: .day(F.day("2026-10-03")),
              dueInstant: "2026-10-03T13:30:00Z", morning: "2026-10-02T22:30:00Z"),
        .init(testDescription: "Lord Howe: a day task due on the DST day has its reminder at +11",
              zone: "Australia/Lord_Howe", due: .day(F.day("2026-10-04")),
              dueInstant: "2026-10-04T13:00:00Z", morning: "2026-10-03T22:00:00Z"),
        .init(testDescription: "Lord Howe: a day task due on the fall-back day is due at 00:00 +10:30",
              zone: "Australia/Lord_Howe", due: .day(F.day("2026-04-05")),
              dueInstant: "2026-04-05T13:30:00Z", morning: "2026-04-04T22:30:00Z"),
        // America/Sao_Paulo 2018: DST began at midnight, so 2018-11-04 began at 01:00 -02.
        .init(testDescription: "São Paulo: a day task due 2018-11-03 is due at 2018-11-04 01:00 -02",
              zone: "America/Sao_Paulo", due: .day(F.day("2018-11-03")),
              dueInstant: "2018-11-04T03:00:00Z", morning: "2018-11-03T12:00:00Z"),
        .init(testDescription: "São Paulo: a day task due on the 23-hour day has its reminder at -02",
              zone: "America/Sao_Paulo", due: .day(F.day("2018-11-04")),
              dueInstant: "2018-11-05T02:00:00Z", morning: "2018-11-04T11:00:00Z"),
        // Pacific/Chatham: +12:45 / +13:45.
        .init(testDescription: "Chatham: a day task due before spring-forward is due at 00:00 +12:45",
              zone: "Pacific/Chatham", due: .day(F.day("2026-09-26")),
              dueInstant: "2026-09-26T11:15:00Z", morning: "2026-09-25T20:15:00Z"),
        .init(testDescription: "Chatham: a day task due on the DST day has its reminder at +13:45",
              zone: "Pacific/Chatham", due: .day(F.day("2026-09-27")),
              dueInstant: "2026-09-27T10:15:00Z", morning: "2026-09-26T19:15:00Z"),
        .init(testDescription: "Chatham: a day task due before fall-back is due at 00:00 +13:45",
              zone: "Pacific/Chatham", due: .day(F.day("2026-04-04")),
              dueInstant: "2026-04-04T10:15:00Z", morning: "2026-04-03T19:15:00Z"),
        .init(testDescription: "Chatham: a day task due on the fall-back day has its reminder at +12:45",
              zone: "Pacific/Chatham", due: .day(F.day("2026-04-05")),
              dueInstant: "2026-04-05T11:15:00Z", morning: "2026-04-04T20:15:00Z"),
    ]

    @Test("Due instants and morning reminders are exact UTC instants across DST", arguments: TimeRulesTimeZoneTests.cases)
    func dueInstantAndMorning(_ example: Case) {
        let timeRules = F.timeRules(example.zone)
        let task = F.task(due: example.due)
        #expect(timeRules.dueInstant(of: example.due) == F.instant(example.dueInstant))
        #expect(timeRules.reminders(for: task).first == Reminder(taskID: 1, kind: .morning, occurrence: .due(example.due), at: F.instant(example.morning)))
        // The state flips to overdue exactly at the due instant.
        let dueInstant = F.instant(example.dueInstant)
        #expect(timeRules.state(of: task, at: dueInstant.addingTimeInterval(-1)) == .dueSoon)
        #expect(timeRules.state(of: task, at: dueInstant) == .overdue)
    }

    @Test("NY: a task entered for 02:30 on the spring-forward day is due at 03:30 EDT")
    func timedTaskInTheGap() {
        // Given a task entered as "2026-03-08 02:30" in New York
        let timeRules = F.timeRules("America/New_York")
        let due = timeRules.clock.instant(on: F.day("2026-03-08"), at: F.time("02:30"))
        let task = F.task(due: .time(due))
        // Then it is due at 03:30 EDT, and reminded at 09:00 EST the day before and at 03:30 EDT
        #expect(due == F.instant("2026-03-08T07:30:00Z"))
        #expect(timeRules.reminders(for: task) == [
            Reminder(taskID: 1, kind: .morning, occurrence: .at(due), at: F.instant("2026-03-07T14:00:00Z")),
            Reminder(taskID: 1, kind: .atDueTime, occurrence: .at(due), at: F.instant("2026-03-08T07:30:00Z")),
        ])
        // And at 01:00 EST that night it is today's and due soon
        #expect(timeRules.group(of: task, at: F.instant("2026-03-08T06:00:00Z")) == .today)
        #expect(timeRules.state(of: task, at: F.instant("2026-03-08T06:00:00Z")) == .dueSoon)
    }

    @Test("NY: a task entered for 01:30 on the fall-back day is the first 01:30, in EDT")
    func timedTaskInTheRepeat() {
        let timeRules = F.timeRules("America/New_York")
        let due = timeRules.clock.instant(on: F.day("2026-11-01"), at: F.time("01:30"))
        #expect(due == F.instant("2026-11-01T05:30:00Z"))
        #expect(timeRules.reminders(for: F.task(due: .time(due))).map(\.at) == [
            F.instant("2026-10-31T13:00:00Z"), F.instant("2026-11-01T05:30:00Z"),
        ])
    }

    @Test("On the 25-hour fall-back day a day task due today is still more than 24 h away at midnight")
    func twentyFiveHourDay() {
        let timeRules = F.timeRules("America/New_York")
        let task = F.task(due: .day(F.day("2026-11-01")))
        let midnight = F.instant("2026-11-01T00:00:00-04:00")
        #expect(timeRules.group(of: task, at: midnight) == .today)
        #expect(timeRules.state(of: task, at: midnight) == .upcoming)
        #expect(timeRules.state(of: task, at: midnight.addingTimeInterval(3600)) == .dueSoon)
    }

    @Test("São Paulo: 2018-11-04 begins at 01:00 -02, the due instant of a task due the day before")
    func saoPauloMidnight() {
        let timeRules = F.timeRules("America/Sao_Paulo")
        let start = F.instant("2018-11-04T01:00:00-02:00")
        #expect(timeRules.clock.startOfDay(F.day("2018-11-04")) == start)
        #expect(timeRules.clock.day(of: start) == F.day("2018-11-04"))
        #expect(timeRules.clock.secondsIntoDay(of: start) == 3600)
        #expect(timeRules.clock.day(of: start.addingTimeInterval(-1)) == F.day("2018-11-03"))
        let task = F.task(due: .day(F.day("2018-11-03")))
        #expect(timeRules.group(of: task, at: start.addingTimeInterval(-1)) == .today)
        #expect(timeRules.group(of: task, at: start) == .overdue)
    }

    @Test("Lord Howe and Chatham: tasks entered in the gap move by the gap; in the repeat, first occurrence", arguments: [
        ("Australia/Lord_Howe", "2026-10-04", "02:15", "2026-10-03T15:45:00Z"),
        ("Australia/Lord_Howe", "2026-04-05", "01:45", "2026-04-04T14:45:00Z"),
        ("Pacific/Chatham", "2026-09-27", "03:00", "2026-09-26T14:15:00Z"),
        ("Pacific/Chatham", "2026-04-05", "03:00", "2026-04-04T13:15:00Z"),
        ("Europe/Berlin", "2026-03-29", "02:30", "2026-03-29T01:30:00Z"),
        ("Europe/Berlin", "2026-10-25", "02:30", "2026-10-25T00:30:00Z"),
    ])
    func enteredAtTransition(zone: String, day: String, time: String, expected: String) {
        let timeRules = F.timeRules(zone)
        let due = timeRules.clock.instant(on: F.day(day), at: F.time(time))
        #expect(due == F.instant(expected))
        #expect(timeRules.dueInstant(of: .time(due)) == F.instant(expected))
        // Early in the day, so reminded at 09:00 the day before.
        let morning = timeRules.clock.instant(on: F.day(day).adding(days: -1), at: .nine)
        #expect(timeRules.reminders(for: F.task(due: .time(due))).map(\.at) == [morning, due])
    }

    @Test("A timed task keeps its instant when the time zone changes; a day task follows the zone", arguments: [
        ("America/New_York", "2026-06-16T04:00:00Z", "2026-06-15T13:00:00Z"),
        ("Europe/Berlin", "2026-06-15T22:00:00Z", "2026-06-15T07:00:00Z"),
        ("Asia/Tokyo", "2026-06-15T15:00:00Z", "2026-06-15T00:00:00Z"),
        ("Pacific/Kiritimati", "2026-06-15T10:00:00Z", "2026-06-15T19:00:00Z"),
    ])
    func zoneChange(zone: String, dayDueInstant: String, timedMorning: String) {
        // Given a task due at 21:00 UTC on 2026-06-15 and another due on 2026-06-15
        let instant = F.instant("2026-06-15T21:00:00Z")
        let timeRules = F.timeRules(zone)
        // Then the timed one is due at the same instant everywhere
        #expect(timeRules.dueInstant(of: .time(instant)) == instant)
        #expect(timeRules.reminders(for: F.task(due: .time(instant))).last?.at == instant)
        // while its morning reminder, and the day task's due instant, follow the local clock
        #expect(timeRules.reminders(for: F.task(due: .time(instant))).first?.at == F.instant(timedMorning))
        #expect(timeRules.dueInstant(of: .day(F.day("2026-06-15"))) == F.instant(dayDueInstant))
    }

    struct ReminderTimeInTransition: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let zone: String
        let reminderTime: String
        let due: String
        let morning: String
    }

    /// docs/ARCHITECTURE.md §2 moves the morning reminder to the day before when the task is due at or
    /// before the reminder time of its day. When that reminder time does not exist on the due
    /// day (it falls in a DST gap and moves forward), "at or before" is about the instants:
    /// a reminder must not fire after the task is already due.
    static let reminderTimesInTransition: [ReminderTimeInTransition] = [
        .init(testDescription: "NY: reminder time 02:30 (03:30 EDT on the DST day), task due 03:10 EDT",
              zone: "America/New_York", reminderTime: "02:30",
              due: "2026-03-08T03:10:00-04:00", morning: "2026-03-07T02:30:00-05:00"),
        .init(testDescription: "NY: reminder time 02:30, task due 03:30 EDT, the instant 02:30 moves to",
              zone: "America/New_York", reminderTime: "02:30",
              due: "2026-03-08T03:30:00-04:00", morning: "2026-03-07T02:30:00-05:00"),
        .init(testDescription: "NY: reminder time 02:30, task due 03:31 EDT, after it",
              zone: "America/New_York", reminderTime: "02:30",
              due: "2026-03-08T03:31:00-04:00", morning: "2026-03-08T03:30:00-04:00"),
        .init(testDescription: "São Paulo: reminder time 00:30 (01:30 -02 on 2018-11-04), task due 01:10 -02",
              zone: "America/Sao_Paulo", reminderTime: "00:30",
              due: "2018-11-04T01:10:00-02:00", morning: "2018-11-03T00:30:00-03:00"),
        .init(testDescription: "Chatham: reminder time 03:00 (04:00 +13:45 on 2026-09-27), task due 03:50 +13:45",
              zone: "Pacific/Chatham", reminderTime: "03:00",
              due: "2026-09-27T03:50:00+13:45", morning: "2026-09-26T03:00:00+12:45"),
        .init(testDescription: "NY: reminder time 01:30 is its first occurrence; a task due at the second 01:15 is after it",
              zone: "America/New_York", reminderTime: "01:30",
              due: "2026-11-01T01:15:00-05:00", morning: "2026-11-01T01:30:00-04:00"),
    ]

    @Test("A morning reminder never falls after its timed task is due", arguments: TimeRulesTimeZoneTests.reminderTimesInTransition)
    func reminderTimeInTransition(_ example: ReminderTimeInTransition) {
        let timeRules = F.timeRules(example.zone, policy: ReminderPolicy(reminderTime: F.time(example.reminderTime)))
        let due = F.instant(example.due)
        #expect(timeRules.reminders(for: F.task(due: .time(due))) == [
            Reminder(taskID: 1, kind: .morning, occurrence: .at(due), at: F.instant(example.morning)),
            Reminder(taskID: 1, kind: .atDueTime, occurrence: .at(due), at: due),
        ])
    }

    @Test("Whatever the zone and reminder time, a timed task's morning reminder is the last reminder time before it is due",
          arguments: ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "America/Sao_Paulo", "Pacific/Chatham", "Pacific/Kiritimati"])
    func morningInvariants(zone: String) {
        let reminderTimes = ["00:00", "00:30", "01:30", "01:45", "02:00", "02:15", "02:30", "03:00", "09:00", "23:59"].map(F.time)
        // Reminder times in and around every gap and repeat above, and a task due every
        // 15 minutes through the transitions the tables use (Kiritimati has none: a control).
        let windows = [
            ("2018-11-02T00:00:00Z", 4), ("2026-03-06T00:00:00Z", 4), ("2026-03-27T00:00:00Z", 4),
            ("2026-04-02T00:00:00Z", 5), ("2026-09-25T00:00:00Z", 4), ("2026-10-02T00:00:00Z", 4),
            ("2026-10-23T00:00:00Z", 4), ("2026-10-30T00:00:00Z", 4),
        ]
        var checked = 0
        for reminderTime in reminderTimes {
            let timeRules = F.timeRules(zone, policy: ReminderPolicy(reminderTime: reminderTime))
            let clock = timeRules.clock
            for (start, days) in windows {
                let first = F.instant(start)
                for step in 0..<(days * 96) {
                    let due = first.addingTimeInterval(Double(step * 900))
                    let reminders = timeRules.reminders(for: F.task(due: .time(due)))
                    guard reminders.count == 2, let morning = reminders.first else {
                        Issue.record("\(due) in \(zone): \(reminders)")
                        return
                    }
                    let dueDay = clock.day(of: due)
                    let candidates = [dueDay, dueDay.adding(days: -1)].map { clock.instant(on: $0, at: reminderTime) }
                    // Before the due instant, and the latest reminder time that is.
                    let latestBeforeDue = candidates[0] < due ? candidates[0] : candidates[1]
                    if morning.at != latestBeforeDue || !(morning.at < due) || reminders[1].at != due {
                        Issue.record("\(due) in \(zone) at \(reminderTime): morning \(morning.at)")
                        return
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == reminderTimes.count * 33 * 96)
    }
}

@Suite("Time rules: the next reminder, found without building the list")
struct NextReminderAgreementTests {
    @Test("nextReminder is the first of reminders(for:) after now, for every mix of dues, snoozes and instants")
    func agreesWithReminders() {
        var generator = SystemRandomNumberGenerator()
        let base = F.instant("2026-03-07T00:00:00-05:00")
        for zone in ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe"] {
            for policy in [ReminderPolicy(), ReminderPolicy(remindAtDueTime: false)] {
                let timeRules = F.timeRules(zone, policy: policy)
                for index in 0..<400 {
                    // Given a task due around a DST change, maybe snoozed, maybe off or done
                    let offset = Double(Int.random(in: 0..<(30 * 96), using: &generator)) * 900
                    let due: Due? = switch index % 3 {
                    case 0: .time(base.addingTimeInterval(offset))
                    case 1: .day(timeRules.clock.day(of: base.addingTimeInterval(offset)))
                    default: nil
                    }
                    var task = F.task(Int64(index), due: due, completed: index % 11 == 0, reminderOn: index % 7 != 0)
                    if index % 4 == 0 {
                        task.snoozedUntil = base.addingTimeInterval(Double(Int.random(in: 0..<(30 * 96), using: &generator)) * 900)
                    }
                    let now = base.addingTimeInterval(Double(Int.random(in: 0..<(32 * 96), using: &generator)) * 900)
                    // Then the quick answer is the list's
                    let expected = timeRules.reminders(for: task).first { $0.at > now }
                    #expect(timeRules.nextReminder(for: task, after: now) == expected, "\(zone) task \(index)")
                }
            }
        }
    }

    @Test("Reminders at one instant rank in the order of ReminderKind.allCases")
    func kindRanksFollowAllCases() {
        let at = F.instant("2026-06-15T09:00:00Z")
        let reminders = ReminderKind.allCases.reversed().map { Reminder(taskID: 1, kind: $0, occurrence: .at(at), at: at) }
        #expect(reminders.sorted(by: TimeRules.precedes).map(\.kind) == ReminderKind.allCases)
    }
}
