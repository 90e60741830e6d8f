import Foundation
import Testing
import TodoCalendar
import TodoCore

@Suite("Reading other clients' alarms and acknowledgements (docs/ARCHITECTURE.md §7.4)")
struct AlarmReadingTests {
    static func instant(_ text: String) throws -> Date { try CalendarFixture.instant(text) }

    @Test("Thunderbird: a VALARM relative to the end is a reminder 15 minutes before the due; X-MOZ-LASTACK and X-MOZ-SNOOZE-TIME on the task")
    func thunderbird() throws {
        let item = try CalendarFixture.item("thunderbird.ics")
        #expect(item.properties.alarms == [
            VAlarm(key: .trigger("TRIGGER;RELATED=END:-PT15M"), trigger: .relativeToDue(seconds: -900)),
        ])
        #expect(item.properties.alarms.first?.uid == nil)
        #expect(item.properties.acknowledgedAt == (try Self.instant("2026-12-01T16:10:00Z")))
        #expect(item.properties.snoozedUntil == (try Self.instant("2026-12-01T16:30:00Z")))
        #expect(item.properties.occurrenceSnoozes.isEmpty)
        #expect(item.skippedAlarms.isEmpty)
    }

    @Test("Thunderbird, repeating: a snooze of one occurrence is keyed by that occurrence's start; a start-related alarm counts from the start")
    func thunderbirdOccurrence() throws {
        let item = try CalendarFixture.item("thunderbird-recurring.ics")
        // 09:00 in Berlin on Monday 12 January, the second occurrence's DTSTART.
        let occurrence = try #require(LocalDay(year: 2026, month: 1, day: 12))
        let start = WallClock(timeZone: CalendarFixture.zone("Europe/Berlin")).instant(on: occurrence, secondsIntoDay: 9 * 3600)
        // Keyed by that occurrence's due, an hour after its start.
        #expect(item.properties.occurrenceSnoozes == [.time(start.addingTimeInterval(3600)): try Self.instant("2026-01-12T08:46:00Z")])
        #expect(item.properties.completedOccurrences.isEmpty)
        #expect(item.properties.acknowledgedAt == (try Self.instant("2026-01-12T07:46:00Z")))
        #expect(item.properties.snoozedUntil == nil)
        // 15 minutes before DTSTART, which moves with each occurrence.
        #expect(item.properties.alarms == [
            VAlarm(key: .trigger("TRIGGER;VALUE=DURATION:-PT15M"), trigger: .relativeToStart(seconds: -900)),
        ])
    }

    @Test("Thunderbird, a series of days: a snooze of one occurrence is keyed by its day's midnight read as UTC (a DATE's nativeTime), moved onto the due")
    func thunderbirdDayOccurrence() throws {
        // Weekly from Monday 5 January, due two days after each start; the
        // occurrence starting Monday 12 January (1768176000 s) is due Wednesday 14.
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN",
            "BEGIN:VTODO", "UID:day-series", "DTSTAMP:20260105T080000Z", "SUMMARY:Water the plants",
            "DTSTART;VALUE=DATE:20260105", "DUE;VALUE=DATE:20260107", "RRULE:FREQ=WEEKLY",
            "X-MOZ-SNOOZE-TIME-1768176000000000:20260114T101500Z",
            // Not a midnight: names no day.
            "X-MOZ-SNOOZE-TIME-1768176000000001:20260114T111500Z",
            "END:VTODO", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        let item = try CalendarFixture.item(Array(text.utf8), file: "day-series.ics")
        let due = try #require(LocalDay(year: 2026, month: 1, day: 14))
        #expect(item.properties.occurrenceSnoozes == [.day(due): try Self.instant("2026-01-14T10:15:00Z")])
    }

    @Test("Thunderbird, one occurrence marked done: its override names that occurrence by its due, with its COMPLETED; the master's own fields are the master's")
    func thunderbirdCompletedOccurrence() throws {
        let item = try CalendarFixture.item("thunderbird-occurrence-done.ics")
        // The override's RECURRENCE-ID is 19 January 09:00 Berlin, the occurrence's start; its due is an hour later.
        let day = try #require(LocalDay(year: 2026, month: 1, day: 19))
        let due = WallClock(timeZone: CalendarFixture.zone("Europe/Berlin")).instant(on: day, secondsIntoDay: 10 * 3600)
        #expect(item.properties.completedOccurrences == [.time(due): try Self.instant("2026-01-19T08:12:00Z")])
        #expect(item.properties.title == "Water the plants")
        #expect(!item.properties.isDone)
        #expect(item.properties.rule == "FREQ=WEEKLY;BYDAY=MO")
    }

    @Test("An override that is not completed, or a day recurrence id of a timed task, names no completed occurrence")
    func openOverrideIsNoCompletion() throws {
        let text = String(decoding: try CalendarFixture.bytes("thunderbird-occurrence-done.ics"), as: UTF8.self)
        let open = text.replacingOccurrences(of: "STATUS:COMPLETED\r\n", with: "STATUS:IN-PROCESS\r\n")
            .replacingOccurrences(of: "COMPLETED:20260119T081200Z\r\n", with: "")
        #expect(try CalendarFixture.item(Array(open.utf8), file: "open.ics").properties.completedOccurrences.isEmpty)
        let dayID = text.replacingOccurrences(of: "RECURRENCE-ID;TZID=Europe/Berlin:20260119T090000", with: "RECURRENCE-ID;VALUE=DATE:20260119")
        #expect(try CalendarFixture.item(Array(dayID.utf8), file: "day.ics").properties.completedOccurrences.isEmpty)
    }

    @Test("tasks.org: 09:00 on a day due is nine hours after the day's start")
    func tasksOrgDay() throws {
        let item = try CalendarFixture.item("tasksorg.ics")
        #expect(item.properties.alarms == [
            VAlarm(key: .trigger("TRIGGER;RELATED=END:PT9H"), trigger: .relativeToDue(seconds: 9 * 3600)),
        ])
    }

    @Test("tasks.org: an alarm at the due, an absolute one that repeats, and its acknowledgement and snooze on the task")
    func tasksOrgSnoozed() throws {
        let fields = try CalendarFixture.item("tasksorg-snoozed.ics").properties
        #expect(fields.alarms == [
            VAlarm(key: .trigger("TRIGGER;RELATED=END:PT0S"), trigger: .relativeToDue(seconds: 0)),
            VAlarm(
                key: .trigger("TRIGGER;VALUE=DATE-TIME:20261201T150000Z"),
                trigger: .absolute(try Self.instant("2026-12-01T15:00:00Z")),
                repetition: .init(count: 2, interval: 300)
            ),
        ])
        #expect(fields.acknowledgedAt == (try Self.instant("2026-12-01T15:10:00Z")))
        #expect(fields.snoozedUntil == (try Self.instant("2026-12-01T15:40:00Z")))
    }

    @Test("Evolution without DTSTART: a start-related alarm is read against the due, as Evolution does; its ACKNOWLEDGED and alarm UID")
    func evolution() throws {
        let alarms = try CalendarFixture.item("evolution.ics").properties.alarms
        #expect(alarms == [
            VAlarm(
                key: .uid("20260401T100000Z-4242-1000-1-0@desktop"),
                trigger: .relativeToDue(seconds: -900),
                acknowledgedAt: try Self.instant("2026-04-10T13:16:00Z")
            ),
        ])
        #expect(alarms.first?.uid == "20260401T100000Z-4242-1000-1-0@desktop")
    }

    @Test("Evolution with DTSTART: -PT15M counts from the 08:30 start; AUDIO is a reminder too")
    func evolutionStart() throws {
        let alarms = try CalendarFixture.item("evolution-start.ics").properties.alarms
        #expect(alarms == [
            VAlarm(
                key: .uid("20260501T120000Z-4242-1000-1-10@desktop"),
                trigger: .relativeToStart(seconds: -900),
                acknowledgedAt: try Self.instant("2026-05-12T12:16:00Z")
            ),
            VAlarm(
                key: .uid("20260501T120000Z-4242-1000-1-11@desktop"), action: .audio,
                trigger: .relativeToDue(seconds: -(86_400 + 2 * 3600 + 30 * 60))
            ),
        ])
    }

    @Test("RFC 9074: an acknowledged alarm, its snooze naming it, and no EMAIL alarm")
    func rfc9074() throws {
        let item = try CalendarFixture.item("rfc9074.ics")
        #expect(item.properties.alarms == [
            VAlarm(
                key: .uid("8297C37D-BA2D-4476-91AE-C1EAA364F8E1"),
                trigger: .relativeToDue(seconds: -1800),
                acknowledgedAt: try Self.instant("2021-03-02T15:10:04Z")
            ),
            VAlarm(
                key: .uid("DE7B5C34-83FF-47FE-BE9E-FF41AE6DD097"),
                trigger: .absolute(try Self.instant("2021-03-02T15:20:00Z")),
                snoozes: .uid("8297C37D-BA2D-4476-91AE-C1EAA364F8E1")
            ),
        ])
        #expect(item.skippedAlarms.isEmpty)
    }

    @Test("Apple: the 1976 placeholder, ACTION:NONE and a location alarm are no reminders; the real alarm is")
    func apple() throws {
        let item = try CalendarFixture.item("apple.ics")
        #expect(item.properties.alarms == [
            VAlarm(key: .uid("9D4E5F6A-7B8C-4D9E-8F0A-2B3C4D5E6F7A"), trigger: .absolute(try Self.instant("2026-02-13T17:00:00Z"))),
        ])
        #expect(item.skippedAlarms.isEmpty)
    }

    @Test("RFC 5545's own example: TRIGGER with a UTC date-time and no VALUE is absolute; AUDIO with REPEAT and DURATION")
    func rfc5545() throws {
        let alarms = try CalendarFixture.item("rfc5545.ics").properties.alarms
        #expect(alarms == [
            VAlarm(
                key: .trigger("TRIGGER:19980403T120000Z"), action: .audio,
                trigger: .absolute(try Self.instant("1998-04-03T12:00:00Z")),
                repetition: .init(count: 4, interval: 3600)
            ),
        ])
    }

    @Test("alarms that cannot be understood are skipped, each reported with the file's line; EMAIL alarms are not judged")
    func malformed() throws {
        let item = try CalendarFixture.item("malformed-alarms.ics")
        #expect(item.skippedAlarms == [
            SkippedAlarm(line: 12, reason: .malformedTrigger("-PT15X")),
            SkippedAlarm(line: 17, reason: .triggerNotUTC("20261201T080000")),
            SkippedAlarm(line: 22, reason: .unknownRelated("MIDDLE")),
            SkippedAlarm(line: 26, reason: .unknownAction("X-SPEAK")),
            SkippedAlarm(line: 30, reason: .noTrigger),
            SkippedAlarm(line: 34, reason: .noAction),
            SkippedAlarm(line: 42, reason: .acknowledgedNotUTC("20261201T160000")),
        ])
        #expect(item.properties.alarms == [
            VAlarm(key: .trigger("TRIGGER:-PT10M"), trigger: .relativeToDue(seconds: -600)),
        ])
    }

    @Test("a skipped alarm's log line names the file and the line and says what is wrong")
    func message() {
        let skipped = SkippedAlarm(line: 12, reason: .malformedTrigger("-PT15X"))
        #expect(skipped.message(file: "tasks/a.ics") ==
            "“tasks/a.ics”, line 12: a reminder (VALARM) is not used: the TRIGGER “-PT15X” is neither a duration (such as -PT15M or -P1D) nor a UTC date-time (such as 20261201T080000Z). The file is left as it is.")
    }

    @Test("a start-related alarm: with a DTSTART it counts from it, with or without DUE; without DTSTART it is read against the due", arguments: [
        ("DTSTART:20261201T150000Z\r\nDUE:20261201T170000Z", "TRIGGER:-PT30M", VAlarm.Trigger.relativeToStart(seconds: -1800)),
        ("DTSTART:20261201T150000Z", "TRIGGER:-PT30M", .relativeToStart(seconds: -1800)),
        ("DUE:20261201T170000Z", "TRIGGER;RELATED=START:-PT30M", .relativeToDue(seconds: -1800)),
        ("", "TRIGGER:PT0S", .relativeToDue(seconds: 0)),
        ("DTSTART:20261201T150000Z", "TRIGGER;RELATED=END:-PT5M", .relativeToDue(seconds: -300)),
        // A day start and a day due, local midnights apart.
        ("DTSTART;VALUE=DATE:20261130\r\nDUE;VALUE=DATE:20261201", "TRIGGER:PT9H", .relativeToStart(seconds: 9 * 3600)),
    ])
    func startRelated(dates: String, trigger: String, expected: VAlarm.Trigger) throws {
        let text = """
        BEGIN:VCALENDAR\r
        BEGIN:VTODO\r
        UID:x\r
        \(dates.isEmpty ? "" : dates + "\r\n")BEGIN:VALARM\r
        ACTION:DISPLAY\r
        \(trigger)\r
        DESCRIPTION:x\r
        END:VALARM\r
        END:VTODO\r
        END:VCALENDAR\r

        """
        let alarms = try CalendarFixture.item(Array(text.utf8)).properties.alarms
        #expect(alarms.map(\.trigger) == [expected])
    }

    @Test("todo-remind's own alarms are not read as another client's; their ACKNOWLEDGED is, and a snooze of one names it by kind")
    func ownAlarms() throws {
        let text = """
        BEGIN:VCALENDAR\r
        BEGIN:VTODO\r
        UID:own-1\r
        DUE:20261201T170000Z\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        DESCRIPTION:Pay rent\r
        TRIGGER;RELATED=END:PT0S\r
        X-TODO-REMIND-ALARM:due\r
        UID:own-due-uid\r
        ACKNOWLEDGED:20261201T170200Z\r
        END:VALARM\r
        BEGIN:VALARM\r
        UID:snooze-1\r
        ACTION:DISPLAY\r
        TRIGGER;VALUE=DATE-TIME:20261201T180000Z\r
        RELATED-TO;RELTYPE=SNOOZE:own-due-uid\r
        DESCRIPTION:Pay rent\r
        END:VALARM\r
        END:VTODO\r
        END:VCALENDAR\r

        """
        let fields = try CalendarFixture.item(Array(text.utf8)).properties
        #expect(fields.ownAlarms == [OwnAlarm(kind: "due", trigger: "PT0S")])
        #expect(fields.ownAlarmsAcknowledged == ["due": try Self.instant("2026-12-01T17:02:00Z")])
        #expect(fields.alarms == [
            VAlarm(key: .uid("snooze-1"), trigger: .absolute(try Self.instant("2026-12-01T18:00:00Z")), snoozes: .own("due")),
        ])
    }

    @Test("RFC 5545 durations read as elapsed seconds", arguments: [
        ("-PT15M", -900), ("PT0S", 0), ("-P1D", -86_400), ("-P1W", -604_800), ("PT9H", 32_400),
        ("-P1DT2H30M", -95_400), ("+PT1M", 60), ("P1W2D", 777_600), ("-pt5m", -300), ("PT1H0M30S", 3630),
    ])
    func durations(text: String, seconds: Int) {
        #expect(ICalendarDuration.seconds(text) == seconds)
    }

    @Test("what is not an RFC 5545 duration reads as none", arguments: [
        "", "P", "PT", "-PT15X", "P1DT", "PT1M1H", "15M", "P1H", "PT1D", "P2D1W", "--PT1M", "PT1.5H", "P1Y", "PT9999999999S",
    ])
    func notDurations(text: String) {
        #expect(ICalendarDuration.seconds(text) == nil)
    }
}
