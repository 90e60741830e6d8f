import Foundation
import Testing
import TodoCore
import TodoZones

/// Values the core's tests build over and over, spelled so a table reads like plain prose.
enum CoreFixtures {
    static func zone(_ identifier: String) -> Zone {
        Zone(identifier: identifier)!
    }

    static func day(_ iso: String) -> LocalDay {
        LocalDay(iso: iso)!
    }

    static func time(_ hhmm: String) -> TimeOfDay {
        TimeOfDay(hhmm: hhmm)!
    }

    /// An exact instant written in ISO 8601 with its UTC offset ("2026-03-08T03:30:00-04:00"),
    /// parsed by Foundation rather than by the code under test.
    static func instant(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)!
    }

    static func clock(_ zoneID: String) -> WallClock {
        WallClock(timeZone: zone(zoneID))
    }

    static func timeRules(_ zoneID: String, policy: ReminderPolicy = .standard) -> TimeRules {
        TimeRules(zone: zone(zoneID), policy: policy)
    }

    /// 2026-01-01T00:00:00Z, when every fixture task was created.
    static let createdAt = Date(timeIntervalSince1970: 1_767_225_600)

    static func task(
        _ id: Int64 = 1,
        due: Due?,
        completed: Bool = false,
        reminderOn: Bool = true
    ) -> TodoTask {
        TodoTask(
            id: id,
            title: "Task \(id)",
            due: due,
            completedAt: completed ? createdAt : nil,
            createdAt: createdAt,
            reminderOn: reminderOn
        )
    }
}

/// The zone data these tables rely on, checked first: if the machine's tzdata moves a
/// transition, this fails and says so instead of the tables failing mysteriously.
@Suite("Zone data on this machine")
struct ZoneDataTests {
    struct Transition: Sendable, CustomTestStringConvertible {
        let zone: String
        let utc: String
        let before: Int
        let after: Int
        var testDescription: String { "\(zone) at \(utc): \(before) → \(after)" }
    }

    static let transitions: [Transition] = [
        // 02:00 EST → 03:00 EDT, and 02:00 EDT → 01:00 EST.
        .init(zone: "America/New_York", utc: "2026-03-08T07:00:00Z", before: -5 * 3600, after: -4 * 3600),
        .init(zone: "America/New_York", utc: "2026-11-01T06:00:00Z", before: -4 * 3600, after: -5 * 3600),
        // 02:00 CET → 03:00 CEST, and 03:00 CEST → 02:00 CET.
        .init(zone: "Europe/Berlin", utc: "2026-03-29T01:00:00Z", before: 3600, after: 7200),
        .init(zone: "Europe/Berlin", utc: "2026-10-25T01:00:00Z", before: 7200, after: 3600),
        // Half-hour DST: 02:00 → 02:30 on 2026-10-04, and 02:00 → 01:30 on 2026-04-05.
        .init(zone: "Australia/Lord_Howe", utc: "2026-10-03T15:30:00Z", before: 37_800, after: 39_600),
        .init(zone: "Australia/Lord_Howe", utc: "2026-04-04T15:00:00Z", before: 39_600, after: 37_800),
        // DST began at midnight: 2018-11-04 00:00 -03 → 01:00 -02.
        .init(zone: "America/Sao_Paulo", utc: "2018-11-04T03:00:00Z", before: -3 * 3600, after: -2 * 3600),
        // +12:45 / +13:45: 02:45 → 03:45 on 2026-09-27, and 03:45 → 02:45 on 2026-04-05.
        .init(zone: "Pacific/Chatham", utc: "2026-09-26T14:00:00Z", before: 45_900, after: 49_500),
        .init(zone: "Pacific/Chatham", utc: "2026-04-04T14:00:00Z", before: 49_500, after: 45_900),
    ]

    @Test("Each transition the tables use happens at the expected instant", arguments: ZoneDataTests.transitions)
    func transition(_ transition: Transition) {
        let zone = CoreFixtures.zone(transition.zone)
        let at = CoreFixtures.instant(transition.utc)
        #expect(zone.offset(at: at.addingTimeInterval(-1)) == transition.before)
        #expect(zone.offset(at: at) == transition.after)
    }

