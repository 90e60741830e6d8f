import Foundation
import Testing
import TodoCore
import TodoZones

@Suite("Reading an instant as export writes it (ISOInstant)")
struct ISOInstantTests {
    @Test("what DateText.iso8601 writes in zones east and west, on the half hour and in UTC is read back, as ISO8601DateFormatter reads it",
          arguments: ["UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kolkata", "Pacific/Chatham", "America/Los_Angeles", "Asia/Kathmandu"])
    func roundTrip(zone: String) throws {
        let clock = WallClock(timeZone: try #require(Zone(identifier: zone)))
        let formatter = ISO8601DateFormatter()
        // From 1900 to 9999, and more closely around now, where offsets
        // change most; steps of odd lengths, to meet every second of a minute.
        let instants = Array(stride(from: -2_208_816_000.0, to: 253_402_000_000, by: 637_552_877))
            + Array(stride(from: 1_700_000_000.0, to: 1_900_000_000, by: 499_979))
        for seconds in instants {
            let text = DateText.iso8601(Date(timeIntervalSince1970: seconds), clock: clock)
            let read = ISOInstant.read(text)
            #expect(read == Date(timeIntervalSince1970: seconds), "\(text)")
            #expect(read == formatter.date(from: text), "\(text)")
        }
    }

    @Test("another form is nil, left to the formatter", arguments: [
        "2026-02-30T10:00:00Z", "2026-12-01T24:00:00Z", "2026-12-01T17:60:00Z", "2026-12-01T17:00:60Z",
        "2026-12-01T17:00:00.5Z", "2026-12-01t17:00:00z", "2026-12-01T17:00:00+0100", "2026-12-01T17:00:00+24:00",
        "2026-12-01 17:00:00Z", " 2026-12-01T17:00:00Z", "2026-12-01T17:00:00", "1899-12-31T23:00:00Z", "２026-12-01T17:00:00Z", "",
    ])
    func otherForms(text: String) {
        #expect(ISOInstant.read(text) == nil)
    }
}
