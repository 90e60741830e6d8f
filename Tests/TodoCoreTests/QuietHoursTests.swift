import Foundation
import Testing
import TodoCore

private typealias F = CoreFixtures

@Suite("Quiet hours: reading them")
struct QuietHoursParsingTests {
    @Test("HH:MM-HH:MM reads as a start and an end; empty text is no quiet hours", arguments: [
        ("22:00-07:00", "22:00-07:00", true),
        ("9:00-17:30", "09:00-17:30", false),
        ("  22:00 - 07:00 ", "22:00-07:00", true),
        ("00:00-23:59", "00:00-23:59", false),
        ("23:59-00:00", "23:59-00:00", true),
    ])
    func reads(text: String, description: String, crossesMidnight: Bool) throws {
        let hours = try #require(try QuietHours.parse(text))
        #expect(hours.description == description)
        #expect(hours.crossesMidnight == crossesMidnight)
    }

    @Test("Empty or blank text means none, and so does a stretch that ends when it starts", arguments: ["", "   ", "00:00-00:00", "7:00-07:00"])
    func none(text: String) throws {
        #expect(try QuietHours.parse(text) == nil)
    }

    @Test("Anything else is refused with a sentence naming it", arguments: [
        ("22:00", QuietHoursError.malformed("22:00")),
        ("22:00-", .malformed("22:00-")),
        ("22-07", .malformed("22-07")),
        ("24:00-07:00", .malformed("24:00-07:00")),
        ("22:00-07:60", .malformed("22:00-07:60")),
        ("22:00 to 07:00", .malformed("22:00 to 07:00")),
        ("22:00-07:00-08:00", .malformed("22:00-07:00-08:00")),
    ])
    func refused(text: String, error: QuietHoursError) {
        #expect(throws: error) { try QuietHours.parse(text) }
    }

    @Test("The messages say what would be right")
    func messages() {
        #expect(QuietHoursError.malformed("22-07").message
            == "“22-07” is not quiet hours: write two times of day joined by a dash, such as 22:00-07:00, or nothing for none.")
    }
}