    @Test("The fixed-offset zones of the queue tests have the offsets they are chosen for")
    func fixedOffsets() {
        let june = CoreFixtures.instant("2026-06-15T00:00:00Z")
        #expect(CoreFixtures.zone("Pacific/Kiritimati").offset(at: june) == 14 * 3600)
        #expect(CoreFixtures.zone("Pacific/Pago_Pago").offset(at: june) == -11 * 3600)
        #expect(CoreFixtures.zone("UTC").offset(at: june) == 0)
    }
}

@Suite("WallClock")
struct WallClockTests {
    struct Reading: Sendable, CustomTestStringConvertible {
        let zone: String
        let instant: String
        let day: String
        let secondsIntoDay: Int
        var testDescription: String { "\(instant) in \(zone) is \(day) + \(secondsIntoDay) s" }
    }

    static let readings: [Reading] = [
        .init(zone: "UTC", instant: "1970-01-01T00:00:00Z", day: "1970-01-01", secondsIntoDay: 0),
        .init(zone: "UTC", instant: "1969-12-31T23:59:59Z", day: "1969-12-31", secondsIntoDay: 86_399),
        .init(zone: "UTC", instant: "1969-12-31T00:00:00Z", day: "1969-12-31", secondsIntoDay: 0),
        .init(zone: "UTC", instant: "1960-06-15T12:34:56Z", day: "1960-06-15", secondsIntoDay: 45_296),
        .init(zone: "UTC", instant: "1900-01-01T00:00:00Z", day: "1900-01-01", secondsIntoDay: 0),
        .init(zone: "UTC", instant: "2026-12-01T23:59:59Z", day: "2026-12-01", secondsIntoDay: 86_399),
        // Local midnight on 1970-01-01 in New York is 05:00 UTC: the day before it is 1969.
        .init(zone: "America/New_York", instant: "1970-01-01T04:59:59Z", day: "1969-12-31", secondsIntoDay: 86_399),
        .init(zone: "America/New_York", instant: "1970-01-01T05:00:00Z", day: "1970-01-01", secondsIntoDay: 0),
        .init(zone: "America/New_York", instant: "1950-07-04T12:00:00-04:00", day: "1950-07-04", secondsIntoDay: 43_200),
        // Before 1883 New York kept local mean time, -4:56:02: 1883-01-01 00:00 UTC read 19:03:58.
        .init(zone: "America/New_York", instant: "1883-01-01T00:00:00Z", day: "1882-12-31", secondsIntoDay: 68_638),
        .init(zone: "Asia/Tokyo", instant: "1969-12-31T15:00:00Z", day: "1970-01-01", secondsIntoDay: 0),
        .init(zone: "Asia/Tokyo", instant: "1969-12-31T14:59:59Z", day: "1969-12-31", secondsIntoDay: 86_399),
        .init(zone: "Pacific/Kiritimati", instant: "2026-06-15T10:00:00Z", day: "2026-06-16", secondsIntoDay: 0),
        .init(zone: "Pacific/Pago_Pago", instant: "2026-06-15T10:59:59Z", day: "2026-06-14", secondsIntoDay: 86_399),
        .init(zone: "Pacific/Chatham", instant: "2026-06-15T11:15:00Z", day: "2026-06-16", secondsIntoDay: 0),
    ]

    @Test("day(of:) and secondsIntoDay(of:) read the local wall clock, before 1970 too", arguments: WallClockTests.readings)
    func reading(_ reading: Reading) {
        let clock = CoreFixtures.clock(reading.zone)
        let instant = CoreFixtures.instant(reading.instant)
        #expect(clock.day(of: instant) == CoreFixtures.day(reading.day))
        #expect(clock.secondsIntoDay(of: instant) == reading.secondsIntoDay)
        // And back: the reading names that very instant (none of these is in a gap or a repeat).
        #expect(clock.instant(on: CoreFixtures.day(reading.day), secondsIntoDay: reading.secondsIntoDay) == instant)
    }

