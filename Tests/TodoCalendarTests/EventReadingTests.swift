import Foundation
import Testing
import TestSupport
import TodoCalendar
import TodoCore
import TodoRecurrence

/// Events as the clients write them (`Fixtures/Events`): read, expanded, and
/// their alarms' instants, acknowledgements and snoozes as every client
/// means them.
@Suite("Calendar events read from the clients' files")
struct EventReadingTests {
    /// All-day and floating times are read in Berlin.
    static let zone = CalendarFixture.zone("Europe/Berlin")

    static func event(_ name: String) throws -> VEvent {
        let bytes = try CalendarFixture.bytes("Events/" + name)
        guard case .event(let event) = try FolderItem.read(bytes, file: name, localZone: zone) else {
            throw TestSupportFailure("\(name) was not read as an event")
        }
        return event
    }

    static func event(text lines: [String]) throws -> VEvent {
        let bytes = Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
        guard case .event(let event) = try FolderItem.read(bytes, file: "test.ics", localZone: zone) else {
            throw TestSupportFailure("not read as an event")
        }
        return event
    }

    /// The instants (ISO 8601, UTC) of the alarms of `name` in `from..<to`.
    static func alarms(
        _ name: String, from: String = "2026-11-25T00:00:00Z", to: String = "2027-01-20T00:00:00Z",
        settings: EventRecurrence.AlarmSettings = .init()
    ) throws -> [String] {
        try alarms(of: event(name), from: from, to: to, settings: settings)
    }

    static func alarms(
        of event: VEvent, from: String = "2026-11-25T00:00:00Z", to: String = "2027-01-20T00:00:00Z",
        settings: EventRecurrence.AlarmSettings = .init()
    ) throws -> [String] {
        let series = try #require(event.series, Comment(rawValue: event.problem ?? ""))
        return try EventRecurrence(series: series, localZone: zone)
            .alarms(from: CalendarFixture.instant(from), before: CalendarFixture.instant(to), settings: settings)
            .map { ($0.kind == .snoozed ? "snoozed " : "") + ISO8601DateFormatter().string(from: $0.at) }
    }

    @Test("khal's timed event: its zone, location and ten-minute alarm")
    func khalTimed() throws {
        let event = try Self.event("khal-timed.ics")
        let series = try #require(event.series)
        #expect(series.start == .zoned(try #require(LocalDay(iso: "2026-12-01")), secondsIntoDay: 36_000, zone: "Europe/Berlin"))
        #expect(series.details.summary == "Dentist")
        #expect(series.details.location == "Dr. Weber, Hauptstr. 5")
        #expect(try Self.alarms("khal-timed.ics") == ["2026-12-01T08:50:00Z"])
    }

    @Test("khal's all-day event: a day before is the local midnight of the day before")
    func khalAllDay() throws {
        #expect(try Self.alarms("khal-allday.ics") == ["2026-12-22T23:00:00Z"])
    }

    @Test("khal's weekly series ends with its UNTIL, across the change to summer time")
    func khalWeekly() throws {
        let alarms = try Self.alarms("khal-weekly.ics", to: "2027-06-01T00:00:00Z")
        #expect(alarms.count == 17)
        #expect(alarms.first == "2026-12-02T08:15:00Z")
        #expect(alarms.last == "2027-03-24T08:15:00Z")
    }

