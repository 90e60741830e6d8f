import Foundation
import TestSupport
import Testing

/// todo-remind on device A and todoman on device B, synced through a real
/// radicale by vdirsyncer, as a user of both would sync them: A's pair has
/// `conflict_resolution = "b wins"` (todo-remind merges in its folder), B's
/// has none, so any conflict on B's side fails its sync and the test.
@Suite("sync with a CalDAV server: todo-remind, vdirsyncer, radicale and todoman", .ownThread)
struct CalDAVSyncTests {
    /// The CLI of device A, its config naming A's collection folder.
    static func deviceA(_ peer: CalDAVPeer) throws -> CLI {
        var cli = try CLI()
        cli.environment["TZ"] = peer.timeZone
        let config = "[[calendar]]\npath = \"\(peer.deviceA.folder.deletingLastPathComponent().path)/*\"\ndefault-list = \"\(CalDAVPeer.collection)\"\n"
        cli.environment["TODO_REMIND_CONFIG"] = try cli.write("config.toml", config)
        return cli
    }

    /// After changes on both devices: B's go up, A's folder gets the
    /// server's copies and todo-remind merges them (any command does), A's
    /// merges go up, B gets them. Throws when a sync fails (a conflict on B).
    static func syncBothWays(_ peer: CalDAVPeer, _ cli: CLI) throws {
        try peer.deviceB.sync()
        try peer.deviceA.sync()
        try cli.ok("list")
        try peer.deviceA.sync()
        try peer.deviceB.sync()
    }

    /// todoman's number for the task titled `summary` now (it changes with every sync).
    static func todomanID(_ peer: CalDAVPeer, _ summary: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let tasks = try peer.todomanTasks()
        return try #require(tasks.first { $0.summary == summary }?.id, "todoman has no “\(summary)”: \(tasks)", sourceLocation: sourceLocation)
    }

    @Test("A task added here reaches todoman on the second device with its title, due, priority, category and rule")
    func addedHereReachesTodoman() throws {
        let peer = try CalDAVPeer.start()
        defer { peer.stop() }
        let cli = try Self.deviceA(peer)
        defer { cli.remove() }
        try cli.ok("add", "Pay rent", "--due", "2026-12-01", "--priority", "high", "--category", "Home", "--repeat", "monthly")
        try cli.ok("add", "Dentist", "--due", "2026-12-04 17:00", "--priority", "low", "--category", "Health")

        try peer.deviceA.sync()
        try peer.deviceB.sync()

        let tasks = try peer.todomanTasks()
        let rent = try #require(tasks.first { $0.summary == "Pay rent" }, "\(tasks)")
        let dentist = try #require(tasks.first { $0.summary == "Dentist" }, "\(tasks)")
        #expect((1...4).contains(rent.priority))
        #expect((6...9).contains(dentist.priority))
        // 17:00 in Berlin is 16:00 UTC in December.
        #expect(dentist.due == ISO8601DateFormatter().date(from: "2026-12-04T16:00:00Z"))
        let items = try peer.deviceB.items()
        let rentItem = try #require(items.first { $0.summary == "Pay rent" })
        // A day stays a day on the other device.
        #expect(rentItem.contentLine("DUE") == "DUE;VALUE=DATE:20261201")
        #expect(rentItem.value(of: "RRULE") == "FREQ=MONTHLY")
        #expect(rentItem.value(of: "CATEGORIES") == "Home")
        #expect(items.first { $0.summary == "Dentist" }?.value(of: "CATEGORIES") == "Health")
    }

    @Test("A title edited here and a due edited on the other device both survive, with no conflict on its side")
    func editsOnBothSidesMerge() throws {
        let peer = try CalDAVPeer.start()
        defer { peer.stop() }
        let cli = try Self.deviceA(peer)
        defer { cli.remove() }
        try cli.ok("add", "Water plants", "--due", "2026-12-01")
        try Self.syncBothWays(peer, cli)

        try cli.ok("edit", "Water plants", "--title", "Water the plants")
        let edited = try peer.todoman(["edit", String(try Self.todomanID(peer, "Water plants")), "--due", "2026-12-03"])
        #expect(edited.status == 0, "\(edited)")
        try Self.syncBothWays(peer, cli)

        let there = try #require(try peer.todomanTasks().first)
        #expect(there.summary == "Water the plants")
        #expect(try peer.deviceB.items().first?.contentLine("DUE") == "DUE;VALUE=DATE:20261203")
        let here = try cli.task("1")
        #expect(here["title"] as? String == "Water the plants")
        #expect((here["due"] as? [String: Any])?["day"] as? String == "2026-12-03")
        #expect(try peer.deviceA.items().count == 1 && peer.deviceB.items().count == 1)
        // Nothing left to carry either way.
        #expect(try cli.run(["sync", "--check"]).status == 0)
    }

