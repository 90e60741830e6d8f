import Foundation
import Testing
import TestSupport
import TodoCalendar
import TodoCore
import TodoZones

/// Files someone else controls: each past a bound is refused
/// with one sentence, whole, and never hangs, exhausts or crashes reading.
@Suite("A hostile file is refused, whole, with one sentence")
struct HostileFileTests {
    static let zone = Zone(identifier: "Europe/Berlin") ?? .utc

    static func read(_ text: String, file: String = "probe.ics") throws(CalendarFileError) -> FolderItem {
        try FolderItem.read(Array(text.utf8), file: file, localZone: zone)
    }

    /// The error reading `text` throws; fails the test when it reads.
    static func refusal(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> CalendarFileError? {
        do {
            let item = try read(text)
            Issue.record("read as \(item)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    @Test("A VTIMEZONE libical would expand second by second or hour by hour from 1601 is refused, naming the zone and the rule")
    func unboundedZones() throws {
        for (text, frequency) in [(HostileFile.secondlyZone, "SECONDLY"), (HostileFile.hourlyZone, "HOURLY")] {
            let error = try #require(Self.refusal(text))
            guard case .unboundedTimeZone(_, let tzid, _) = error else {
                Issue.record("\(error)")
                continue
            }
            #expect(tzid == "Probe Standard Time")
            #expect(error.localizedDescription.contains("RRULE:FREQ=\(frequency)”"), "\(error.localizedDescription)")
        }
    }

    @Test("A zone rule that is yearly but lists many months, or adds hours, or spans millennia, is refused too",
          arguments: [
              "FREQ=YEARLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12;BYMONTHDAY=1",
              "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;BYHOUR=0,1,2,3",
              "FREQ=DAILY;COUNT=2",
          ])
    func unboundedYearlyRules(rule: String) throws {
        let zone = HostileFile.zone(frequency: "YEARLY").map { $0 == "RRULE:FREQ=YEARLY" ? "RRULE:\(rule)" : $0 }
        let error = try #require(Self.refusal(HostileFile.zoned(uid: "z", tzid: "Probe Standard Time", zone: zone)))
        guard case .unboundedTimeZone = error else { throw TestSupportFailure("\(error)") }
    }

    @Test("Rules whose years add up past the bound are refused: forty of Outlook's rules from 1601")
    func tooManyRuleYears() throws {
        let outlook = HostileFile.outlookZone
        let observances = Array(outlook[2..<(outlook.count - 1)])
        let zone = Array(outlook[0..<2]) + Array(repeating: observances, count: 20).flatMap { $0 } + ["END:VTIMEZONE"]
        let error = try #require(Self.refusal(HostileFile.zoned(uid: "z", tzid: "W. Europe Standard Time", zone: zone)))
        guard case .unboundedTimeZone(_, _, let reason) = error else { throw TestSupportFailure("\(error)") }
        #expect(reason.contains("years"), "\(reason)")
    }

    @Test("Outlook's own zone (two yearly rules from 1601) is still read through libical, with its summer time")
    func outlookZoneIsRead() throws {
        let item = try Self.read(HostileFile.zoned(uid: "outlook", tzid: "W. Europe Standard Time", zone: HostileFile.outlookZone))
        guard case .todo(let todo) = item else { throw TestSupportFailure("\(item)") }
        // 10:00 on 5 December in Berlin's winter is 09:00 UTC.
        #expect(todo.properties.due == .time(Date(timeIntervalSince1970: 1_796_461_200)))
    }

    @Test("A task whose alarm repeats 2,147,483,647 times is refused without making a reminder of each")
    func hugeRepeat() throws {
        let error = try #require(Self.refusal(HostileFile.hugeRepeat))
        #expect(error == .tooManyAlarms(file: "probe.ics", instances: 2_147_483_648))
        #expect(error.localizedDescription.contains("10000"), "\(error.localizedDescription)")
    }

    @Test("A VTODO with 100,000 nested components is refused at the first level past the bound, without overflowing the stack")
    func deepNesting() throws {
        let error = try #require(Self.refusal(HostileFile.deepNesting()))
        // VCALENDAR, VTODO and 14 X- components open: the 15th X- is line 21.
        #expect(error == .nestedTooDeep(file: "probe.ics", line: 21))
        // Nesting within the bound is read.
        guard case .todo = try Self.read(HostileFile.deepNesting(levels: ReadingLimits.maximumNesting - 2)) else {
            throw TestSupportFailure("not a task")
        }
    }

    @Test("A UID with a NUL in it is refused: it would collide with the UID cut at the NUL")
    func nulInUID() throws {
        let text = HostileFile.lines(["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO", "UID:dup\u{0}one", "SUMMARY:x", "END:VTODO", "END:VCALENDAR"])
        #expect(Self.refusal(text) == .nulInUID(file: "probe.ics"))
    }

    @Test("A file of 10,000 UIDs is refused with a sentence naming three of them and counting the rest")
    func manyUIDs() throws {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0"]
        for index in 0..<10_000 { lines += ["BEGIN:VTODO", "UID:uid-\(index)", "END:VTODO"] }
        let error = try #require(Self.refusal(HostileFile.lines(lines + ["END:VCALENDAR"])))
        #expect(error.localizedDescription
            == "“probe.ics” holds 10000 different UIDs (uid-0, uid-1, uid-2 and 9997 more): a file in a calendar folder holds one item.")
    }

    @Test("A file larger than the bound, or of more lines, is refused before a line of it is made")
    func tooLarge() throws {
        let large = [UInt8](repeating: 0x41, count: ReadingLimits.maximumFileSize + 1)
        #expect(throws: CalendarFileError.tooLarge(file: "big.ics")) {
            try FolderItem.read(large, file: "big.ics", localZone: Self.zone)
        }
        let blank = [UInt8](repeating: 0x0A, count: ReadingLimits.maximumLines + 1)
        #expect(throws: CalendarFileError.tooManyLines(file: "blank.ics")) {
            try FolderItem.read(blank, file: "blank.ics", localZone: Self.zone)
        }
    }

    @Test("10,000 completed occurrences and 5,000 alarms, large but honest, are read, and fit the bounds with room")
    func largeHonestFiles() throws {
        let overrides = HostileFile.overrides()
        let alarms = HostileFile.alarms()
        guard case .todo(let series) = try Self.read(overrides), case .todo(let alarmed) = try Self.read(alarms) else {
            throw TestSupportFailure("not tasks")
        }
        #expect(series.properties.completedOccurrences.count == 10_000)
        #expect(alarmed.properties.alarms.count == 5_000)
        #expect(overrides.utf8.count * 2 < ReadingLimits.maximumFileSize, "\(overrides.utf8.count) bytes")
        #expect(overrides.utf8.filter { $0 == 0x0A }.count * 2 < ReadingLimits.maximumLines)
    }

    @Test("10,000 occurrences in an Outlook zone read libical's zone once, not once per date-time")
    func outlookZoneOverrides() throws {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0"] + HostileFile.outlookZone + [
            "BEGIN:VTODO", "UID:outlook-series", "SUMMARY:Every day", "RRULE:FREQ=DAILY",
            "DTSTART;TZID=W. Europe Standard Time:19900101T090000", "DUE;TZID=W. Europe Standard Time:19900101T090000", "END:VTODO",
        ]
        let start = Date(timeIntervalSince1970: 631_180_800)  // 1990-01-01 09:00 in Berlin
        for day in 0..<10_000 {
            let local = HostileFile.utc(start.addingTimeInterval(Double(day) * 86_400 + 3600)).dropLast()
            lines += ["BEGIN:VTODO", "UID:outlook-series", "RECURRENCE-ID;TZID=W. Europe Standard Time:\(local)", "STATUS:COMPLETED", "END:VTODO"]
        }
        let clock = ContinuousClock()
        let started = clock.now
        guard case .todo(let series) = try Self.read(HostileFile.lines(lines + ["END:VCALENDAR"])) else { throw TestSupportFailure("not a task") }
        // A limit against a hang, not a measure: libical's zone read afresh
        // for each of 10,000 date-times (7 ms or more each) took over a minute.
        #expect(clock.now - started < .seconds(10))
        #expect(series.properties.completedOccurrences.count > 9_000)
    }
}
