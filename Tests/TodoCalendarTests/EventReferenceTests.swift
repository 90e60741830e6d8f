import Foundation
import Testing
import TestSupport
import TodoCalendar
import TodoCore
import TodoRecurrence
import TodoZones

/// todo-remind's event expansion against an independent one: the Python
/// `recurring_ical_events` package over `icalendar`, on generated folders
/// of recurring events with overrides and exceptions in New York, Berlin,
/// Lord Howe and Chatham (`Tests/EventReference`).
@Suite("Event expansion against recurring_ical_events", .ownThread)
struct EventReferenceTests {
    /// The window compared: two years.
    static let from = "2026-01-01"
    static let to = "2028-01-01"

    @Test("Every alarm instant of 320 generated events over two years agrees with recurring_ical_events",
          arguments: ["Europe/Berlin", "America/New_York"])
    func alarmsAgree(localZone: String) throws {
        let folder = try TemporaryFolder(prefix: "event-reference")
        _ = try ReferencePython.run("generate.py", [folder.path, "320", "25"], timeZone: localZone)
        let reference = try JSONDecoder().decode(
            [String: [Int]].self,
            from: Data(ReferencePython.run("alarms.py", [folder.path, Self.from, Self.to], timeZone: localZone).utf8)
        )
        let zone = try #require(Zone(identifier: localZone))
        let clock = WallClock(timeZone: zone)
        let start = clock.startOfDay(try #require(LocalDay(iso: Self.from)))
        let end = clock.startOfDay(try #require(LocalDay(iso: Self.to)))
        var ours: [String: [Int]] = [:]
        var recurring = 0
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ics") }.sorted()
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file(name))))
            guard case .event(let event) = try FolderItem.read(bytes, file: name, localZone: zone) else {
                Issue.record("\(name) was not read as an event")
                continue
            }
            let series = try #require(event.series, Comment(rawValue: "\(name): \(event.problem ?? "")"))
            if series.recurs { recurring += 1 }
            let alarms = try EventRecurrence(series: series, localZone: zone).alarms(from: start, before: end, settings: .init())
            if !alarms.isEmpty { ours[series.uid] = Set(alarms.map { Int($0.at.timeIntervalSince1970) }).sorted() }
        }
        #expect(names.count == 320)
        #expect(recurring >= 250)
        #expect(reference.values.reduce(0) { $0 + $1.count } > 10_000, "the reference found too few alarms to say much")
        var disagreements: [String] = []
        for uid in Set(reference.keys).union(ours.keys).sorted() {
            let theirs = Set(reference[uid] ?? []), mine = Set(ours[uid] ?? [])
            guard theirs != mine else { continue }
            let format = { (seconds: Int) in ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds))) }
            disagreements.append("\(uid): only the reference \(theirs.subtracting(mine).sorted().prefix(4).map(format)), only ours \(mine.subtracting(theirs).sorted().prefix(4).map(format))")
        }
        let report = "\(disagreements.count) events disagree:\n" + disagreements.prefix(15).joined(separator: "\n")
        #expect(disagreements.isEmpty, Comment(rawValue: report))
    }

    /// How many days `khal list` is asked for: it formats every day's
    /// events one by one, 40 ms a day here, so a year rather than two.
    static let khalDays = 365

    @Test("khal list, from Debian's khal, lists the same occurrences of the same folder over a year")
    func khalAgrees() throws {
        let localZone = "Europe/Berlin"
        let folder = try TemporaryFolder(prefix: "event-reference")
        let home = try TemporaryFolder(prefix: "khal")
        _ = try ReferencePython.run("generate.py", [folder.path, "320", "25"], timeZone: localZone)
        let config = try home.write("config", text: """
            [calendars]
            [[reference]]
            path = \(folder.path)
            type = calendar
            [locale]
            timeformat = %H:%M
            dateformat = %Y-%m-%d
            longdateformat = %Y-%m-%d
            datetimeformat = %Y-%m-%d %H:%M
            longdatetimeformat = %Y-%m-%d %H:%M
            local_timezone = \(localZone)
            default_timezone = \(localZone)
            """)
        let listed = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/khal"),
            ["-c", config, "list", "--day-format", "", "--format", "{uid}|{start}", Self.from, "\(Self.khalDays)d"],
            environment: ["TZ": localZone, "XDG_DATA_HOME": home.file("data"), "XDG_CACHE_HOME": home.file("cache"),
                          "HOME": home.path, "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"],
            timeout: .seconds(300)
        )
        try #require(listed.status == 0, Comment(rawValue: listed.stderr))
        // khal lists an occurrence on each day it spans: once each here.
        let theirs = Set(listed.stdout.split(separator: "\n").map(String.init).filter { $0.contains("|") })
        let zone = try #require(Zone(identifier: localZone))
        let clock = WallClock(timeZone: zone)
        let start = clock.startOfDay(try #require(LocalDay(iso: Self.from)))
        let end = clock.startOfDay(try #require(LocalDay(iso: Self.from)).adding(days: Self.khalDays))
        var ours = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".ics") {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file(name))))
            guard case .event(let event) = try FolderItem.read(bytes, file: name, localZone: zone), let series = event.series else {
                Issue.record("\(name) was not read as an event")
                continue
            }
            for occurrence in try EventRecurrence(series: series, localZone: zone).occurrences(overlapping: start, end) {
                let day = clock.day(of: occurrence.start)
                let time = clock.timeOfDay(of: occurrence.start)
                let text = occurrence.isAllDay ? "\(day)" : "\(day) " + String(format: "%02d:%02d", time.hour, time.minute)
                ours.insert("\(series.uid)|\(text)")
            }
        }
        #expect(theirs.count > 5_000, "khal listed too few occurrences to say much")
        let onlyTheirs = theirs.subtracting(ours).sorted(), onlyOurs = ours.subtracting(theirs).sorted()
        let report = "only khal: \(onlyTheirs.prefix(10))\nonly todo-remind: \(onlyOurs.prefix(10))"
        #expect(onlyTheirs.isEmpty && onlyOurs.isEmpty, Comment(rawValue: report))
    }
}
