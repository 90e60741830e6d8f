import Foundation
import TestSupport
import Testing
import TodoCalendar
import TodoCore
@testable import TodoSync
import TodoZones

/// The iCalendar reader under a seeded generator of hostile files: each
/// file goes the whole way a sync and the time rules take it (read,
/// mapped to a task, written back, its reminders found) and must end, well
/// within a time limit, without a crash. The seeds are fixed, so a failure
/// comes back the same on every run; its seed and index name the file.
@Suite struct HostileFileFuzzTests {
    /// Files per seed: four seeds run side by side in about ten seconds of
    /// a debug build.
    static let filesPerSeed = 600
    /// The most one file may take, read to reminders (a debug build's
    /// honest files take a few milliseconds; the hostile-input probe's took minutes).
    static let timeLimit = Duration.seconds(2)

    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let mapping = TaskMapping(
        timeRules: TimeRules(clock: WallClock(timeZone: Zone(identifier: "Europe/Berlin") ?? .utc)), now: now
    )

    /// The clients' fixtures and the hostile-input probe's files, small enough to mutate often.
    static let seeds: [[UInt8]] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../TodoCalendarTests/Fixtures").standardized
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.hasSuffix(".ics") }.sorted() ?? []
        let fixtures = names.compactMap { FileManager.default.contents(atPath: folder.appendingPathComponent($0).path).map { [UInt8]($0) } }
        let probe = [
            HostileFile.secondlyZone, HostileFile.hourlyZone, HostileFile.hugeRepeat, HostileFile.deepNesting(levels: 30),
            HostileFile.zoned(uid: "outlook", tzid: "W. Europe Standard Time", zone: HostileFile.outlookZone),
            HostileFile.overrides(40), HostileFile.alarms(40),
        ]
        return fixtures + probe.map { Array($0.utf8) }
    }()

    @Test("Hostile files made from the fixtures are each read, mapped and scheduled within the limit, without a crash",
          arguments: [UInt64(20), 21, 22, 23])
    func hostileFiles(seed: UInt64) throws {
        try #require(Self.seeds.count > 20, "the fixtures were not found")
        var generator = HostileFileGenerator(seed: seed, seeds: Self.seeds)
        let clock = ContinuousClock()
        var read = 0
        for index in 0..<Self.filesPerSeed {
            let bytes = generator.file()
            let started = clock.now
            if Self.wholeWay(bytes) { read += 1 }
            let took = clock.now - started
            #expect(took < Self.timeLimit, "seed \(seed), file \(index) (\(bytes.count) bytes) took \(took)")
        }
        // The mutations leave many files readable: the way past reading is tried too.
        #expect(read > Self.filesPerSeed / 10, "only \(read) of \(Self.filesPerSeed) files were read")
    }

    /// Takes a file the way a sync and the daemon do; whether it was a task.
    static func wholeWay(_ bytes: [UInt8]) -> Bool {
        guard case .todo(let item)? = try? FolderItem.read(bytes, file: "fuzz.ics", localZone: mapping.zone) else { return false }
        var task = mapping.task(from: item.properties, list: "/lists/work")
        task.id = 1
        let wanted = mapping.properties(of: task, over: item.properties)
        let written = item.updated(to: wanted, at: now)
        _ = mapping.writingAlarmActions(of: task, read: item.properties, into: written ?? bytes, path: "fuzz.ics")
        _ = mapping.timeRules.reminders(for: task)
        _ = mapping.timeRules.nextReminder(for: task, after: now)
        return true
    }
}
