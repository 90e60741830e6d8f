import Foundation
import TestSupport
import Testing

/// Tags, subtasks and starts through radicale and vdirsyncer to todoman on a
/// second device, and back.
@Suite("tags, subtasks and starts with a CalDAV server and todoman", .ownThread)
struct CalDAVSubtaskTests {
    @Test("Tags, a start and a subtask made here reach todoman: it filters by the tags and by the start, and keeps them when it edits the task")
    func toTodomanAndBack() throws {
        let peer = try CalDAVPeer.start()
        defer { peer.stop() }
        let cli = try CalDAVSyncTests.deviceA(peer)
        defer { cli.remove() }
        try cli.ok("add", "Paint the kitchen", "--tag", "home", "--tag", "weekend", "--start", "2099-01-05", "--due", "2099-01-20")
        try cli.ok("add", "Buy paint", "--parent", "Paint the kitchen", "--due", "2099-01-10")
        try peer.deviceA.sync()
        try peer.deviceB.sync()

        let items = try peer.deviceB.items()
        let paint = try #require(items.first { $0.summary == "Paint the kitchen" }, "\(items)")
        let buy = try #require(items.first { $0.summary == "Buy paint" }, "\(items)")
        #expect(paint.value(of: "CATEGORIES") == "home,weekend")
        #expect(paint.contentLine("DTSTART") == "DTSTART;VALUE=DATE:20990105")
        #expect(buy.contentLine("RELATED-TO") == "RELATED-TO;RELTYPE=PARENT:\(try #require(paint.uid))")

        // todoman reads the categories and the start: it filters by them.
        func summaries(_ arguments: [String]) throws -> [String] {
            let result = try peer.todoman(["--porcelain", "list"] + arguments)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
            return try TodomanTask.decodeList(result.stdout).map(\.summary).sorted()
        }
        #expect(try summaries(["--category", "weekend"]) == ["Paint the kitchen"])
        #expect(try summaries(["--startable"]) == ["Buy paint"])
        // todoman 4.1's --porcelain cannot take a date for --start: read as people do.
        let after = try peer.todoman(["--colour", "never", "list", "--start", "after", "2099-01-01 00:00"])
        #expect(after.status == 0 && after.stdout.contains("Paint the kitchen") && !after.stdout.contains("Buy paint"), "\(after)")

        // Edited with todoman there, it keeps them; the edit comes back here.
        let id = try CalDAVSyncTests.todomanID(peer, "Buy paint")
        let edited = try peer.todoman(["edit", String(id), "--priority", "high", "--start", "2099-01-08"])
        #expect(edited.status == 0, "\(edited)")
        try CalDAVSyncTests.syncBothWays(peer, cli)
        let here = try cli.task("Buy paint")
        #expect(here["parent"] as? Int == 1)
        #expect(here["priority"] as? String == "high")
        #expect(JSON.text(here["start"]) == #"{"time":"2099-01-08T00:00:00+01:00"}"# || JSON.text(here["start"]) == #"{"day":"2099-01-08"}"#)
        #expect(try cli.task("Paint the kitchen")["tags"] as? [String] == ["home", "weekend"])
        #expect(try peer.deviceB.items().first { $0.summary == "Buy paint" }?.contentLine("RELATED-TO") == buy.contentLine("RELATED-TO"))
    }

    @Test("A task made with todoman with a start comes here waiting to start")
    func fromTodoman() throws {
        let peer = try CalDAVPeer.start()
        defer { peer.stop() }
        let cli = try CalDAVSyncTests.deviceA(peer)
        defer { cli.remove() }
        let made = try peer.todoman(["new", "-l", CalDAVPeer.collection, "--start", "2099-03-01", "--due", "2099-03-10", "Renew the passport"])
        #expect(made.status == 0, "\(made)")
        try CalDAVSyncTests.syncBothWays(peer, cli)
        let task = try cli.task("Renew the passport")
        #expect(!JSON.isNull(task["start"]))
        #expect(task["waiting"] as? Bool == true)
    }
}