    @Test("Thunderbird's series: EXDATE, a moved occurrence with its own alarm, a cancelled one, LASTACK and an occurrence's snooze")
    func thunderbirdWeekly() throws {
        #expect(try Self.alarms("thunderbird-weekly.ics") == [
            // 2 and 9 December were handled (X-MOZ-LASTACK 08:50 UTC on the 9th).
            "2026-12-16T08:45:00Z",
            // The 16th's occurrence snoozed in Thunderbird (X-MOZ-SNOOZE-TIME-<µs>).
            "snoozed 2026-12-16T09:05:00Z",
            // The 23rd is an EXDATE; the 30th moved to 14:00 with a 30-minute alarm.
            "2026-12-30T12:30:00Z",
            // 6 January is cancelled.
            "2027-01-13T08:45:00Z",
        ])
        let series = try #require(try Self.event("thunderbird-weekly.ics").series)
        let occurrences = try EventRecurrence(series: series, localZone: Self.zone)
            .occurrences(startingFrom: CalendarFixture.instant("2026-12-29T00:00:00Z"), before: CalendarFixture.instant("2027-01-08T00:00:00Z"))
        #expect(occurrences.map(\.details.summary) == ["Weekly review (moved)", "Weekly review"])
        #expect(occurrences.map(\.details.location) == ["Room 7", nil])
        #expect(occurrences.map(\.details.isCancelled) == [false, true])
    }

    @Test("An alarm dismissed in Thunderbird does not fire; one snoozed there fires at the snooze")
    func thunderbirdHandled() throws {
        #expect(try Self.alarms("thunderbird-dismissed.ics").isEmpty)
        #expect(try Self.alarms("thunderbird-snoozed.ics") == ["snoozed 2026-12-01T09:01:00Z"])
    }

    @Test("Evolution's meeting: its prefixed zone, and the alarm it acknowledged (RFC 9074) left out")
    func evolutionMeeting() throws {
        #expect(try Self.alarms("evolution-meeting.ics") == ["2026-12-03T18:45:00Z"])
    }

    @Test("An invitation the user declined fires nothing for one of my-addresses, in any case; for another it does")
    func declined() throws {
        #expect(try Self.alarms("evolution-declined.ics", settings: .init(addresses: ["me@example.org"])).isEmpty)
        #expect(try Self.alarms("evolution-declined.ics", settings: .init(addresses: ["bob@example.org"])) == ["2026-12-04T13:45:00Z"])
    }

    @Test("Nextcloud's all-day reminder at 09:00 the day before, and its weekly series with COUNT")
    func nextcloud() throws {
        #expect(try Self.alarms("nextcloud-allday.ics") == ["2026-12-09T08:00:00Z"])
        let weekly = try Self.alarms("nextcloud-timed.ics", to: "2027-06-01T00:00:00Z")
        #expect(weekly.count == 10)
        #expect(weekly.first == "2026-12-05T16:30:00Z")
        #expect(weekly.last == "2027-02-06T16:30:00Z")
    }

    @Test("Outlook's Windows zone, read through its VTIMEZONE; and a customised zone only the file describes")
    func outlook() throws {
        #expect(try Self.alarms("outlook.ics") == ["2026-12-04T09:45:00Z"])
        let standUps = try Self.alarms("outlook-custom-zone.ics", to: "2027-01-12T00:00:00Z")
        // Mondays 09:00 in the zone's winter (UTC-5), 28 December excluded.
        #expect(standUps == ["2026-12-07T13:55:00Z", "2026-12-14T13:55:00Z", "2026-12-21T13:55:00Z", "2027-01-04T13:55:00Z", "2027-01-11T13:55:00Z"])
    }

    @Test("eM Client's zone, whose yearly rules start in 0001, is read, in winter and in summer")
    func emClientZoneFromYearOne() throws {
        // The bound on the years a zone's rules span once refused it,
        // and its events' alarms never fired. 12:30 CET is 11:30 UTC, CEST
        // (from 28 March 2027) 10:30 UTC.
        #expect(try Self.alarms("emclient.ics", to: "2027-08-01T00:00:00Z") == [
            "2026-12-10T11:15:00Z", "2027-01-10T11:15:00Z", "2027-02-10T11:15:00Z", "2027-03-10T11:15:00Z",
            "2027-04-10T10:15:00Z", "2027-05-10T10:15:00Z", "2027-06-10T10:15:00Z", "2027-07-10T10:15:00Z",
        ])
    }

    @Test("Exchange's TZID with escaped commas is matched to its own VTIMEZONE")
    func exchangeEscapedTZID() throws {
        // Such an event was once skipped and its alarm never fired. 10:00 CET is 09:00 UTC.
        #expect(try Self.alarms("exchange-escaped-tzid.ics") == ["2026-12-08T08:45:00Z"])
    }

    @Test("A Windows zone name without its VTIMEZONE is read as CLDR maps it")
    func windowsNameAlone() throws {
        let event = try Self.event(text: [
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:w", "DTSTAMP:20261120T080000Z",
            "DTSTART;TZID=Eastern Standard Time:20261204T110000", "SUMMARY:Call",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM", "END:VEVENT", "END:VCALENDAR",
        ])
        #expect(event.series?.start == .zoned(try #require(LocalDay(iso: "2026-12-04")), secondsIntoDay: 39_600, zone: "America/New_York"))
        #expect(try Self.alarms(of: event) == ["2026-12-04T15:45:00Z"])
    }

    @Test("An RDATE period keeps its own end or duration: the alarm before its end falls before that end")
    func rdatePeriods() throws {
        // 08:00Z/11:00Z once lasted the master's hour, its end alarm two hours early.
        let event = try Self.event(text: [
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:p", "DTSTAMP:20261120T080000Z",
            "DTSTART:20261201T080000Z", "DTEND:20261201T090000Z", "SUMMARY:Workshop",
            "RDATE;VALUE=PERIOD:20261210T080000Z/20261210T110000Z,20261211T080000Z/PT2H",
            "RDATE;VALUE=PERIOD;TZID=Europe/Berlin:20261212T100000/20261212T140000",
            "RDATE:20261213T080000Z",
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT15M", "END:VALARM", "END:VEVENT", "END:VCALENDAR",
        ])
        #expect(try Self.alarms(of: event) == [
            "2026-12-01T08:45:00Z", "2026-12-10T10:45:00Z", "2026-12-11T09:45:00Z", "2026-12-12T12:45:00Z", "2026-12-13T08:45:00Z",
        ])
        let bad = try Self.event(text: [
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:q", "DTSTART:20261201T080000Z",
            "RDATE;VALUE=PERIOD:20261210T080000Z/soon", "END:VEVENT", "END:VCALENDAR",
        ])
        #expect(bad.series == nil)
        #expect(bad.problem?.contains("20261210T080000Z/soon") == true, "\(bad.problem ?? "")")
    }

    @Test("RECURRENCE-ID;RANGE=THISANDFUTURE moves that occurrence and every later one, until the next such change")
    func thisAndFuture() throws {
        // The 14th and later once stayed at their old time.
        let alarm = ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM"]
        let event = try Self.event(text: [
            "BEGIN:VCALENDAR", "VERSION:2.0",
            "BEGIN:VEVENT", "UID:s", "DTSTAMP:20261120T080000Z", "SUMMARY:Stand-up",
            "DTSTART;TZID=Europe/Berlin:20261130T100000", "DTEND;TZID=Europe/Berlin:20261130T101500", "RRULE:FREQ=WEEKLY;COUNT=8",
        ] + alarm + ["END:VEVENT",
            "BEGIN:VEVENT", "UID:s", "DTSTAMP:20261120T080000Z", "SUMMARY:Stand-up, later",
            "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20261214T100000",
            "DTSTART;TZID=Europe/Berlin:20261214T110000", "DTEND;TZID=Europe/Berlin:20261214T113000",
        ] + alarm + ["END:VEVENT",
            "BEGIN:VEVENT", "UID:s", "DTSTAMP:20261120T080000Z", "SUMMARY:Stand-up, one moved",
            "RECURRENCE-ID;TZID=Europe/Berlin:20261228T100000",
            "DTSTART;TZID=Europe/Berlin:20261229T090000", "DTEND;TZID=Europe/Berlin:20261229T091500",
        ] + alarm + ["END:VEVENT", "END:VCALENDAR"])

        #expect(try Self.alarms(of: event, to: "2027-02-01T00:00:00Z") == [
            "2026-11-30T08:45:00Z", "2026-12-07T08:45:00Z",
            "2026-12-14T09:45:00Z", "2026-12-21T09:45:00Z", "2026-12-29T07:45:00Z",
            "2027-01-04T09:45:00Z", "2027-01-11T09:45:00Z", "2027-01-18T09:45:00Z",
        ])
        let series = try #require(event.series)
        let later = try EventRecurrence(series: series, localZone: Self.zone)
            .occurrences(startingFrom: CalendarFixture.instant("2027-01-01T00:00:00Z"), before: CalendarFixture.instant("2027-01-12T00:00:00Z"))
        #expect(later.map(\.details.summary) == ["Stand-up, later", "Stand-up, later"])
        #expect(later.map { $0.end.timeIntervalSince($0.start) } == [1800, 1800])
    }

    @Test("An event whose zone nobody describes, or without a DTSTART, is not followed, and says why naming the file")
    func unfollowed() throws {
        let unknownZone = try Self.event(text: [
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:z", "DTSTART;TZID=Mars/Olympus:20261204T110000",
            "END:VEVENT", "END:VCALENDAR",
        ])
        #expect(unknownZone.series == nil)
        #expect(unknownZone.problem?.contains("“test.ics”") == true)
        #expect(unknownZone.problem?.contains("Mars/Olympus") == true)
        let noStart = try Self.event(text: ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:n", "SUMMARY:x", "END:VEVENT", "END:VCALENDAR"])
        #expect(noStart.series == nil)
        #expect(noStart.problem?.contains("DTSTART") == true)
    }

    @Test("An RFC 9074 snooze on an event fires once at its own trigger; the snoozed alarm, acknowledged, does not")
    func rfc9074Snooze() throws {
        let event = try Self.event(text: [
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:s", "DTSTART:20261204T100000Z", "SUMMARY:Review",
            "BEGIN:VALARM", "UID:first", "ACTION:DISPLAY", "TRIGGER:-PT15M", "ACKNOWLEDGED:20261204T094600Z", "END:VALARM",
            "BEGIN:VALARM", "UID:again", "ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:20261204T095500Z",
            "RELATED-TO;RELTYPE=SNOOZE:first", "END:VALARM", "END:VEVENT", "END:VCALENDAR",
        ])
        #expect(try Self.alarms(of: event) == ["snoozed 2026-12-04T09:55:00Z"])
    }

    @Test("event-default-alarm gives an event without alarms one; an event with its own keeps them")
    func defaultAlarm() throws {
        let bare = try Self.event(text: [
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:d", "DTSTART:20261204T100000Z", "DTEND:20261204T110000Z",
            "SUMMARY:Lunch", "END:VEVENT", "END:VCALENDAR",
        ])
        #expect(try Self.alarms(of: bare).isEmpty)
        #expect(try Self.alarms(of: bare, settings: .init(defaultAlarm: -600)) == ["2026-12-04T09:50:00Z"])
        #expect(try Self.alarms("khal-timed.ics", settings: .init(defaultAlarm: -3600)) == ["2026-12-01T08:50:00Z"])
    }

    @Test("A relative alarm of an event counts its days as calendar days: a day before 10:00 is 10:00, across DST")
    func nominalDays() throws {
        let event = try Self.event(text: [
            "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:n", "DTSTART;TZID=Europe/Berlin:20270329T100000",
            "SUMMARY:Monday after the change", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-P1D", "END:VALARM",
            "END:VEVENT", "END:VCALENDAR",
        ])
        // Sunday 28 March 2027 10:00 is summer time already (the change is
        // at 02:00 that night): 08:00 UTC, 23 hours before the start.
        #expect(try Self.alarms(of: event, from: "2027-03-20T00:00:00Z", to: "2027-04-01T00:00:00Z") == ["2027-03-28T08:00:00Z"])
    }
}