@Suite("Quiet hours: inside or not, and when they end")
struct QuietHoursTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let zone: String
        let hours: String
        /// The instant asked about, with its UTC offset.
        let instant: String
        /// When the quiet hours it is in end; nil when it is not in them.
        let end: String?
    }

    static let cases: [Case] = [
        // An ordinary summer night in New York (EDT, -04:00).
        .init(testDescription: "a second before the start is not quiet",
              zone: "America/New_York", hours: "22:00-07:00", instant: "2026-06-15T21:59:59-04:00", end: nil),
        .init(testDescription: "the start itself is quiet",
              zone: "America/New_York", hours: "22:00-07:00", instant: "2026-06-15T22:00:00-04:00", end: "2026-06-16T07:00:00-04:00"),
        .init(testDescription: "before midnight, quiet until the next morning",
              zone: "America/New_York", hours: "22:00-07:00", instant: "2026-06-15T23:30:00-04:00", end: "2026-06-16T07:00:00-04:00"),
        .init(testDescription: "midnight itself is quiet",
              zone: "America/New_York", hours: "22:00-07:00", instant: "2026-06-16T00:00:00-04:00", end: "2026-06-16T07:00:00-04:00"),
        .init(testDescription: "a second before the end is quiet",
              zone: "America/New_York", hours: "22:00-07:00", instant: "2026-06-16T06:59:59-04:00", end: "2026-06-16T07:00:00-04:00"),
        .init(testDescription: "the end itself is not quiet",
              zone: "America/New_York", hours: "22:00-07:00", instant: "2026-06-16T07:00:00-04:00", end: nil),
        .init(testDescription: "midday is not quiet",
              zone: "America/New_York", hours: "22:00-07:00", instant: "2026-06-16T12:00:00-04:00", end: nil),
        .init(testDescription: "hours within one day: the start is quiet",
              zone: "America/New_York", hours: "13:00-14:00", instant: "2026-06-16T13:00:00-04:00", end: "2026-06-16T14:00:00-04:00"),
        .init(testDescription: "hours within one day: the end is not",
              zone: "America/New_York", hours: "13:00-14:00", instant: "2026-06-16T14:00:00-04:00", end: nil),
        .init(testDescription: "hours within one day: the night is not",
              zone: "America/New_York", hours: "13:00-14:00", instant: "2026-06-16T01:00:00-04:00", end: nil),

        // New York springs forward on 2026-03-08: 02:00 EST is 03:00 EDT.
        .init(testDescription: "New York, spring forward: a night of 22:00-07:00 lasts 8 hours",
              zone: "America/New_York", hours: "22:00-07:00", instant: "2026-03-07T22:00:00-05:00", end: "2026-03-08T07:00:00-04:00"),
        .init(testDescription: "New York, spring forward: an end at 02:30, in the gap, moves to 03:30",
              zone: "America/New_York", hours: "22:00-02:30", instant: "2026-03-08T01:59:59-05:00", end: "2026-03-08T03:30:00-04:00"),
        .init(testDescription: "New York, spring forward: 03:10 is still quiet before that 03:30 end",
              zone: "America/New_York", hours: "22:00-02:30", instant: "2026-03-08T03:10:00-04:00", end: "2026-03-08T03:30:00-04:00"),
        .init(testDescription: "New York, spring forward: 03:30 is the end, not quiet",
              zone: "America/New_York", hours: "22:00-02:30", instant: "2026-03-08T03:30:00-04:00", end: nil),
        .init(testDescription: "New York, spring forward: a start at 02:30, in the gap, moves to 03:30",
              zone: "America/New_York", hours: "02:30-06:00", instant: "2026-03-08T03:15:00-04:00", end: nil),
        .init(testDescription: "New York, spring forward: quiet from that 03:30 start",
              zone: "America/New_York", hours: "02:30-06:00", instant: "2026-03-08T03:30:00-04:00", end: "2026-03-08T06:00:00-04:00"),

        // New York falls back on 2026-11-01: 02:00 EDT is 01:00 EST, so 01:00-02:00 happens twice.
        .init(testDescription: "New York, fall back: a night of 22:00-07:00 lasts 10 hours",
              zone: "America/New_York", hours: "22:00-07:00", instant: "2026-10-31T22:00:00-04:00", end: "2026-11-01T07:00:00-05:00"),
        .init(testDescription: "New York, fall back: an end at 01:30 is its first occurrence",
              zone: "America/New_York", hours: "22:00-01:30", instant: "2026-11-01T01:29:59-04:00", end: "2026-11-01T01:30:00-04:00"),
        .init(testDescription: "New York, fall back: the first 01:30 is not quiet",
              zone: "America/New_York", hours: "22:00-01:30", instant: "2026-11-01T01:30:00-04:00", end: nil),
        .init(testDescription: "New York, fall back: the repeated 01:15 is not quiet again",
              zone: "America/New_York", hours: "22:00-01:30", instant: "2026-11-01T01:15:00-05:00", end: nil),
        .init(testDescription: "New York, fall back: a start at 01:30 is its first occurrence",
              zone: "America/New_York", hours: "01:30-06:00", instant: "2026-11-01T01:30:00-04:00", end: "2026-11-01T06:00:00-05:00"),
        .init(testDescription: "New York, fall back: after that start, the repeated 01:20 is quiet",
              zone: "America/New_York", hours: "01:30-06:00", instant: "2026-11-01T01:20:00-05:00", end: "2026-11-01T06:00:00-05:00"),

        // Berlin springs forward on 2026-03-29 (02:00 CET is 03:00 CEST) and falls back on
        // 2026-10-25 (03:00 CEST is 02:00 CET).
        .init(testDescription: "Berlin, spring forward: an end at 02:30 moves to 03:30",
              zone: "Europe/Berlin", hours: "23:00-02:30", instant: "2026-03-29T01:59:59+01:00", end: "2026-03-29T03:30:00+02:00"),
        .init(testDescription: "Berlin, spring forward: 03:29:59 is quiet",
              zone: "Europe/Berlin", hours: "23:00-02:30", instant: "2026-03-29T03:29:59+02:00", end: "2026-03-29T03:30:00+02:00"),
        .init(testDescription: "Berlin, spring forward: 03:30 is not",
              zone: "Europe/Berlin", hours: "23:00-02:30", instant: "2026-03-29T03:30:00+02:00", end: nil),
        .init(testDescription: "Berlin, spring forward: a night of 22:00-07:00 ends at 07:00 CEST",
              zone: "Europe/Berlin", hours: "22:00-07:00", instant: "2026-03-28T23:00:00+01:00", end: "2026-03-29T07:00:00+02:00"),
        .init(testDescription: "Berlin, fall back: an end at 02:30 is its first occurrence",
              zone: "Europe/Berlin", hours: "23:00-02:30", instant: "2026-10-25T02:29:59+02:00", end: "2026-10-25T02:30:00+02:00"),
        .init(testDescription: "Berlin, fall back: the repeated 02:10 is not quiet again",
              zone: "Europe/Berlin", hours: "23:00-02:30", instant: "2026-10-25T02:10:00+01:00", end: nil),
        .init(testDescription: "Berlin, fall back: a start at 02:30 is its first occurrence",
              zone: "Europe/Berlin", hours: "02:30-04:00", instant: "2026-10-25T02:40:00+02:00", end: "2026-10-25T04:00:00+01:00"),
        .init(testDescription: "Berlin, fall back: after that start, the repeated 02:10 is quiet",
              zone: "Europe/Berlin", hours: "02:30-04:00", instant: "2026-10-25T02:10:00+01:00", end: "2026-10-25T04:00:00+01:00"),

        // Lord Howe Island shifts by 30 minutes: 02:00 is 02:30 on 2026-10-04, and
        // 02:00 is 01:30 on 2026-04-05.
        .init(testDescription: "Lord Howe, spring forward: an end at 02:15, in the half-hour gap, moves to 02:45",
              zone: "Australia/Lord_Howe", hours: "22:00-02:15", instant: "2026-10-04T01:59:59+10:30", end: "2026-10-04T02:45:00+11:00"),
        .init(testDescription: "Lord Howe, spring forward: 02:30 is still quiet",
              zone: "Australia/Lord_Howe", hours: "22:00-02:15", instant: "2026-10-04T02:30:00+11:00", end: "2026-10-04T02:45:00+11:00"),
        .init(testDescription: "Lord Howe, spring forward: 02:45 is not",
              zone: "Australia/Lord_Howe", hours: "22:00-02:15", instant: "2026-10-04T02:45:00+11:00", end: nil),
        .init(testDescription: "Lord Howe, fall back: an end at 01:45 is its first occurrence",
              zone: "Australia/Lord_Howe", hours: "22:00-01:45", instant: "2026-04-05T01:44:59+11:00", end: "2026-04-05T01:45:00+11:00"),
        .init(testDescription: "Lord Howe, fall back: the repeated 01:35 is not quiet again",
              zone: "Australia/Lord_Howe", hours: "22:00-01:45", instant: "2026-04-05T01:35:00+10:30", end: nil),

        // Two rare shapes the rules produce.
        .init(testDescription: "a DST night's stretch running into the next day's: quiet until the later end",
              zone: "America/New_York", hours: "03:00-02:30", instant: "2026-03-08T03:10:00-04:00", end: "2026-03-09T02:30:00-04:00"),
        .init(testDescription: "02:30-03:15 on a spring-forward night starts (03:30) after it ends (03:15): not quiet",
              zone: "America/New_York", hours: "02:30-03:15", instant: "2026-03-08T03:10:00-04:00", end: nil),
        .init(testDescription: "02:30-03:15 the night before is quiet as usual",
              zone: "America/New_York", hours: "02:30-03:15", instant: "2026-03-07T02:45:00-05:00", end: "2026-03-07T03:15:00-05:00"),
    ]

    @Test("contains(_:clock:) and end(after:clock:)", arguments: QuietHoursTests.cases)
    func insideAndEnd(_ test: Case) throws {
        // Given quiet hours in a zone
        let hours = try #require(try QuietHours.parse(test.hours))
        let clock = F.clock(test.zone)
        let instant = F.instant(test.instant)
        // When an instant is looked at
        // Then it is inside exactly when an end is expected, and ends there
        #expect(hours.contains(instant, clock: clock) == (test.end != nil))
        #expect(hours.end(after: instant, clock: clock) == test.end.map(F.instant) ?? instant)
    }
}

