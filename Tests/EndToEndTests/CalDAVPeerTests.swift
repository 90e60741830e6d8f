import Foundation
import TestSupport
import Testing

/// The loopback CalDAV peer (`CalDAVPeer`) that the sync tests stand on:
/// radicale, two devices synced by vdirsyncer, todoman on device B. These
/// tests check that items really travel between the two folders through the
/// server, and pin down what the other programs write, which todo-remind's
/// sync has to read.
///
/// Each test has a server of its own, so they run in parallel.
@Suite("a loopback CalDAV peer: radicale, vdirsyncer and todoman", .ownThread)
struct CalDAVPeerTests {
    @Test("A task made with todoman on device B reaches device A's folder after B syncs, then A, with its UID, summary and due time in UTC")
    func todomanToDeviceA() throws {
        let clock = ContinuousClock()
        let started = clock.now
        let peer = try CalDAVPeer.start(timeZone: "Europe/Berlin")
        defer { peer.stop() }
        let startTime = clock.now - started

        let made = try peer.todoman(["new", "-l", CalDAVPeer.collection, "--due", "2026-12-01 17:00", "Pay rent"])
        #expect(made.status == 0, "\(made)")
        let onB = try peer.deviceB.items()
        try #require(onB.count == 1, "\(onB)")
        let uid = try #require(onB[0].uid)

        let beforeB = clock.now
        let outputB = try peer.deviceB.sync()
        let syncB = clock.now - beforeB
        let beforeA = clock.now
        let outputA = try peer.deviceA.sync()
        let syncA = clock.now - beforeA

        // What vdirsyncer says it did, and no warning about the fixture's set-up.
        #expect(outputB.stderr.contains("Copying (uploading) item \(uid) to server/\(CalDAVPeer.collection)"), "\(outputB)")
        #expect(outputA.stderr.contains("Copying (uploading) item \(uid) to local/\(CalDAVPeer.collection)"), "\(outputA)")
        #expect(!(outputB.stderr + outputA.stderr).contains("warning"), "\(outputB)\n\(outputA)")

        let onA = try peer.deviceA.items()
        #expect(onA.count == 1, "\(onA)")
        #expect(onA.first?.uid == uid)
        #expect(onA.first?.summary == "Pay rent")
        // 17:00 in Berlin, written as UTC (todoman writes every time so).
        #expect(onA.first?.contentLine("DUE") == "DUE;VALUE=DATE-TIME:20261201T160000Z")
        // todoman names its file after the UID, which holds an "@": too
        // unsafe a name for vdirsyncer, which gives the item a random UUID
        // name on the server and in device A's folder.
        #expect(onB[0].fileName == "\(uid).ics")
        #expect(uid.contains("@"))
        let nameOnA = try #require(onA.first?.fileName)
        #expect(nameOnA.hasSuffix(".ics") && UUID(uuidString: String(nameOnA.dropLast(4))) != nil, "\(nameOnA)")
        // todoman writes CRLF; what vdirsyncer fetches from the server comes
        // with LF (the calendar data travels inside XML, which turns CRLF into LF).
        #expect(onB[0].usesCRLF)
        #expect(onA.first?.usesCRLF == false)
        print("caldav peer: start \(startTime), sync of device B \(syncB), sync of device A \(syncA)")
    }

    @Test("A VTODO written atomically into device A's folder reaches todoman on device B after A syncs, then B, and A's file is left as it was")
    func deviceAToTodoman() throws {
        let peer = try CalDAVPeer.start(timeZone: "Europe/Berlin")
        defer { peer.stop() }
        let uid = "todo-remind-peer-test-1"
        let text = Self.vtodo(uid: uid, summary: "Water the plants", extra: ["DUE;VALUE=DATE:20261205", "PRIORITY:1"])
        let written = try peer.deviceA.write(text, as: "\(uid).ics")
        let inode = try Self.inode(written)

        try peer.deviceA.sync()
        try peer.deviceB.sync()

        // vdirsyncer does not rewrite the file it uploaded.
        #expect(try peer.deviceA.items().map(\.text) == [text])
        #expect(try Self.inode(written) == inode)
        // A UID safe as a file name is the item's name on the server and on device B.
        let itemsOnB = try peer.deviceB.items()
        let onB = try #require(itemsOnB.first { $0.uid == uid }, "\(itemsOnB)")
        #expect(onB.fileName == "\(uid).ics")
        // Radicale serializes the item again: the same lines, sorted by
        // property name, LF line ends once fetched.
        let linesOnA = text.split(separator: "\r\n").map(String.init)
        let linesOnB = onB.text.split(separator: "\n").map(String.init)
        #expect(linesOnB != linesOnA)
        #expect(linesOnB.sorted() == linesOnA.sorted())
        let todoOnB = linesOnB.drop { $0 != "BEGIN:VTODO" }.dropFirst().prefix { $0 != "END:VTODO" }
        #expect(todoOnB.map { String($0.prefix { $0 != ":" && $0 != ";" }) } == ["DTSTAMP", "DUE", "PRIORITY", "STATUS", "SUMMARY", "UID"])
        let tasks = try peer.todomanTasks()
        #expect(tasks.count == 1, "\(tasks)")
        let task = try #require(tasks.first)
        #expect(task.summary == "Water the plants")
        #expect(task.list == CalDAVPeer.collection)
        #expect(task.priority == 1)
        #expect(!task.completed)
        // A due day comes as the start of that day in todoman's zone.
        #expect(task.due == Self.berlinDate("2026-12-05T00:00"))
    }

