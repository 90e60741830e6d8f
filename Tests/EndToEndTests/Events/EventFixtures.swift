import Foundation

/// The clients' event files (`Tests/TodoCalendarTests/Fixtures/Events`),
/// read from the source tree, and moved in time where a test needs them now.
enum EventFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../TodoCalendarTests/Fixtures/Events").standardized

    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
}

extension EventFixtures {
    /// `20261201T100000`: a wall-clock reading in the zone the end-to-end
    /// runs use (Europe/Berlin, `WallTime`).
    static func local(_ instant: Date) -> String {
        format(instant, "yyyyMMdd'T'HHmmss", zone: WallTime.timeZone)
    }

    /// `20261201`: the local day.
    static func day(_ instant: Date) -> String {
        format(instant, "yyyyMMdd", zone: WallTime.timeZone)
    }

    /// `20261201T090000Z`.
    static func utc(_ instant: Date) -> String {
        format(instant, "yyyyMMdd'T'HHmmss'Z'", zone: TimeZone(identifier: "UTC") ?? .gmt)
    }

    private static func format(_ instant: Date, _ pattern: String, zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        return formatter.string(from: instant)
    }

    /// A fixture with some of its values replaced, as if its client had
    /// written it for other days and times.
    static func text(_ name: String, replacing pairs: [(String, String)]) throws -> String {
        var text = try self.text(name)
        for (old, new) in pairs {
            guard text.contains(old) else { throw CocoaError(.fileReadCorruptFile) }
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    /// A weekly series as Thunderbird writes it (`thunderbird-weekly.ics`'s
    /// shape: its PRODID, VTIMEZONE, X-MOZ-GENERATION, alarm form), starting
    /// `weeks` weeks before `start`, with `overrides` VEVENTs after it.
    static func thunderbirdSeries(
        uid: String, summary: String, start: Date, weeks: Int = 2, alarm: String = "-PT15M",
        extra: [String] = [], overrides: [[String]] = []
    ) -> String {
        let first = start.addingTimeInterval(-Double(weeks) * 7 * 86_400)
        var lines = ["BEGIN:VCALENDAR", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", "VERSION:2.0",
                     "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "X-LIC-LOCATION:Europe/Berlin",
                     "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "TZNAME:CEST", "DTSTART:19700329T020000",
                     "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT",
                     "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "DTSTART:19701025T030000",
                     "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD", "END:VTIMEZONE",
                     "BEGIN:VEVENT", "CREATED:20260101T100000Z", "LAST-MODIFIED:20260101T100000Z", "DTSTAMP:20260101T100000Z",
                     "UID:\(uid)", "SUMMARY:\(summary)", "RRULE:FREQ=WEEKLY",
                     "DTSTART;TZID=Europe/Berlin:\(local(first))", "DTEND;TZID=Europe/Berlin:\(local(first.addingTimeInterval(3600)))",
                     "TRANSP:OPAQUE", "X-MOZ-GENERATION:2"] + extra
        lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DURATION:\(alarm)", "DESCRIPTION:Default Mozilla Description",
                  "END:VALARM", "END:VEVENT"]
        for override in overrides {
            lines += ["BEGIN:VEVENT", "CREATED:20260101T100000Z", "LAST-MODIFIED:20260101T100000Z", "DTSTAMP:20260101T100000Z",
                      "UID:\(uid)", "SUMMARY:\(summary)", "X-MOZ-GENERATION:2"] + override + ["END:VEVENT"]
        }
        return (lines + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
    }
}
