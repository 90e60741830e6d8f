import Foundation
import Testing
import TestSupport
import TodoCalendar
import TodoCore
import TodoRecurrence

/// Dismissing and snoozing an event's alarm writes Thunderbird's and RFC
/// 9074's forms into its file, and nothing else.
@Suite("Acknowledgements written into event files")
struct EventAcknowledgingTests {
    static let now = Date(timeIntervalSince1970: 1_796_115_000)  // 2026-12-01T08:50:00Z

    /// The lines of `before` that `after` no longer has, and those it added.
    static func difference(_ before: [UInt8], _ after: [UInt8]) -> (gone: [String], added: [String]) {
        let old = CalendarFixture.lines(before), new = CalendarFixture.lines(after)
        return (old.filter { !new.contains($0) }, new.filter { !old.contains($0) })
    }

    static func reread(_ bytes: [UInt8]) throws -> VEvent {
        guard case .event(let event) = try FolderItem.read(bytes, file: "test.ics", localZone: EventReadingTests.zone) else {
            throw TestSupportFailure("not an event")
        }
        return event
    }

    @Test("Dismissing khal's alarm writes X-MOZ-LASTACK and ACKNOWLEDGED, stamps the VEVENT, and keeps every other line's bytes")
    func dismissOneOff() throws {
        let event = try EventReadingTests.event("khal-timed.ics")
        let before = try CalendarFixture.bytes("Events/khal-timed.ics")
        let after = event.dismissing(alarm: .trigger("TRIGGER:-PT10M"), occurrence: nil, at: Self.now)
        let (gone, added) = Self.difference(before, after)
        #expect(gone == ["DTSTAMP;VALUE=DATE-TIME:20261127T084024Z\r\n"])
        #expect(Set(added) == ["X-MOZ-LASTACK:20261201T085000Z\r\n", "ACKNOWLEDGED:20261201T085000Z\r\n",
                               "DTSTAMP:20261201T085000Z\r\n", "LAST-MODIFIED:20261201T085000Z\r\n"])
        #expect(!(after.firstRange(of: Array("SEQUENCE".utf8)) != nil))
        #expect(try EventReadingTests.alarms(of: Self.reread(after)).isEmpty, "handled: it fires nowhere again")
    }

    @Test("Snoozing writes Thunderbird's X-MOZ-SNOOZE-TIME and RFC 9074's snooze alarm; the file fires the snooze once")
    func snoozeOneOff() throws {
        let event = try EventReadingTests.event("khal-timed.ics")
        let until = Self.now.addingTimeInterval(600)
        let after = event.snoozing(alarm: .trigger("TRIGGER:-PT10M"), occurrence: nil, until: until, at: Self.now, newUID: { "snooze-uid" })
        let text = String(decoding: after, as: UTF8.self)
        #expect(text.contains("X-MOZ-SNOOZE-TIME:20261201T090000Z\r\n"))
        #expect(text.contains("RELATED-TO;RELTYPE=SNOOZE:snooze-uid\r\n"))
        #expect(text.contains("TRIGGER;VALUE=DATE-TIME:20261201T090000Z\r\n"))
        #expect(try EventReadingTests.alarms(of: Self.reread(after)) == ["snoozed 2026-12-01T09:00:00Z"])
    }

    @Test("An occurrence of Thunderbird's series: its snooze by recurrence id on the master, ACKNOWLEDGED in its override")
    func occurrenceOfSeries() throws {
        let event = try EventReadingTests.event("thunderbird-weekly.ics")
        // The occurrence of 30 December, 10:00 in Berlin, moved to 14:00 by an override.
        let micro: Int64 = 1_798_621_200_000_000
        let at = Date(timeIntervalSince1970: 1_798_633_800)  // 2026-12-30T12:30:00Z, its alarm
        let until = at.addingTimeInterval(600)
        let snoozed = event.snoozing(alarm: .trigger("TRIGGER;VALUE=DURATION:-PT30M"), occurrence: micro, until: until, at: at,
                                     newUID: { "s-1" })
        let text = String(decoding: snoozed, as: UTF8.self)
        #expect(text.contains("X-MOZ-SNOOZE-TIME-1798621200000000:20261230T124000Z\r\n"))
        #expect(try EventReadingTests.alarms(of: Self.reread(snoozed), from: "2026-12-30T00:00:00Z", to: "2026-12-31T00:00:00Z")
                == ["snoozed 2026-12-30T12:40:00Z"])
        let dismissed = try Self.reread(snoozed).dismissing(alarm: .uid("s-1"), occurrence: micro, at: until)
        let dismissedText = String(decoding: dismissed, as: UTF8.self)
        #expect(!dismissedText.contains("X-MOZ-SNOOZE-TIME-1798621200000000"))
        #expect(try EventReadingTests.alarms(of: Self.reread(dismissed), from: "2026-12-30T00:00:00Z", to: "2026-12-31T00:00:00Z").isEmpty)
    }
}