@Suite("Quiet hours: holding reminders")
struct QuietHoursHoldingTests {
    static let quiet = QuietHours(start: F.time("22:00"), end: F.time("07:00"))!
    static let inside = F.instant("2026-06-15T23:00:00-04:00")
    static let outside = F.instant("2026-06-15T12:00:00-04:00")
    static let morning = F.instant("2026-06-16T07:00:00-04:00")

    @Test("Inside quiet hours a reminder is held to their end, unless it is high priority and that is allowed", arguments: [
        (Priority.low, false, true),
        (.medium, false, true),
        (.high, false, true),
        (.low, true, true),
        (.medium, true, true),
        (.high, true, false),
    ])
    func holding(priority: Priority, allowHigh: Bool, held: Bool) {
        let fire = Self.quiet.fireTime(for: Self.inside, priority: priority, allowHigh: allowHigh, clock: F.clock("America/New_York"))
        #expect(fire == FireTime(at: held ? Self.morning : Self.inside, isHeld: held))
    }

    @Test("Outside quiet hours nothing is held", arguments: Priority.allCases, [false, true])
    func notHeld(priority: Priority, allowHigh: Bool) {
        let fire = Self.quiet.fireTime(for: Self.outside, priority: priority, allowHigh: allowHigh, clock: F.clock("America/New_York"))
        #expect(fire == FireTime(at: Self.outside, isHeld: false))
    }