    @Test("A fraction of a second before an epoch-day boundary still belongs to the day before",
          arguments: [-0.5, -86_400.25, -1e-3])
    func fractionalSecondsBeforeMidnight(_ seconds: Double) {
        let clock = CoreFixtures.clock("UTC")
        let instant = Date(timeIntervalSince1970: seconds)
        let expectedDay = LocalDay(daysSinceEpoch: Int((seconds / 86_400).rounded(.down)))
        #expect(clock.day(of: instant) == expectedDay)
        #expect(clock.secondsIntoDay(of: instant) == 86_399)
    }

    @Test("timeOfDay(of:) is the hour and minute the clock shows, seconds dropped")
    func timeOfDay() {
        let clock = CoreFixtures.clock("Europe/Berlin")
        #expect(clock.timeOfDay(of: CoreFixtures.instant("2026-06-15T07:59:59Z")) == CoreFixtures.time("09:59"))
        #expect(clock.timeOfDay(of: CoreFixtures.instant("2026-12-31T22:59:00Z")) == CoreFixtures.time("23:59"))
        #expect(clock.timeOfDay(of: CoreFixtures.instant("1969-12-31T23:00:00Z")) == .midnight)
    }

    @Test("offset(at:) is the zone's offset in force at the instant")
    func offset() {
        let clock = CoreFixtures.clock("America/New_York")
        #expect(clock.offset(at: CoreFixtures.instant("2026-01-15T12:00:00Z")) == -5 * 3600)
        #expect(clock.offset(at: CoreFixtures.instant("2026-07-15T12:00:00Z")) == -4 * 3600)
    }

    struct LocalReading: Sendable, CustomTestStringConvertible {
        let zone: String
        let day: String
        let time: String
        let expected: String
        let why: String
        var testDescription: String { "\(day) \(time) in \(zone) is \(expected) (\(why))" }
    }