    @Test("An item changed on both sides: device A's sync (b wins) succeeds and leaves device B's version in A's file of the same name")
    func conflictBWins() throws {
        let peer = try CalDAVPeer.start()
        defer { peer.stop() }
        let (original, task) = try Self.taskOnBothDevices(peer, summary: "Call mum")

        try peer.deviceA.write(original.text.replacingOccurrences(of: "SUMMARY:Call mum", with: "SUMMARY:Call mum and dad"), as: original.fileName)
        let edited = try peer.todoman(["edit", String(task.id), "--priority", "high"])
        #expect(edited.status == 0, "\(edited)")
        try peer.deviceB.sync()
        let sync = try peer.deviceA.sync()

        #expect(sync.stderr.contains("Doing conflict resolution for item"), "\(sync)")
        let onA = try peer.deviceA.items()
        #expect(onA.map(\.fileName) == [original.fileName])
        #expect(onA.first?.uid == original.uid)
        #expect(onA.first?.summary == "Call mum")
        #expect(onA.first?.value(of: "PRIORITY") == "4")
    }

    @Test("An item changed on both sides: device B's sync (no conflict resolution) fails, names the conflict and changes nothing on B")
    func conflictIsAnError() throws {
        let peer = try CalDAVPeer.start()
        defer { peer.stop() }
        let (original, task) = try Self.taskOnBothDevices(peer, summary: "Call mum")
        let uid = try #require(original.uid)

        try peer.deviceA.write(original.text.replacingOccurrences(of: "SUMMARY:Call mum", with: "SUMMARY:Call mum and dad"), as: original.fileName)
        try peer.deviceA.sync()
        let edited = try peer.todoman(["edit", String(task.id), "--priority", "high"])
        #expect(edited.status == 0, "\(edited)")
        let onBBefore = try #require(try peer.deviceB.item(uid: uid))
        let sync = try peer.deviceB.attemptSync()

        #expect(sync.status == 1, "\(sync)")
        #expect(sync.stderr.contains("One item changed on both sides"), "\(sync)")
        #expect(sync.stderr.contains("Item ID: \(uid)"), "\(sync)")
        #expect(try peer.deviceB.item(uid: uid)?.text == onBBefore.text)
        #expect(try peer.todomanTasks().map(\.priority) == [4])
        // It stays a conflict until someone resolves it.
        #expect(try peer.deviceB.attemptSync().status == 1)
        #expect(throws: (any Error).self) { try peer.deviceB.sync() }
    }

    @Test("todoman's done reaches device A as STATUS:COMPLETED, COMPLETED in UTC and PERCENT-COMPLETE:100, with SEQUENCE bumped")
    func todomanDone() throws {
        let peer = try CalDAVPeer.start()
        defer { peer.stop() }
        let (original, task) = try Self.taskOnBothDevices(peer, summary: "Buy milk")
        let before = Date()

        let done = try peer.todoman(["done", String(task.id)])
        #expect(done.status == 0, "\(done)")
        try peer.deviceB.sync()
        try peer.deviceA.sync()

        let onA = try #require(try peer.deviceA.items().first)
        #expect(onA.fileName == original.fileName)
        #expect(onA.value(of: "STATUS") == "COMPLETED")
        #expect(onA.value(of: "PERCENT-COMPLETE") == "100")
        #expect(onA.value(of: "SEQUENCE") == "2")
        let completedLine = try #require(onA.contentLine("COMPLETED"))
        #expect(completedLine.hasPrefix("COMPLETED;VALUE=DATE-TIME:") && completedLine.hasSuffix("Z"), "\(completedLine)")
        let completedTask = try #require(try peer.todomanTasks().first)
        #expect(completedTask.completed)
        let completedAt = try #require(completedTask.completedAt)
        #expect(completedAt >= before.addingTimeInterval(-2) && completedAt <= Date().addingTimeInterval(2))
    }