    @Test("The time rules hold by their policy; with no quiet hours, never", arguments: [
        (QuietHours?.some(QuietHoursHoldingTests.quiet), false, FireTime(at: QuietHoursHoldingTests.morning, isHeld: true)),
        (QuietHours?.some(QuietHoursHoldingTests.quiet), true, FireTime(at: QuietHoursHoldingTests.inside, isHeld: false)),
        (QuietHours?.none, false, FireTime(at: QuietHoursHoldingTests.inside, isHeld: false)),
    ])
    func timeRulesPolicy(quietHours: QuietHours?, allowHigh: Bool, expected: FireTime) {
        let timeRules = F.timeRules("America/New_York", policy: ReminderPolicy(quietHours: quietHours, quietHoursAllowHigh: allowHigh))
        let reminder = Reminder(taskID: 1, kind: .atDueTime, occurrence: .at(Self.inside), at: Self.inside)
        #expect(timeRules.fireTime(of: reminder, priority: .high) == expected)
    }

    @Test("A held reminder fires at the end of the quiet hours across a spring-forward night")
    func heldAcrossDST() {
        // Given quiet hours 22:00-02:30 in New York, and a reminder at 01:00 on the night the clocks jump
        let policy = ReminderPolicy(quietHours: QuietHours(start: F.time("22:00"), end: F.time("02:30")))
        let timeRules = F.timeRules("America/New_York", policy: policy)
        let reminder = Reminder(taskID: 1, kind: .atDueTime, occurrence: .at(F.instant("2026-03-08T01:00:00-05:00")), at: F.instant("2026-03-08T01:00:00-05:00"))
        // Then it fires at 03:30 EDT, held
        #expect(timeRules.fireTime(of: reminder, priority: .medium)
            == FireTime(at: F.instant("2026-03-08T03:30:00-04:00"), isHeld: true))
    }

    /// The evening before the reminders of `upcoming()`: 20:00 in New York.
    static let evening = F.instant("2026-06-15T20:00:00-04:00")

    /// Reminders at 23:00 (low), 01:00 (high) and 08:00 (low) in New York, quiet 22:00-07:00.
    static func upcoming() -> [TaskReminder] {
        [
            (1, Priority.low, "2026-06-15T23:00:00-04:00"),
            (2, .high, "2026-06-16T01:00:00-04:00"),
            (3, .low, "2026-06-16T08:00:00-04:00"),
        ].map { id, priority, at in
            var task = F.task(Int64(id), due: .time(F.instant(at)))
            task.priority = priority
            return TaskReminder(Reminder(taskID: task.id, kind: .atDueTime, occurrence: .at(F.instant(at)), at: F.instant(at)), of: task)
        }
    }

    @Test("The first to fire: a high-priority reminder let through comes before an earlier one held", arguments: [
        (true, Int64(2), "2026-06-16T01:00:00-04:00", false),
        (false, Int64(1), "2026-06-16T07:00:00-04:00", true),
    ])
    func earliestFiring(allowHigh: Bool, taskID: Int64, at: String, held: Bool) throws {
        let policy = ReminderPolicy(quietHours: Self.quiet, quietHoursAllowHigh: allowHigh)
        let timeRules = F.timeRules("America/New_York", policy: policy)
        // The daemon arms for it (among those firing together, the earliest),
        let wake = DeliveryPlanner(timeRules: timeRules).wake(
            nextHeld: nil, upcoming: Self.upcoming(), overdueCandidates: [], retries: [], flushBy: nil, after: Self.evening)
        #expect(wake.reminder?.taskID == taskID)
        #expect(wake.at == F.instant(at))
        // and `next` lists it first, at that instant.
        let first = try #require(timeRules.forecast(upcoming: Self.upcoming(), overdueCandidates: [], after: Self.evening, limit: 1).first)
        #expect(first.fire == FireTime(at: F.instant(at), isHeld: held))
    }

    @Test("With no quiet hours the first to fire is the first reminder; with none, nil")
    func earliestFiringPlain() {
        let timeRules = F.timeRules("America/New_York")
        let planner = DeliveryPlanner(timeRules: timeRules)
        #expect(planner.wake(nextHeld: nil, upcoming: Self.upcoming(), overdueCandidates: [], retries: [], flushBy: nil,
                             after: Self.evening).reminder?.taskID == 1)
        #expect(timeRules.forecast(upcoming: Self.upcoming(), overdueCandidates: [], after: Self.evening, limit: 1).first?.task.id == 1)
        #expect(planner.wake(nextHeld: nil, upcoming: [], overdueCandidates: [], retries: [], flushBy: nil, after: Self.evening)
            == DeliveryPlanner.Wake(at: nil, reminder: nil))
        #expect(timeRules.forecast(upcoming: [], overdueCandidates: [], after: Self.evening, limit: 1).first == nil)
    }
}
