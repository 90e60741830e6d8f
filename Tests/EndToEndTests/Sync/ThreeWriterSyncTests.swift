import Foundation
import TestSupport
import Testing

/// Three writers of one task list: todo-remind on device
/// A, a second local client re-writing A's folder by rename (as todoman
/// does), and a phone, device B, whose edits reach the same radicale
/// through vdirsyncer. A's pair has "b wins", as the README asks; the
/// phone's has "a wins": its edits, made offline, go up whatever the server
/// got meanwhile. No edit made by todo-remind may be lost without a
/// conflict that `sync --check` reports.
@Suite("three writers: todo-remind, a local client writing by rename, and a phone through radicale", .ownThread)
struct ThreeWriterSyncTests {
    @Test("Edited here, re-written by a local client, then the phone's copy of the version before comes back (b wins): the edit stays, and reaches the phone")
    func editSurvivesTheServersOlderCopy() throws {
        let peer = try CalDAVPeer.start(deviceBConflictResolution: "a wins")
        defer { peer.stop() }
        let cli = try CalDAVSyncTests.deviceA(peer)
        defer { cli.remove() }
        try cli.ok("add", "Task 01", "--notes", "old notes")
        try peer.deviceA.sync()
        try peer.deviceB.sync()
        let uid = try #require(try peer.deviceA.items().first?.uid)

        try cli.ok("edit", "Task 01", "--notes", "EDITED HERE")
        try Self.localClientRewrite(peer, uid: uid, mark: "1")
        try cli.ok("list")
        try Self.phoneEdit(peer, uid: uid, ["LOCATION": "Office"])
        try peer.deviceB.sync()
        try peer.deviceA.sync()

        #expect(try cli.task("1")["notes"] as? String == "EDITED HERE")
        try peer.deviceA.sync()
        try peer.deviceB.sync()
        let phone = try #require(try peer.deviceB.item(uid: uid))
        #expect(phone.value(of: "DESCRIPTION") == "EDITED HERE", "\(phone)")
        #expect(phone.value(of: "LOCATION") == "Office", "\(phone)")
    }

    /// What the loops do, one command at a time.
    enum Command {
        case title, notes, priority, reopen, list, rewrite, phone, phoneSync, sync
    }

    /// The share of each command among the 200 of a loop, in percent, but
    /// for the two that run vdirsyncer (about half a second each), which
    /// come once each per loop at a random point. Most are file steps that
    /// cost next to nothing (the local client's re-writes, the phone's
    /// edits); one in eight is a todo-remind command (about 0.1 s).
    static let commandShares: [(Command, Int)] = [
        (.title, 4), (.notes, 3), (.priority, 3), (.reopen, 1), (.list, 1),
        (.rewrite, 40), (.phone, 48),
    ]

