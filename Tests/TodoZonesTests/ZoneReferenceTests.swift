import Foundation
import TestSupport
import Testing
import TodoCore
@testable import TodoZones

/// Every zone of the system's zone1970.tab, read by `ZoneDirectory`, against
/// Python's `zoneinfo` (an independent reader of the same files and of their
/// POSIX rules): the offset at two instants of every year from 1900 to
/// 2100, and on either side of every transition our reading finds from
/// 1970 to 2100 (those after 2037 come from each file's rule).
@Suite("Zones against Python's zoneinfo")
struct ZoneReferenceTests {
    static let firstYear = 1900
    static let lastYear = 2100

    @Test("every zone's offsets, transitions to the second, 1900 to 2100")
    func everyZone() throws {
        let table = try String(contentsOfFile: "/usr/share/zoneinfo/zone1970.tab", encoding: .utf8)
        let names = table.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            line.split(separator: "\t").dropFirst(2).first.map(String.init)
        } + ["UTC", "EST5EDT", "Australia/Lord_Howe", "Pacific/Chatham", "Africa/Casablanca", "America/Nuuk"]
        #expect(names.count > 300)

        var request = ""
        var asked: [String: [Int]] = [:]
        for name in names {
            let zone = try #require(ZoneDirectory.system.zone(named: name), "\(name)")
            var instants: [Int] = []
            for year in Self.firstYear...Self.lastYear {
                for month in [1, 7] {
                    let day = try #require(LocalDay(year: year, month: month, day: 15))
                    instants.append(day.daysSinceEpoch * 86_400 + 43_200)
                }
            }
            // Transitions: a day whose offset differs from the day before's,
            // searched to the second.
            let start = try #require(LocalDay(year: 1970, month: 1, day: 1)).daysSinceEpoch * 86_400
            let end = try #require(LocalDay(year: Self.lastYear, month: 12, day: 31)).daysSinceEpoch * 86_400
            var before = zone.offset(atUTC: start)
            for day in stride(from: start + 86_400, through: end, by: 86_400) {
                let offset = zone.offset(atUTC: day)
                guard offset != before else { continue }
                var low = day - 86_400
                var high = day
                while high - low > 1 {
                    let middle = (low + high) / 2
                    if zone.offset(atUTC: middle) == before { low = middle } else { high = middle }
                }
                instants.append(contentsOf: [high - 1, high])
                before = offset
            }
            asked[name] = instants
            request += name + " " + instants.map(String.init).joined(separator: " ") + "\n"
        }
        let folder = try TemporaryFolder()
        try folder.write("request", text: request)
        let answer = try ReferencePython.run("zone_offsets.py", [folder.file("request")], timeZone: "UTC")

        var checked = 0
        var differences: [String] = []
        for line in answer.split(separator: "\n") {
            let fields = line.split(separator: " ")
            let name = String(fields[0])
            let zone = try #require(ZoneDirectory.system.zone(named: name))
            let instants = try #require(asked[name])
            #expect(fields.count == instants.count + 1, "\(name)")
            for (instant, expected) in zip(instants, fields.dropFirst()) {
                checked += 1
                let offset = zone.offset(atUTC: instant)
                if String(offset) != expected, differences.count < 20 {
                    differences.append("\(name) at \(instant): \(offset), zoneinfo \(expected)")
                }
            }
        }
        #expect(asked.count == Set(names).count)
        #expect(checked > 150_000)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }
}