    @Test("todoman 4.1 rewrites a foreign item: keeps X- properties, VALARMs and the VTIMEZONE, writes DUE in UTC, drops CATEGORIES, and cannot read two CATEGORIES lines")
    func todomanRewrite() throws {
        let peer = try CalDAVPeer.start(timeZone: "Europe/Berlin")
        defer { peer.stop() }
        let oneLine = Self.vtodo(uid: "categories-on-one-line", summary: "Water the plants", extra: [
            "DUE;TZID=Europe/Berlin:20261201T170000", "CATEGORIES:home,garden", "X-TODO-REMIND-TEST:kept",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Water the plants", "TRIGGER;RELATED=END:-PT15M", "END:VALARM",
        ], timeZone: Self.berlinZone)
        let twoLines = Self.vtodo(uid: "categories-on-two-lines", summary: "Sort the mail", extra: ["CATEGORIES:home", "CATEGORIES:paper"])
        try peer.deviceA.write(oneLine, as: "categories-on-one-line.ics")
        try peer.deviceA.write(twoLines, as: "categories-on-two-lines.ics")
        try peer.deviceA.sync()
        try peer.deviceB.sync()

        // Two CATEGORIES properties make todoman skip the whole item, exit status 0.
        let listed = try peer.todoman(["--porcelain", "list", "--status", "ANY"])
        #expect(listed.status == 0)
        #expect(listed.stderr.contains("Failed to read entry") && listed.stderr.contains("categories-on-two-lines.ics"), "\(listed)")
        let tasks = try TodomanTask.decodeList(listed.stdout)
        #expect(tasks.map(\.summary) == ["Water the plants"])
        let task = try #require(tasks.first)
        #expect(task.due == Self.berlinDate("2026-12-01T17:00"))

        let edited = try peer.todoman(["edit", String(task.id), "--priority", "high"])
        #expect(edited.status == 0, "\(edited)")
        try peer.deviceB.sync()
        try peer.deviceA.sync()

        let onA = try #require(try peer.deviceA.item(uid: "categories-on-one-line"))
        #expect(onA.fileName == "categories-on-one-line.ics")
        #expect(onA.value(of: "PRIORITY") == "4")
        #expect(onA.contentLine("DUE") == "DUE;VALUE=DATE-TIME:20261201T160000Z")
        #expect(onA.contentLines("CATEGORIES").isEmpty, "\(onA)")
        #expect(onA.value(of: "X-TODO-REMIND-TEST") == "kept")
        #expect(onA.value(of: "SEQUENCE") == "2")
        #expect(onA.contentLine("LAST-MODIFIED")?.hasSuffix("Z") == true)
        #expect(onA.text.contains("TRIGGER;RELATED=END:-PT15M"))
        #expect(onA.text.contains("BEGIN:VTIMEZONE") && onA.text.contains("TZID:Europe/Berlin"))
    }

    @Test("stop() ends radicale: its process is gone and its port refuses connections")
    func stopEndsTheServer() throws {
        let peer = try CalDAVPeer.start()
        let pid = peer.serverPID
        #expect(kill(pid, 0) == 0)

        peer.stop()

        #expect(kill(pid, 0) == -1 && errno == ESRCH)
        let request = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["curl", "--silent", "--noproxy", "*", "--max-time", "5", peer.collectionURL.absoluteString]
        )
        #expect(request.status == 7, "curl did not fail to connect: \(request)")
    }

    // MARK: - Helpers

    /// A task made with todoman (no due) that both devices have synced:
    /// device A's item and todoman's view of it.
    private static func taskOnBothDevices(_ peer: CalDAVPeer, summary: String) throws -> (VdirItem, TodomanTask) {
        let made = try peer.todoman(["new", summary])
        try #require(made.status == 0, "\(made)")
        try peer.deviceB.sync()
        try peer.deviceA.sync()
        let onA = try peer.deviceA.items()
        try #require(onA.count == 1, "\(onA)")
        let tasks = try peer.todomanTasks()
        try #require(tasks.count == 1, "\(tasks)")
        #expect(onA[0].contentLine("DUE") == nil, "default_due = 0 should leave it without a due: \(onA[0])")
        return (onA[0], tasks[0])
    }

    /// A minimal valid VTODO in a VCALENDAR, CRLF line ends; `timeZone`'s
    /// lines (a VTIMEZONE) before it.
    private static func vtodo(uid: String, summary: String, extra: [String], timeZone: [String] = []) -> String {
        let lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//todo-remind//CalDAVPeerTests//EN"] + timeZone + [
            "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20261123T120000Z", "SUMMARY:\(summary)", "STATUS:NEEDS-ACTION",
        ] + extra + ["END:VTODO", "END:VCALENDAR"]
        return lines.map { $0 + "\r\n" }.joined()
    }

    /// Europe/Berlin's VTIMEZONE since 1996.
    private static let berlinZone = [
        "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
        "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "TZNAME:CEST", "DTSTART:19700329T020000",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT",
        "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "DTSTART:19701025T030000",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD",
        "END:VTIMEZONE",
    ]

    private static func inode(_ url: URL) throws -> UInt64? {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? NSNumber)?.uint64Value
    }

    /// A wall time in Berlin ("2026-12-05T00:00") as an instant.
    private static func berlinDate(_ wallTime: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "Europe/Berlin")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return formatter.date(from: wallTime)
    }
}