    @Test("10 seeded loops of 200 commands by three writers: every edit made here holds at the end, or another writer changed that field later, or a conflict was reported for it")
    func noEditLostSilently() throws {
        let peer = try CalDAVPeer.start(deviceBConflictResolution: "a wins")
        defer { peer.stop() }
        let cli = try CalDAVSyncTests.deviceA(peer)
        defer { cli.remove() }
        let taskCount = 12
        for number in 1...taskCount {
            try cli.ok("add", String(format: "Task %02d", number), "--notes", "first notes", "--priority", "medium")
        }
        try peer.deviceA.sync()
        try peer.deviceB.sync()
        var uids: [Int: String] = [:]
        for item in try peer.deviceA.items() {
            let number = try #require(item.summary.flatMap { Int($0.dropFirst("Task ".count)) }, "\(item)")
            uids[number] = item.uid
        }
        try #require(uids.count == taskCount)
        var conflictsSeen = try Self.conflicts(cli, after: 0).last?.id ?? 0

        for loop in 1...10 {
            var random = SeededGenerator(seed: 2026_1126 &+ UInt64(loop))
            let phoneSyncAt = Int.random(in: 0..<200, using: &random)
            let syncAt = Int.random(in: 0..<200, using: &random)
            // Per task and field: what todo-remind last set and when (the
            // command's index), when the phone last changed it, and when a
            // conflict for it was last seen.
            var ours: [Int: [String: (value: String, at: Int)]] = [:]
            var phone: [Int: [String: Int]] = [:]
            var reported: [Int: [String: Int]] = [:]
            // What each writer did to each task, for a failure to show.
            var history: [Int: [String]] = [:]
            func collectConflicts(at index: Int) throws {
                let new = try Self.conflicts(cli, after: conflictsSeen)
                for conflict in new {
                    for field in conflict.fields { reported[conflict.task, default: [:]][field] = index }
                    history[conflict.task, default: []].append("\(index): conflict \(conflict.fields)")
                }
                conflictsSeen = new.last?.id ?? conflictsSeen
            }
            for index in 0..<200 {
                let task = Int.random(in: 1...taskCount, using: &random)
                let command = index == phoneSyncAt ? .phoneSync : index == syncAt ? .sync : Self.pick(&random)
                for touched in [.phoneSync, .sync].contains(command) ? Array(1...taskCount) : command == .phone ? [] : [task] {
                    history[touched, default: []].append("\(index): \(command)")
                }
                switch command {
                case .title:
                    let title = String(format: "Task %02d t%d.%d", task, loop, index)
                    try cli.ok("edit", String(task), "--title", title)
                    ours[task, default: [:]]["title"] = (title, index)
                case .notes:
                    let notes = "notes \(loop).\(index)"
                    try cli.ok("edit", String(task), "--notes", notes)
                    ours[task, default: [:]]["notes"] = (notes, index)
                case .priority:
                    let priority = ["low", "medium", "high"].randomElement(using: &random) ?? "low"
                    try cli.ok("edit", String(task), "--priority", priority)
                    ours[task, default: [:]]["priority"] = (priority, index)
                case .reopen:
                    // Only a task done here (by the phone's doing) can be
                    // reopened; `reopen 3` would take another done task
                    // whose title has a 3 in it.
                    if try cli.task(String(task))["completed"] as? Bool == true {
                        try cli.ok("reopen", String(task))
                        ours[task, default: [:]]["completion"] = ("open", index)
                    }
                case .list:
                    try cli.ok("list")
                case .rewrite:
                    try Self.localClientRewrite(peer, uid: uids[task] ?? "", mark: "\(loop).\(index)")
                case .phone:
                    let now = Self.utc(Date())
                    let (field, change): (String?, [String: String?]) = switch Int.random(in: 0..<5, using: &random) {
                    case 0: ("title", ["SUMMARY": String(format: "Task %02d p%d.%d", task, loop, index)])
                    case 1: ("notes", ["DESCRIPTION": "phone \(loop).\(index)"])
                    case 2: ("priority", ["PRIORITY": ["1", "5", "9"].randomElement(using: &random) ?? "1"])
                    case 3: ("completion", ["STATUS": "COMPLETED", "COMPLETED": now, "PERCENT-COMPLETE": "100"])
                    default: (nil, ["LOCATION": "room \(index)"])
                    }
                    let changed = change.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value ?? "")" }
                    history[task, default: []].append("\(index): phone \(changed.joined(separator: " "))")
                    if try Self.phoneEdit(peer, uid: uids[task] ?? "", change), let field {
                        phone[task, default: [:]][field] = index
                    }
                case .phoneSync:
                    try peer.deviceB.sync()
                case .sync:
                    try peer.deviceA.sync()
                    try cli.ok("sync")
                    try collectConflicts(at: index)
                }
            }
            // A final round: the phone's edits up, everything down to A
            // ("b wins" over what A had not sent), and read in here.
            try peer.deviceB.sync()
            try peer.deviceA.sync()
            try cli.ok("sync")
            try collectConflicts(at: 200)

            var lost: [String] = []
            let tasks = try cli.objects("list", "--all", "--json")
            for (task, fields) in ours.sorted(by: { $0.key < $1.key }) {
                let here = try #require(tasks.first { ($0["id"] as? Int) == task }, "loop \(loop): task \(task) is gone")
                for (field, set) in fields.sorted(by: { $0.key < $1.key }) {
                    let value = switch field {
                    case "completion": here["completed"] as? Bool == true ? "done" : "open"
                    default: here[field] as? String ?? ""
                    }
                    if value == set.value { continue }
                    if let changed = phone[task]?[field], changed > set.at { continue }
                    if let seen = reported[task]?[field], seen >= set.at { continue }
                    lost.append("task \(task) \(field): set to “\(set.value)” at command \(set.at), now “\(value)”; \(history[task] ?? [])")
                }
            }
            #expect(lost.isEmpty, "loop \(loop): edits made here lost without a conflict report: \(lost)")
        }
    }

    /// A command drawn by `commandShares`.
    static func pick(_ random: inout SeededGenerator) -> Command {
        var roll = Int.random(in: 0..<100, using: &random)
        for (command, share) in commandShares {
            if roll < share { return command }
            roll -= share
        }
        return .list
    }

    /// The second local client: re-writes the task's file in A's folder by
    /// rename, as it is, with a property of its own set to `mark`.
    static func localClientRewrite(_ peer: CalDAVPeer, uid: String, mark: String) throws {
        guard let item = try peer.deviceA.item(uid: uid) else { return }
        try peer.deviceA.write(setting(["X-LOCAL-CLIENT": mark], in: item.text), as: item.fileName)
    }

    /// The phone edits its copy (device B's folder), stamping LAST-MODIFIED
    /// as a client does; it goes up at the phone's next sync. False when
    /// the phone has no copy of the task yet.
    @discardableResult
    static func phoneEdit(_ peer: CalDAVPeer, uid: String, _ change: [String: String?]) throws -> Bool {
        guard let item = try peer.deviceB.item(uid: uid) else { return false }
        var change = change
        change["LAST-MODIFIED"] = utc(Date())
        try peer.deviceB.write(setting(change, in: item.text), as: item.fileName)
        return true
    }

    /// An instant as iCalendar writes it in UTC: 20261201T160000Z.
    static func utc(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    /// An iCalendar text with the VTODO's own properties named in `change`
    /// set (replacing their first line) or added, or removed (nil); every
    /// other line as it was.
    static func setting(_ change: [String: String?], in text: String) -> String {
        let separator = text.contains("\r\n") ? "\r\n" : "\n"
        // Logical lines: a folded line's continuations go with it.
        var lines: [[Substring]] = []
        for line in text.split(separator: separator, omittingEmptySubsequences: false) {
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].append(line)
            } else {
                lines.append([line])
            }
        }
        var output: [String] = []
        var components: [String] = []
        var remaining = change
        for line in lines {
            let head = line[0]
            let name = head.prefix { $0 != ";" && $0 != ":" }.uppercased()
            let value = String(head.drop { $0 != ":" }.dropFirst()).uppercased()
            if name == "END", value == "VTODO", components.last == "VTODO" {
                for (key, newValue) in remaining.sorted(by: { $0.key < $1.key }) {
                    if let newValue { output.append("\(key):\(newValue)") }
                }
                remaining = [:]
            }
            if name == "BEGIN" { components.append(value) }
            if name == "END" { _ = components.popLast() }
            if components.last == "VTODO", name != "BEGIN", let newValue = remaining[name] {
                remaining[name] = nil
                if let newValue { output.append("\(name):\(newValue)") }
                continue
            }
            output.append(contentsOf: line.map(String.init))
        }
        return output.joined(separator: separator)
    }

    /// The conflicts the store recorded after the one with id `after`, as
    /// `sync --check` reports them: read from its table with Python's
    /// sqlite3, since `sync --check` shows only the latest ten.
    static func conflicts(_ cli: CLI, after: Int) throws -> [(id: Int, task: Int, fields: [String])] {
        let script = """
            import sqlite3, sys
            db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
            for row in db.execute("SELECT id, task_id, fields FROM sync_conflict WHERE id > ? ORDER BY id", (int(sys.argv[2]),)):
                print("%d %d %s" % row)
            """
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, cli.storePath, String(after)],
            environment: cli.environment, name: "python3 (the store's sync_conflict)"
        )
        try #require(result.status == 0, "\(result)")
        return result.stdout.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 3, let id = Int(parts[0]), let task = Int(parts[1]) else { return nil }
            return (id, task, parts[2].split(separator: ",").map(String.init))
        }
    }
}