    @Test("100 random edit-and-sync cycles on both devices leave both folders and the store agreeing, nothing lost, no UID twice")
    func randomCycles() throws {
        let peer = try CalDAVPeer.start()
        defer { peer.stop() }
        let cli = try Self.deviceA(peer)
        defer { cli.remove() }
        var random = SeededGenerator(seed: 20261124)
        // The model: every task's title and whether it is done.
        var model: [String: Bool] = [:]
        var made = 0
        func newTitle(_ device: String) -> String {
            made += 1
            return "\(device) task \(made)"
        }
        func day() -> String { "2026-12-\(String(format: "%02d", Int.random(in: 1...28, using: &random)))" }
        for _ in 0..<4 {
            let title = newTitle("A")
            try cli.ok("add", title, "--due", day())
            model[title] = false
        }
        try Self.syncBothWays(peer, cli)

        for cycle in 1...100 {
            let titles = model.keys.sorted()
            let open = titles.filter { model[$0] == false }
            // A and B work on different tasks, but for the shared edit:
            // a title here and a due there on the same task.
            var touched = Set<String>()
            let shared = Int.random(in: 0..<5, using: &random) == 0 ? open.randomElement(using: &random) : nil
            if let shared {
                let renamed = "\(shared) renamed \(cycle)"
                try cli.ok("edit", shared, "--title", renamed)
                let result = try peer.todoman(["edit", String(try Self.todomanID(peer, shared)), "--due", day()])
                #expect(result.status == 0, "\(result)")
                model[renamed] = model.removeValue(forKey: shared)
            } else {
                switch Int.random(in: 0..<5, using: &random) {
                case 0:
                    let title = newTitle("A")
                    try cli.ok("add", title, "--due", day(), "--priority", ["low", "medium", "high"].randomElement(using: &random) ?? "low")
                    model[title] = false
                case 1 where !open.isEmpty:
                    let task = open.randomElement(using: &random) ?? ""
                    try cli.ok("edit", task, "--due", day())
                    touched.insert(task)
                case 2 where !open.isEmpty:
                    let task = open.randomElement(using: &random) ?? ""
                    try cli.ok("done", task)
                    model[task] = true
                    touched.insert(task)
                case 3 where titles.count > 4:
                    let task = titles.randomElement(using: &random) ?? ""
                    try cli.ok("delete", task)
                    model[task] = nil
                    touched.insert(task)
                default:
                    let task = titles.filter { model[$0] != nil }.randomElement(using: &random) ?? ""
                    if !task.isEmpty {
                        let renamed = "\(task) retitled \(cycle)"
                        try cli.ok("edit", task, "--title", renamed)
                        model[renamed] = model.removeValue(forKey: task)
                        touched.insert(task)
                    }
                }
                // Tasks B has already (none A made or renamed this cycle) and A left alone.
                let others = titles.filter { !touched.contains($0) && model[$0] == false }
                switch Int.random(in: 0..<5, using: &random) {
                case 0:
                    let title = newTitle("B")
                    let result = try peer.todoman(["new", "-l", CalDAVPeer.collection, "--due", day(), title])
                    #expect(result.status == 0, "\(result)")
                    model[title] = false
                case 1 where !others.isEmpty:
                    let task = others.randomElement(using: &random) ?? ""
                    #expect(try peer.todoman(["edit", String(try Self.todomanID(peer, task)), "--due", day()]).status == 0)
                case 2 where !others.isEmpty:
                    let task = others.randomElement(using: &random) ?? ""
                    #expect(try peer.todoman(["edit", String(try Self.todomanID(peer, task)), "--priority", "high"]).status == 0)
                case 3 where !others.isEmpty:
                    let task = others.randomElement(using: &random) ?? ""
                    #expect(try peer.todoman(["done", String(try Self.todomanID(peer, task))]).status == 0)
                    model[task] = true
                case 4 where others.count > 4:
                    let task = others.randomElement(using: &random) ?? ""
                    #expect(try peer.todoman(["delete", "--yes", String(try Self.todomanID(peer, task))]).status == 0)
                    model[task] = nil
                default:
                    break
                }
            }
            try Self.syncBothWays(peer, cli)
            if cycle % 25 == 0 {
                try Self.expectAgreement(peer, cli, model, cycle: cycle)
            }
        }
    }

    /// The store, A's folder and B's folder hold the model's tasks, each
    /// once, done where the model says.
    static func expectAgreement(_ peer: CalDAVPeer, _ cli: CLI, _ model: [String: Bool], cycle: Int,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let tasks = try cli.objects("list", "--all", "--json")
        var here: [String: Bool] = [:]
        for task in tasks { here[task["title"] as? String ?? ""] = task["completed"] as? Bool }
        #expect(tasks.count == model.count, "cycle \(cycle): the store holds \(tasks.count) tasks, the model \(model.count)", sourceLocation: sourceLocation)
        #expect(here == model, "cycle \(cycle): the store differs from the model", sourceLocation: sourceLocation)
        for device in [peer.deviceA, peer.deviceB] {
            let items = try device.items()
            let uids = items.compactMap(\.uid)
            #expect(Set(uids).count == items.count, "cycle \(cycle): a UID twice on \(device.name)", sourceLocation: sourceLocation)
            var there: [String: Bool] = [:]
            for item in items { there[item.summary ?? ""] = item.value(of: "STATUS") == "COMPLETED" }
            #expect(there == model, "cycle \(cycle): \(device.name)'s folder differs from the model: \(there) vs \(model)", sourceLocation: sourceLocation)
        }
        #expect(try cli.run(["sync", "--check"]).status == 0, "cycle \(cycle)", sourceLocation: sourceLocation)
    }
}