    static let transitionReadings: [LocalReading] = [
        // America/New_York, spring forward 2026-03-08: 02:00 EST → 03:00 EDT.
        .init(zone: "America/New_York", day: "2026-03-08", time: "00:00", expected: "2026-03-08T00:00:00-05:00", why: "midnight before the jump"),
        .init(zone: "America/New_York", day: "2026-03-08", time: "01:59", expected: "2026-03-08T01:59:00-05:00", why: "last minute before the gap"),
        .init(zone: "America/New_York", day: "2026-03-08", time: "02:00", expected: "2026-03-08T03:00:00-04:00", why: "gap start moves forward 1 h"),
        .init(zone: "America/New_York", day: "2026-03-08", time: "02:30", expected: "2026-03-08T03:30:00-04:00", why: "in the gap"),
        .init(zone: "America/New_York", day: "2026-03-08", time: "02:59", expected: "2026-03-08T03:59:00-04:00", why: "gap end"),
        .init(zone: "America/New_York", day: "2026-03-08", time: "03:00", expected: "2026-03-08T03:00:00-04:00", why: "first minute after the gap"),
        .init(zone: "America/New_York", day: "2026-03-08", time: "09:00", expected: "2026-03-08T09:00:00-04:00", why: "morning on the DST day"),
        // America/New_York, fall back 2026-11-01: 02:00 EDT → 01:00 EST; 01:00–01:59 happen twice.
        .init(zone: "America/New_York", day: "2026-11-01", time: "00:59", expected: "2026-11-01T00:59:00-04:00", why: "before the repeat"),
        .init(zone: "America/New_York", day: "2026-11-01", time: "01:00", expected: "2026-11-01T01:00:00-04:00", why: "first occurrence, EDT"),
        .init(zone: "America/New_York", day: "2026-11-01", time: "01:30", expected: "2026-11-01T01:30:00-04:00", why: "first occurrence, EDT"),
        .init(zone: "America/New_York", day: "2026-11-01", time: "01:59", expected: "2026-11-01T01:59:00-04:00", why: "first occurrence, EDT"),
        .init(zone: "America/New_York", day: "2026-11-01", time: "02:00", expected: "2026-11-01T02:00:00-05:00", why: "only occurrence, EST"),
        // Europe/Berlin, 2026-03-29: 02:00 CET → 03:00 CEST.
        .init(zone: "Europe/Berlin", day: "2026-03-29", time: "01:59", expected: "2026-03-29T01:59:00+01:00", why: "before the gap"),
        .init(zone: "Europe/Berlin", day: "2026-03-29", time: "02:00", expected: "2026-03-29T03:00:00+02:00", why: "gap start"),
        .init(zone: "Europe/Berlin", day: "2026-03-29", time: "02:30", expected: "2026-03-29T03:30:00+02:00", why: "in the gap"),
        .init(zone: "Europe/Berlin", day: "2026-03-29", time: "03:00", expected: "2026-03-29T03:00:00+02:00", why: "after the gap"),
        // Europe/Berlin, 2026-10-25: 03:00 CEST → 02:00 CET; 02:00–02:59 happen twice.
        .init(zone: "Europe/Berlin", day: "2026-10-25", time: "01:59", expected: "2026-10-25T01:59:00+02:00", why: "before the repeat"),
        .init(zone: "Europe/Berlin", day: "2026-10-25", time: "02:00", expected: "2026-10-25T02:00:00+02:00", why: "first occurrence, CEST"),
        .init(zone: "Europe/Berlin", day: "2026-10-25", time: "02:30", expected: "2026-10-25T02:30:00+02:00", why: "first occurrence, CEST"),
        .init(zone: "Europe/Berlin", day: "2026-10-25", time: "03:00", expected: "2026-10-25T03:00:00+01:00", why: "only occurrence, CET"),
        // Australia/Lord_Howe, 2026-10-04: 02:00 +10:30 → 02:30 +11, a 30-minute gap.
        .init(zone: "Australia/Lord_Howe", day: "2026-10-04", time: "01:59", expected: "2026-10-04T01:59:00+10:30", why: "before the gap"),
        .init(zone: "Australia/Lord_Howe", day: "2026-10-04", time: "02:00", expected: "2026-10-04T02:30:00+11:00", why: "gap start moves 30 min"),
        .init(zone: "Australia/Lord_Howe", day: "2026-10-04", time: "02:15", expected: "2026-10-04T02:45:00+11:00", why: "in the gap"),
        .init(zone: "Australia/Lord_Howe", day: "2026-10-04", time: "02:29", expected: "2026-10-04T02:59:00+11:00", why: "gap end"),
        .init(zone: "Australia/Lord_Howe", day: "2026-10-04", time: "02:30", expected: "2026-10-04T02:30:00+11:00", why: "after the gap"),
        // Australia/Lord_Howe, 2026-04-05: 02:00 +11 → 01:30 +10:30; 01:30–01:59 happen twice.
        .init(zone: "Australia/Lord_Howe", day: "2026-04-05", time: "01:29", expected: "2026-04-05T01:29:00+11:00", why: "before the repeat"),
        .init(zone: "Australia/Lord_Howe", day: "2026-04-05", time: "01:30", expected: "2026-04-05T01:30:00+11:00", why: "first occurrence"),
        .init(zone: "Australia/Lord_Howe", day: "2026-04-05", time: "01:45", expected: "2026-04-05T01:45:00+11:00", why: "first occurrence"),
        .init(zone: "Australia/Lord_Howe", day: "2026-04-05", time: "02:00", expected: "2026-04-05T02:00:00+10:30", why: "only occurrence"),
        // America/Sao_Paulo, 2018-11-04: DST began at midnight, 00:00 -03 → 01:00 -02.
        .init(zone: "America/Sao_Paulo", day: "2018-11-03", time: "23:59", expected: "2018-11-03T23:59:00-03:00", why: "the evening before"),
        .init(zone: "America/Sao_Paulo", day: "2018-11-04", time: "00:00", expected: "2018-11-04T01:00:00-02:00", why: "midnight does not exist"),
        .init(zone: "America/Sao_Paulo", day: "2018-11-04", time: "00:30", expected: "2018-11-04T01:30:00-02:00", why: "in the gap"),
        .init(zone: "America/Sao_Paulo", day: "2018-11-04", time: "01:00", expected: "2018-11-04T01:00:00-02:00", why: "after the gap"),
        // Pacific/Chatham, 2026-09-27: 02:45 +12:45 → 03:45 +13:45.
        .init(zone: "Pacific/Chatham", day: "2026-09-27", time: "02:44", expected: "2026-09-27T02:44:00+12:45", why: "before the gap"),
        .init(zone: "Pacific/Chatham", day: "2026-09-27", time: "02:45", expected: "2026-09-27T03:45:00+13:45", why: "gap start"),
        .init(zone: "Pacific/Chatham", day: "2026-09-27", time: "03:00", expected: "2026-09-27T04:00:00+13:45", why: "in the gap"),
        .init(zone: "Pacific/Chatham", day: "2026-09-27", time: "03:45", expected: "2026-09-27T03:45:00+13:45", why: "after the gap"),
        // Pacific/Chatham, 2026-04-05: 03:45 +13:45 → 02:45 +12:45; 02:45–03:44 happen twice.
        .init(zone: "Pacific/Chatham", day: "2026-04-05", time: "02:44", expected: "2026-04-05T02:44:00+13:45", why: "before the repeat"),
        .init(zone: "Pacific/Chatham", day: "2026-04-05", time: "02:45", expected: "2026-04-05T02:45:00+13:45", why: "first occurrence"),
        .init(zone: "Pacific/Chatham", day: "2026-04-05", time: "03:00", expected: "2026-04-05T03:00:00+13:45", why: "first occurrence"),
        .init(zone: "Pacific/Chatham", day: "2026-04-05", time: "03:45", expected: "2026-04-05T03:45:00+12:45", why: "only occurrence"),
    ]

