import Foundation
import TestSupport
import Testing

/// Events' alarms through the faults task reminders are proof against, by
/// the same rules: a daemon killed mid-delivery, a notification server
/// missing, a bubble whose alarm is handled on another device, and `status`.
@Suite("daemon, end to end: calendar events' alarms through faults", .serialized, .ownThread)
struct EventFaultTests {
    /// A weekly series as Thunderbird writes it whose alarm (15 minutes
    /// before) falls at `alarm`.
    static func series(_ uid: String, _ summary: String, alarm: Date, extra: [String] = []) -> String {
        EventFixtures.thunderbirdSeries(uid: uid, summary: summary, start: alarm.addingTimeInterval(900), extra: extra)
    }

    @Test("An event's alarm left sending by a daemon killed mid-delivery is sent once more by the next daemon, as attempt 2 under the same stack tag: one bubble, delivered on the ledger")
    func killedWhileSending() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try lists.put("work", "standup.ics", Self.series("tb-standup", "Stand-up", alarm: WallTime.secondsAhead(3)))
        let bus = try BusMonitor(on: desktop)
        defer { bus.end() }
        let first = try RunningDaemon(cli)
        defer { first.end() }

        // Given a server that takes the call and answers nothing,
        try desktop.freezeServer()
        defer { desktop.thawServer() }
        // when the alarm fires, it is on the ledger as sending,
        _ = try #require(first.waitForLog(within: .seconds(10)) { $0.event == "fire" && $0["summary"] == "Stand-up" }, "\(first)")
        #expect(try cli.eventLedger(becoming: ["sending"]).map(\.status) == ["sending"])
        // and the daemon is killed before the answer came.
        first.killAbruptly()
        desktop.thawServer()

