import Foundation

/// The files of the hostile-input probe, exactly as it gives them, and the large
/// but honest files that must still be read: what a shared list or a
/// compromised phone app could put into a list folder.
public enum HostileFile {
    /// A VTODO due on 5 December 2026 at 10:00 in the zone `tzid`, the
    /// calendar holding `zone` (a VTIMEZONE's lines) first.
    public static func zoned(uid: String, tzid: String, zone: [String]) -> String {
        lines(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//probe//EN"] + zone + [
            "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20261101T100000Z", "SUMMARY:Zoned",
            "DUE;TZID=\(tzid):20261205T100000", "END:VTODO", "END:VCALENDAR",
        ])
    }

    /// A VTIMEZONE whose TZID names no Olson zone (so libical expands it)
    /// and whose STANDARD repeats at `frequency` from 1601.
    public static func zone(tzid: String = "Probe Standard Time", frequency: String) -> [String] {
        [
            "BEGIN:VTIMEZONE", "TZID:\(tzid)",
            "BEGIN:STANDARD", "DTSTART:16010101T000000", "RRULE:FREQ=\(frequency)",
            "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "END:STANDARD",
            "END:VTIMEZONE",
        ]
    }

    /// A zone libical reads, with `RRULE:FREQ=SECONDLY` from 1601.
    public static let secondlyZone = zoned(uid: "probe-secondly", tzid: "Probe Standard Time", zone: zone(frequency: "SECONDLY"))

    /// The same with `FREQ=HOURLY`: 46 s and 334 MB before.
    public static let hourlyZone = zoned(uid: "probe-hourly", tzid: "Probe Standard Time", zone: zone(frequency: "HOURLY"))

    /// Outlook's zone for Berlin as Outlook writes it: two yearly rules from
    /// 1601, a TZID no Olson name matches. Must keep being read.
    public static let outlookZone = [
        "BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time",
        "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
        "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
        "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
        "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT",
        "END:VTIMEZONE",
    ]

    /// A VALARM with `REPEAT:2147483647` and `DURATION:PT1S`.
    public static let hugeRepeat = lines([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//probe//EN",
        "BEGIN:VTODO", "UID:probe-repeat", "DTSTAMP:20261101T100000Z", "SUMMARY:Repeating alarm",
        "DUE:20261205T100000Z",
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Again", "TRIGGER;RELATED=END:-PT5M",
        "REPEAT:2147483647", "DURATION:PT1S", "END:VALARM",
        "END:VTODO", "END:VCALENDAR",
    ])

    /// A UID with a NUL in it, which SQLite would cut to `fine`
    /// (the UID of `ListFolders.todo(uid: "fine", …)`).
    public static let nulUID = lines([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//probe//EN",
        "BEGIN:VTODO", "UID:fine\u{0}one", "DTSTAMP:20261101T100000Z", "SUMMARY:Cut short", "END:VTODO", "END:VCALENDAR",
    ])

    /// A VTODO with `levels` nested `BEGIN:X-N` (100,000 in the probe).
    public static func deepNesting(levels: Int = 100_000) -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//probe//EN\r\nBEGIN:VTODO\r\nUID:probe-deep\r\nSUMMARY:Deep\r\n"
        text.reserveCapacity(text.utf8.count + levels * 24)
        for level in 0..<levels { text += "BEGIN:X-\(level)\r\n" }
        for level in (0..<levels).reversed() { text += "END:X-\(level)\r\n" }
        return text + "END:VTODO\r\nEND:VCALENDAR\r\n"
    }

    /// A daily series with `count` occurrences done in Thunderbird, each an
    /// override of its own: what "10,000 overrides" means, and must be read.
    public static func overrides(_ count: Int = 10_000) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN",
            "BEGIN:VTODO", "UID:probe-overrides", "DTSTAMP:20261101T100000Z", "SUMMARY:Every day",
            "DTSTART:19900101T090000Z", "DUE:19900101T090000Z", "RRULE:FREQ=DAILY", "END:VTODO",
        ]
        let start = Date(timeIntervalSince1970: 631_184_400)  // 1990-01-01 09:00 UTC
        for day in 0..<count {
            let stamp = utc(start.addingTimeInterval(Double(day) * 86_400))
            lines += [
                "BEGIN:VTODO", "UID:probe-overrides", "DTSTAMP:20261101T100000Z", "RECURRENCE-ID:\(stamp)",
                "SUMMARY:Every day", "DUE:\(stamp)", "STATUS:COMPLETED", "COMPLETED:\(stamp)", "END:VTODO",
            ]
        }
        return Self.lines(lines + ["END:VCALENDAR"])
    }

    /// A task with `count` alarms of another client's, none repeating.
    public static func alarms(_ count: Int = 5_000) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//probe//EN",
            "BEGIN:VTODO", "UID:probe-alarms", "DTSTAMP:20261101T100000Z", "SUMMARY:Many alarms", "DUE:20261205T100000Z",
        ]
        for minute in 0..<count {
            lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Alarm \(minute)", "TRIGGER;RELATED=END:-PT\(minute + 1)M", "END:VALARM"]
        }
        return Self.lines(lines + ["END:VTODO", "END:VCALENDAR"])
    }

    /// Content lines joined with CRLF, the last one ended too.
    public static func lines(_ lines: [String]) -> String {
        lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A UTC date-time as iCalendar writes it (`19900101T090000Z`).
    public static func utc(_ instant: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return String(format: "%04d", parts.year ?? 0) + two(parts.month) + two(parts.day)
            + "T" + two(parts.hour) + two(parts.minute) + two(parts.second) + "Z"
    }
}