    @Test("A reading in a DST gap moves forward by the gap; a repeated one is its first occurrence",
          arguments: WallClockTests.transitionReadings)
    func transitionReading(_ reading: LocalReading) {
        let clock = CoreFixtures.clock(reading.zone)
        let instant = clock.instant(on: CoreFixtures.day(reading.day), at: CoreFixtures.time(reading.time))
        #expect(instant == CoreFixtures.instant(reading.expected))
    }

    @Test("startOfDay is the first moment that exists on the day", arguments: [
        ("America/New_York", "2026-03-08", "2026-03-08T00:00:00-05:00"),
        ("America/New_York", "2026-03-09", "2026-03-09T00:00:00-04:00"),
        ("America/New_York", "2026-11-01", "2026-11-01T00:00:00-04:00"),
        ("America/New_York", "2026-11-02", "2026-11-02T00:00:00-05:00"),
        ("America/Sao_Paulo", "2018-11-04", "2018-11-04T01:00:00-02:00"),
        ("America/Sao_Paulo", "2018-11-05", "2018-11-05T00:00:00-02:00"),
        ("Australia/Lord_Howe", "2026-10-04", "2026-10-04T00:00:00+10:30"),
        ("Australia/Lord_Howe", "2026-10-05", "2026-10-05T00:00:00+11:00"),
        ("Pacific/Chatham", "2026-09-27", "2026-09-27T00:00:00+12:45"),
        ("Pacific/Kiritimati", "2026-06-15", "2026-06-15T00:00:00+14:00"),
        ("UTC", "1969-07-20", "1969-07-20T00:00:00Z"),
    ])
    func startOfDay(zone: String, day: String, expected: String) {
        #expect(CoreFixtures.clock(zone).startOfDay(CoreFixtures.day(day)) == CoreFixtures.instant(expected))
    }

