import Foundation
import TestSupport
import Testing

/// Each file of the hostile-input probe (and a UID with a NUL in it),
/// dropped into a list folder, costs `list` and `sync --check` at most 5 s
/// and 200 MiB (the limits set for hostile input, measured on the real
/// binary), is reported as skipped, and leaves the other tasks of the
/// folder as they are.
@Suite(.ownThread) struct HostileFolderTests {
    /// The limits set for one command on a hostile folder.
    static let timeLimit = Duration.seconds(5)
    static let memoryLimit = 200 * 1024 * 1024

    /// One hostile entry of a list folder, as the probe made it.
    struct Entry: CustomTestStringConvertible, Sendable {
        let name: String
        let testDescription: String
        /// Makes it at `path`.
        let make: @Sendable (_ path: String) throws -> Void
        /// What the skip report says about it.
        let reason: String

        static func file(_ name: String, _ description: String, _ text: @autoclosure @escaping @Sendable () -> String, reason: String) -> Entry {
            Entry(name: name, testDescription: description, make: { path in
                try Data(text().utf8).write(to: URL(fileURLWithPath: path))
            }, reason: reason)
        }
    }

    static let entries: [Entry] = [
        .file("secondly.ics", "a VTIMEZONE with RRULE:FREQ=SECONDLY from 1601", HostileFile.secondlyZone,
              reason: "has a time zone “Probe Standard Time” that names no known zone"),
        .file("hourly.ics", "a VTIMEZONE with RRULE:FREQ=HOURLY from 1601", HostileFile.hourlyZone,
              reason: "has a time zone “Probe Standard Time” that names no known zone"),
        .file("repeat.ics", "a VALARM with REPEAT:2147483647 and DURATION:PT1S", HostileFile.hugeRepeat,
              reason: "asks for 2147483648 alarm reminders"),
        .file("deep.ics", "a VTODO with 100,000 nested BEGIN:X-N", HostileFile.deepNesting(),
              reason: "nests components more than 16 deep"),
        .file("nul.ics", "a UID with a NUL in it, “fine\\0one” beside “fine”", HostileFile.nulUID,
              reason: "has a UID with a NUL character in it"),
        Entry(name: "x.ics", testDescription: "a FIFO named x.ics", make: { path in
            guard mkfifo(path, 0o644) == 0 else { throw TestSupportFailure("mkfifo failed: errno \(errno)") }
        }, reason: "is a named pipe (FIFO), not a regular file"),
        Entry(name: "z.ics", testDescription: "a symlink z.ics to /dev/zero", make: { path in
            guard symlink("/dev/zero", path) == 0 else { throw TestSupportFailure("symlink failed: errno \(errno)") }
        }, reason: "is a character device, not a regular file"),
        Entry(name: "folder.ics", testDescription: "a folder named folder.ics", make: { path in
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }, reason: "is a folder, not a regular file"),
    ]

    /// Runs `todo-remind ARGS…` under the limits for hostile input and checks them.
    static func measured(_ cli: CLI, _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessResult {
        let run = try MeasuredRun.run(
            CLI.binary, arguments, environment: cli.environment,
            limit: timeLimit, name: "todo-remind \(arguments.joined(separator: " "))"
        )
        #expect(run.peakResidentBytes < memoryLimit, "todo-remind \(arguments.joined(separator: " ")): \(run)", sourceLocation: sourceLocation)
        return run.result
    }

    @Test("list and sync --check handle each hostile entry of the probe within 5 s and 200 MiB, and report it as skipped", arguments: entries)
    func hostileEntry(_ entry: Entry) throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try lists.put("work", "fine.ics", ListFolders.todo(uid: "fine", summary: "Fine task", extra: ["DUE;VALUE=DATE:20261205"]))
        let path = lists.folder("work") + "/" + entry.name
        try entry.make(path)

        let listed = try Self.measured(cli, "list")
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.stdout.contains("Fine task"), "\(listed)")

        let check = try Self.measured(cli, "sync", "--check")
        #expect(check.status == 1, "\(check)")
        #expect(check.stdout.contains("work: 2 files, 1 skipped"), "\(check)")
        #expect(check.stdout.contains("  skipped: “\(path)” \(entry.reason)"), "\(check)")
        #expect(!check.stdout.contains("In step"), "\(check)")
    }

    @Test("A stale temporary file left by a killed writer is removed by the next command that reads the folder; a fresh one stays")
    func staleTemporaryIsRemoved() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try lists.put("work", "fine.ics", ListFolders.todo(uid: "fine", summary: "Fine task"))
        let stale = lists.folder("work") + "/.fine.ics.\(UUID().uuidString).tmp"
        let fresh = lists.folder("work") + "/.other.ics.\(UUID().uuidString).tmp"
        try Data("BEGIN:VCALENDAR\r\nhalf".utf8).write(to: URL(fileURLWithPath: stale))
        try Data("BEGIN:VCALENDAR\r\nbeing written".utf8).write(to: URL(fileURLWithPath: fresh))
        #expect(utimensat(AT_FDCWD, stale, try FileClock.times(3600, before: stale), 0) == 0)

        #expect(try cli.lines("list").contains { $0.contains("Fine task") })
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: fresh))
    }
}