        // Then the next daemon sends it once more, as the next attempt,
        let second = try RunningDaemon(cli)
        defer { second.end() }
        let rows = try cli.eventLedger(becoming: ["delivered"])
        #expect(rows.map(\.status) == ["delivered"] && rows.map(\.attempts) == [2], "\(rows) \(second)")
        Thread.sleep(forTimeInterval: 1)
        let again = EventDaemonTests.fired("Stand-up", second)
        #expect(again.count == 1 && again.allSatisfy { $0.message.hasSuffix(", attempt 2)") }, "\(second)")
        // every Notify call of it (the killed daemon's may not have left
        // it, waiting on the server's capabilities) carries one stack tag,
        // and the server (which replaces by it) shows one bubble.
        let sent = bus.notifyCalls(summary: "Stand-up")
        #expect(sent.count >= 1 && sent.allSatisfy { $0.stackTag != nil && $0.stackTag == sent.first?.stackTag }, "\(sent)")
        #expect(try desktop.history().filter { $0.summary == "Stand-up" }.count == 1)
        // And a daemon started once more sends it no more.
        second.killAbruptly()
        let third = try RunningDaemon(cli)
        defer { third.end() }
        Thread.sleep(forTimeInterval: 1.5)
        #expect(EventDaemonTests.fired("Stand-up", third).isEmpty, "\(third)")
    }

    @Test("With no notification server an event's alarm is written to stdout once and tried again after 2 s, then 4 s, as a task's reminder is, and reaches the server once it is back")
    func retriedWithBackOff() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        try lists.put("work", "standup.ics", Self.series("tb-standup", "Stand-up", alarm: WallTime.secondsAhead(3)))
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }

        // Given no server on the bus,
        try desktop.stopServer()
        // when the alarm fires, the daemon tries it again after 2 s, then 4 s,
        let secondFailure = daemon.waitForLog(within: .seconds(12)) {
            $0.event == "delivery" && $0["outcome"] == "retrying" && $0["summary"] == "Stand-up" && $0.number("retry_in_s") == 4
        }
        try #require(secondFailure != nil, "the daemon did not back off: \(daemon)")
        // writing it to stdout once, and on the ledger as failed.
        #expect(daemon.output.split(separator: "\n").filter { $0.contains("Stand-up") }.count == 1, "\(daemon.output)")
        #expect(try cli.eventLedger(becoming: ["failed"]).map(\.status) == ["failed"])
        let failures = daemon.log.filter { $0.event == "delivery" && $0["summary"] == "Stand-up" }
        #expect(failures.count == 2, "one failure per attempt: \(daemon)")

        // Then once a server is back, a retry shows it there.
        try desktop.startServer()
        let delivered = try #require(daemon.waitForLog(within: .seconds(20)) {
            $0.event == "delivery" && $0["outcome"] == "delivered" && $0["summary"] == "Stand-up"
        }, "\(daemon)")
        let id = try #require(delivered.number("notification").flatMap { UInt32(exactly: $0) })
        #expect(try desktop.entry(id: id).summary == "Stand-up")
        let rows = try cli.eventLedger(becoming: ["delivered"])
        #expect(rows.map(\.status) == ["delivered"] && rows.allSatisfy { $0.attempts >= 3 }, "\(rows)")
    }

    @Test("An event's bubble still on screen closes when another client acknowledges its alarm in the file, and when the event is deleted")
    func bubbleClosesWhenHandledElsewhere() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        let alarm = WallTime.secondsAhead(3)
        try lists.put("work", "standup.ics", Self.series("tb-standup", "Stand-up", alarm: alarm))
        try lists.put("work", "review.ics", Self.series("tb-review", "Review", alarm: alarm))
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        var ids: [String: Int] = [:]
        for summary in ["Stand-up", "Review"] {
            let delivered = try #require(daemon.waitForLog(within: .seconds(12)) {
                $0.event == "delivery" && $0["outcome"] == "delivered" && $0["summary"] == summary
            }, "\(daemon)")
            ids[summary] = delivered.number("event_id").map { Int($0) }
        }
        #expect(eventually { (try? desktop.displayedCount()) == 2 })

        // Dismissed in Thunderbird on another device: X-MOZ-LASTACK, now.
        var mark = daemon.log.count
        try lists.put("work", "standup.ics", Self.series("tb-standup", "Stand-up", alarm: alarm,
                                                         extra: ["X-MOZ-LASTACK:" + EventFixtures.utc(Date())]))
        #expect(daemon.waitForLog(after: mark) {
            $0.event == "closed" && $0.number("event_id").map { Int($0) } == ids["Stand-up"] && $0["reason"] == "acknowledged"
        } != nil, "\(daemon)")
        #expect(eventually { (try? desktop.displayedCount()) == 1 }, "the acknowledged bubble is still on screen")

        // The other event deleted on another device.
        mark = daemon.log.count
        try FileManager.default.removeItem(atPath: lists.folder("work") + "/review.ics")
        #expect(daemon.waitForLog(after: mark) {
            $0.event == "closed" && $0.number("event_id").map { Int($0) } == ids["Review"] && $0["reason"] == "deleted"
        } != nil, "\(daemon)")
        #expect(eventually { (try? desktop.displayedCount()) == 0 }, "the deleted event's bubble is still on screen")
        // Closed by the daemon, not dismissed by the user: no action follows.
        #expect(!daemon.log.contains { $0.event == "action" }, "\(daemon)")
    }

    @Test("status names an event's alarm as what the running daemon is armed for when it comes first")
    func statusNamesArmedEvent() throws {
        let desktop = try PrivateDesktop()
        defer { desktop.end() }
        let cli = try desktop.cli()
        defer { cli.remove() }
        let lists = try ListFolders(cli)
        _ = try cli.addTask("Pay rent", due: WallTime.secondsAhead(3600))
        let alarm = WallTime.secondsAhead(600)
        try lists.put("work", "standup.ics", Self.series("tb-standup", "Stand-up", alarm: alarm))
        let daemon = try RunningDaemon(cli)
        defer { daemon.end() }
        _ = try #require(daemon.waitForLog(within: .seconds(10)) { $0.event == "armed" && $0.number("event_id") != nil }, "\(daemon)")
        let status = try cli.lines("status")
        #expect(status.contains { $0.hasPrefix("next armed    ") && $0.contains("Stand-up") && $0.hasSuffix("(event)") }, "\(status)")
    }
}

/// One event's row of the ledger.
struct EventLedgerRow: CustomStringConvertible {
    let eventID: Int
    let status: String
    let attempts: Int

    var description: String { "event \(eventID): \(status), \(attempts) attempts" }
}

extension CLI {
    /// The events' rows of the ledger as the store holds it, read with Python's sqlite3.
    func eventLedger() throws -> [EventLedgerRow] {
        let output = try python("""
            import json, sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            print(json.dumps(db.execute("SELECT event_id, status, attempts FROM delivery WHERE event_id IS NOT NULL ORDER BY at, event_id").fetchall()))
            """, storePath)
        let rows = (try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[Any]]) ?? []
        return rows.compactMap { row in
            guard row.count == 3, let id = row[0] as? Int, let status = row[1] as? String, let attempts = row[2] as? Int else { return nil }
            return EventLedgerRow(eventID: id, status: status, attempts: attempts)
        }
    }

    /// The events' rows of the ledger once their statuses are `expected`, or as it is
    /// after `timeout`: the daemon logs a delivery's end just before it
    /// writes it to the ledger.
    func eventLedger(becoming expected: [String], within timeout: Duration = .seconds(5)) throws -> [EventLedgerRow] {
        var rows: [EventLedgerRow] = []
        _ = try eventually(within: timeout) {
            rows = try eventLedger()
            return rows.map(\.status) == expected
        }
        return rows
    }
}