    @Test("On a transition day every minute's reading reads back as itself, or shifted by the gap", arguments: [
        ("America/New_York", "2026-03-08"), ("America/New_York", "2026-11-01"),
        ("Europe/Berlin", "2026-03-29"), ("Europe/Berlin", "2026-10-25"),
        ("Australia/Lord_Howe", "2026-10-04"), ("Australia/Lord_Howe", "2026-04-05"),
        ("America/Sao_Paulo", "2018-11-04"),
        ("Pacific/Chatham", "2026-09-27"), ("Pacific/Chatham", "2026-04-05"),
    ])
    func everyMinuteOfTransitionDay(zone: String, day: String) {
        let clock = CoreFixtures.clock(zone)
        let localDay = CoreFixtures.day(day)
        let offsets = stride(from: -86_400, through: 2 * 86_400, by: 900).map {
            clock.offset(at: clock.startOfDay(localDay).addingTimeInterval(Double($0)))
        }
        let shift = offsets.max()! - offsets.min()!
        #expect(shift > 0)

        var shifted = 0
        var repeated = 0
        for seconds in stride(from: 0, to: 86_400, by: 60) {
            let instant = clock.instant(on: localDay, secondsIntoDay: seconds)
            let readBack = (clock.day(of: instant), clock.secondsIntoDay(of: instant))
            if readBack == (localDay, seconds) {
                // The first occurrence: the clock did not already show this an hour (a shift) earlier.
                let earlier = instant.addingTimeInterval(-Double(shift))
                if clock.day(of: earlier) == localDay, clock.secondsIntoDay(of: earlier) == seconds {
                    Issue.record("\(day) +\(seconds) s in \(zone) resolved to its second occurrence")
                }
                let later = instant.addingTimeInterval(Double(shift))
                if clock.day(of: later) == localDay, clock.secondsIntoDay(of: later) == seconds { repeated += 1 }
            } else {
                #expect(readBack == (localDay, seconds + shift), "\(day) +\(seconds) s in \(zone)")
                shifted += 1
            }
        }
        // Exactly one of the two kinds of transition happens, for exactly the shift's length.
        #expect(shifted + repeated == shift / 60)
        #expect(shifted == 0 || repeated == 0)
    }
}

@Suite("TimeOfDay")
struct TimeOfDayTests {
    @Test("Parses H:MM and HH:MM in 24-hour form", arguments: [
        ("0:00", 0, 0), ("00:00", 0, 0), ("9:05", 9, 5), ("09:05", 9, 5), ("23:59", 23, 59),
    ])
    func parses(text: String, hour: Int, minute: Int) {
        #expect(TimeOfDay(hhmm: text) == TimeOfDay(hour: hour, minute: minute))
    }

    @Test("Rejects any other shape and impossible times", arguments: [
        "", ":", "9", "900", "9:0", "09:", ":00", "009:00", "09:000", "09:00:00", " 9:00", "9:00 ", "9 :00",
        "24:00", "12:60", "-1:00", "+9:00", "09:+5", "9.00", "９:00", "٩:٠٠",
    ])
    func rejects(text: String) {
        #expect(TimeOfDay(hhmm: text) == nil)
    }

    @Test("Orders by time and prints as HH:MM")
    func ordersAndPrints() {
        #expect(CoreFixtures.time("08:59") < .nine)
        #expect(TimeOfDay.midnight < CoreFixtures.time("00:01"))
        #expect(CoreFixtures.time("9:05").description == "09:05")
        #expect(TimeOfDay.nine.secondsIntoDay == 32_400)
        #expect(TimeOfDay(hour: 24, minute: 0) == nil)
        #expect(TimeOfDay(hour: 0, minute: -1) == nil)
    }
}

@Suite("WallClock: offsets remembered per day")
struct RememberedOffsetTests {
    @Test("Every quarter hour of three years reads the zone's own offset, asked in any order", arguments: [
        "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Chatham", "America/Sao_Paulo", "UTC",
    ])
    func offsetsMatchTheZone(zone: String) throws {
        let timeZone = try #require(Zone(identifier: zone))
        let clock = WallClock(timeZone: timeZone)
        let start = CoreFixtures.instant("2017-01-01T00:00:00Z").timeIntervalSince1970
        // Forwards, then backwards through the days now remembered.
        let instants = stride(from: start, to: start + 3 * 365 * 86_400, by: 900).map(Date.init(timeIntervalSince1970:))
        let wrong = (instants + instants.reversed()).filter { clock.offset(at: $0) != timeZone.offset(at: $0) }
        #expect(wrong.isEmpty, "\(zone): \(wrong.prefix(3))")
    }
}
