import Foundation
import Testing
import TodoCalendar
import TodoCore

@Suite("Writing acknowledgements and snoozes in the forms other clients read (docs/ARCHITECTURE.md §7.4)")
struct AlarmWritingTests {
    /// 2026-09-21T14:13:20Z.
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let nowText = "20260921T141320Z"
    static let bookkeeping: Set<String> = ["LAST-MODIFIED", "DTSTAMP"]

    // MARK: - Acknowledging

    @Test("Evolution's form: ACKNOWLEDGED goes into the one VALARM handled; only it, LAST-MODIFIED and DTSTAMP change, SEQUENCE stays")
    func acknowledgingEvolution() throws {
        let before = try CalendarFixture.bytes("evolution-start.ics")
        let item = try CalendarFixture.item("evolution-start.ics")
        let after = try #require(item.acknowledging([.uid("20260501T120000Z-4242-1000-1-11@desktop")], at: Self.now))

        #expect(Self.outside(after) == Self.outside(before))
        let old = Self.valarms(before)
        let new = Self.valarms(after)
        #expect(new[0] == old[0])
        #expect(new[1] == Array(old[1].dropLast()) + ["ACKNOWLEDGED:\(Self.nowText)\r\n", "END:VALARM\r\n"])
        #expect(Self.stamps(after) == ["DTSTAMP:\(Self.nowText)\r\n", "LAST-MODIFIED:\(Self.nowText)\r\n"])

        let reread = try CalendarFixture.item(after)
        #expect(reread.properties.alarms[1].acknowledgedAt == Self.now)
        #expect(reread.properties.alarms[0] == item.properties.alarms[0])
        #expect(reread.sequence == item.sequence)
        // Everything a write compares is as it was: nothing else to write.
        #expect(reread.updated(to: item.properties, at: Self.now) == nil)
    }

    @Test("an earlier ACKNOWLEDGED is replaced where it stands")
    func replacingAcknowledgement() throws {
        let before = try CalendarFixture.bytes("evolution-start.ics")
        let item = try CalendarFixture.item("evolution-start.ics")
        let after = try #require(item.acknowledging([.uid("20260501T120000Z-4242-1000-1-10@desktop")], at: Self.now))
        let old = Self.valarms(before)[0]
        let expected = old.map { $0.hasPrefix("ACKNOWLEDGED:") ? "ACKNOWLEDGED:\(Self.nowText)\r\n" : $0 }
        #expect(Self.valarms(after)[0] == expected)
        #expect(Self.valarms(after)[1] == Self.valarms(before)[1])
    }

    @Test("nothing to write when no alarm has the key, or the alarm was acknowledged at that time or later")
    func nothingToAcknowledge() throws {
        let item = try CalendarFixture.item("evolution-start.ics")
        #expect(item.acknowledging([.uid("no-such-alarm"), .own("due")], at: Self.now) == nil)
        #expect(item.acknowledging([], at: Self.now) == nil)
        let earlier = try CalendarFixture.instant("2026-05-12T12:00:00Z")
        #expect(item.acknowledging([.uid("20260501T120000Z-4242-1000-1-10@desktop")], at: earlier) == nil)
    }

    @Test("an alarm without UID (Thunderbird's) is named by its TRIGGER line and keeps that name")
    func acknowledgingByTrigger() throws {
        let item = try CalendarFixture.item("thunderbird.ics")
        let key = VAlarmID.trigger("TRIGGER;RELATED=END:-PT15M")
        let after = try #require(item.acknowledging([key], at: Self.now))
        let alarms = try CalendarFixture.item(after).properties.alarms
        #expect(alarms == [VAlarm(key: key, trigger: .relativeToDue(seconds: -900), acknowledgedAt: Self.now)])
    }

    @Test("acknowledging a snooze acknowledges the alarm it snoozes too (RFC 9074 §7)")
    func acknowledgingSnooze() throws {
        let item = try CalendarFixture.item("rfc9074.ics")
        let after = try #require(item.acknowledging([.uid("DE7B5C34-83FF-47FE-BE9E-FF41AE6DD097")], at: Self.now))
        let alarms = try CalendarFixture.item(after).properties.alarms
        #expect(alarms.map(\.acknowledgedAt) == [Self.now, Self.now])
        // The EMAIL alarm, not a reminder here, is left as it was.
        #expect(Self.valarms(after)[2] == Self.valarms(try CalendarFixture.bytes("rfc9074.ics"))[2])
    }

    @Test("todo-remind's own alarm takes ACKNOWLEDGED, which reads back and survives later writes")
    func acknowledgingOwn() throws {
        let item = try Self.ownFile()
        let after = try #require(item.acknowledging([.own("due")], at: Self.now))
        let reread = try CalendarFixture.item(after)
        #expect(reread.properties.ownAlarmsAcknowledged == ["due": Self.now])
        #expect(reread.properties.ownAlarms == item.properties.ownAlarms)
        #expect(reread.properties.alarms.isEmpty)
        #expect(reread.updated(to: item.properties, at: Self.now) == nil)

        var renamed = reread.properties
        renamed.title = "Pay the rent"
        let edited = try #require(reread.updated(to: renamed, at: Self.now))
        #expect(CalendarFixture.lines(edited).contains("ACKNOWLEDGED:\(Self.nowText)\r\n"))
    }

    @Test("todo-remind's own alarms written beside other clients' leave theirs, their acknowledgements and snoozes as they were", arguments: [
        "thunderbird.ics", "thunderbird-recurring.ics", "rfc9074.ics", "evolution-start.ics", "malformed-alarms.ics",
    ])
    func ownBesideForeign(name: String) throws {
        let before = try CalendarFixture.bytes(name)
        let item = try CalendarFixture.item(name)
        var wanted = item.properties
        wanted.ownAlarms = [OwnAlarm(kind: "due", trigger: "PT0S")]
        let after = try #require(item.updated(to: wanted, at: Self.now))
        let old = Self.valarms(before)
        let new = Self.valarms(after)
        #expect(Array(new.dropLast()) == old)
        #expect(new.last?.contains("X-TODO-REMIND-ALARM:due\r\n") == true)
        let reread = try CalendarFixture.item(after)
        #expect(reread.properties.alarms == item.properties.alarms)
        #expect(reread.properties.occurrenceSnoozes == item.properties.occurrenceSnoozes)
        #expect(reread.skippedAlarms.map(\.reason) == item.skippedAlarms.map(\.reason))
    }

    // MARK: - Snoozing

    @Test("RFC 9074: snoozing acknowledges the alarm and replaces its earlier snooze by one at the new time; other alarms stay")
    func snoozingRFC9074() throws {
        let before = try CalendarFixture.bytes("rfc9074.ics")
        let item = try CalendarFixture.item("rfc9074.ics")
        let until = Self.now.addingTimeInterval(3600)
        let original = "8297C37D-BA2D-4476-91AE-C1EAA364F8E1"
        let after = try #require(item.snoozing(.uid(original), until: until, at: Self.now, newUID: Self.uids(["new-snooze"])))

        #expect(Self.outside(after) == Self.outside(before))
        let old = Self.valarms(before)
        let new = Self.valarms(after)
        #expect(new.count == 3)
        #expect(new[0] == old[0].map { $0.hasPrefix("ACKNOWLEDGED:") ? "ACKNOWLEDGED:\(Self.nowText)\r\n" : $0 })
        #expect(new[1] == old[2])
        #expect(new[2] == [
            "BEGIN:VALARM\r\n",
            "UID:new-snooze\r\n",
            "ACTION:DISPLAY\r\n",
            "TRIGGER;VALUE=DATE-TIME:20260921T151320Z\r\n",
            "RELATED-TO;RELTYPE=SNOOZE:\(original)\r\n",
            "DESCRIPTION:Submit the expense report\r\n",
            "END:VALARM\r\n",
        ])
        #expect(try CalendarFixture.item(after).properties.alarms == [
            VAlarm(key: .uid(original), trigger: .relativeToDue(seconds: -1800), acknowledgedAt: Self.now),
            VAlarm(key: .uid("new-snooze"), trigger: .absolute(until), snoozes: .uid(original)),
        ])
    }

    @Test("snoozing a snooze removes it; the new snooze names the original alarm")
    func snoozingASnooze() throws {
        let item = try CalendarFixture.item("rfc9074.ics")
        let until = Self.now.addingTimeInterval(600)
        let after = try #require(item.snoozing(.uid("DE7B5C34-83FF-47FE-BE9E-FF41AE6DD097"), until: until, at: Self.now, newUID: Self.uids(["again"])))
        let alarms = try CalendarFixture.item(after).properties.alarms
        #expect(alarms.map(\.key) == [.uid("8297C37D-BA2D-4476-91AE-C1EAA364F8E1"), .uid("again")])
        #expect(alarms[0].acknowledgedAt == Self.now)
        #expect(alarms[1].snoozes == .uid("8297C37D-BA2D-4476-91AE-C1EAA364F8E1"))
        #expect(alarms[1].trigger == .absolute(until))
    }

    @Test("Thunderbird's and RFC 9074's forms together: X-MOZ-LASTACK and X-MOZ-SNOOZE-TIME on the task, a UID given to the alarm it lacked, and its snooze")
    func snoozingThunderbird() throws {
        let before = try CalendarFixture.bytes("thunderbird.ics")
        let item = try CalendarFixture.item("thunderbird.ics")
        let now = try CalendarFixture.instant("2026-12-01T16:50:00Z")
        let until = now.addingTimeInterval(3600)
        // What Thunderbird itself writes on a snooze...
        var wanted = item.properties
        wanted.acknowledgedAt = now
        wanted.snoozedUntil = until
        let moz = try #require(item.updated(to: wanted, at: now))
        // ...and the snooze as RFC 9074 has it, for Evolution and the like.
        let after = try #require(try CalendarFixture.item(moz).snoozing(
            .trigger("TRIGGER;RELATED=END:-PT15M"), until: until, at: now, newUID: Self.uids(["tb-alarm", "tb-snooze"])
        ))

        let lines = CalendarFixture.lines(after)
        #expect(lines.contains("X-MOZ-LASTACK:20261201T165000Z\r\n"))
        #expect(lines.contains("X-MOZ-SNOOZE-TIME:20261201T175000Z\r\n"))
        // The properties keep their places: each replaced where it stood.
        let oldLines = CalendarFixture.lines(before)
        #expect(lines.firstIndex(of: "X-MOZ-LASTACK:20261201T165000Z\r\n") == oldLines.firstIndex(of: "X-MOZ-LASTACK:20261201T161000Z\r\n"))
        let old = Self.valarms(before)
        #expect(Self.valarms(after) == [
            Array(old[0].dropLast()) + ["UID:tb-alarm\r\n", "ACKNOWLEDGED:20261201T165000Z\r\n", "END:VALARM\r\n"],
            [
                "BEGIN:VALARM\r\n",
                "UID:tb-snooze\r\n",
                "ACTION:DISPLAY\r\n",
                "TRIGGER;VALUE=DATE-TIME:20261201T175000Z\r\n",
                "RELATED-TO;RELTYPE=SNOOZE:tb-alarm\r\n",
                "DESCRIPTION:Default Mozilla Description\r\n",
                "END:VALARM\r\n",
            ],
        ])
        let reread = try CalendarFixture.item(after)
        #expect(reread.properties.acknowledgedAt == now)
        #expect(reread.properties.snoozedUntil == until)
        #expect(reread.properties.alarms == [
            VAlarm(key: .uid("tb-alarm"), trigger: .relativeToDue(seconds: -900), acknowledgedAt: now),
            VAlarm(key: .uid("tb-snooze"), trigger: .absolute(until), snoozes: .uid("tb-alarm")),
        ])
    }

    @Test("an Evolution alarm snoozed gets its Evolution alarm UID as its UID, so that it keeps its name")
    func snoozingEvolution() throws {
        let item = try CalendarFixture.item("evolution.ics")
        let key = VAlarmID.uid("20260401T100000Z-4242-1000-1-0@desktop")
        var made = 0
        let after = try #require(item.snoozing(key, until: Self.now.addingTimeInterval(300), at: Self.now) {
            made += 1
            return "snooze-\(made)"
        })
        #expect(made == 1)
        let alarms = Self.valarms(after)
        #expect(alarms[0].contains("UID:20260401T100000Z-4242-1000-1-0@desktop\r\n"))
        #expect(alarms[1].contains("RELATED-TO;RELTYPE=SNOOZE:20260401T100000Z-4242-1000-1-0@desktop\r\n"))
        let read = try CalendarFixture.item(after).properties.alarms
        #expect(read.map(\.key) == [key, .uid("snooze-1")])
        #expect(read[1].snoozes == key)
    }

    @Test("snoozing todo-remind's own alarm names it by kind on reading; snoozing again replaces the snooze")
    func snoozingOwn() throws {
        let item = try Self.ownFile()
        let first = Self.now.addingTimeInterval(600)
        let once = try #require(item.snoozing(.own("due"), until: first, at: Self.now, newUID: Self.uids(["own-uid", "snooze-1"])))
        let reread = try CalendarFixture.item(once)
        #expect(reread.properties.alarms == [VAlarm(key: .uid("snooze-1"), trigger: .absolute(first), snoozes: .own("due"))])
        #expect(reread.properties.ownAlarmsAcknowledged == ["due": Self.now])
        // The own alarm is still the same reminder: a write leaves it (and its UID) alone.
        #expect(reread.updated(to: item.properties, at: Self.now) == nil)

        let later = Self.now.addingTimeInterval(60)
        let second = Self.now.addingTimeInterval(1200)
        let twice = try #require(reread.snoozing(.own("due"), until: second, at: later, newUID: Self.uids(["snooze-2"])))
        let again = try CalendarFixture.item(twice)
        #expect(again.properties.alarms == [VAlarm(key: .uid("snooze-2"), trigger: .absolute(second), snoozes: .own("due"))])
        #expect(Self.valarms(twice).count == 2)
        #expect(Self.valarms(twice)[0].filter { $0.hasPrefix("UID:") } == ["UID:own-uid\r\n"])
    }

    @Test("nothing to write when no alarm has the key")
    func nothingToSnooze() throws {
        let item = try CalendarFixture.item("tasksorg.ics")
        #expect(item.snoozing(.uid("nope"), until: Self.now, at: Self.now, newUID: Self.uids([])) == nil)
    }

    // MARK: - Helpers

    /// A file todo-remind wrote, with its "at the due" alarm.
    static func ownFile() throws -> VTodo {
        var fields = VTodoProperties(title: "Pay rent", due: .time(try CalendarFixture.instant("2026-12-01T17:00:00Z")))
        fields.ownAlarms = [OwnAlarm(kind: "due", trigger: "PT0S")]
        return try CalendarFixture.item(VTodo.newFile(uid: "own-1", properties: fields, at: now))
    }

    /// A UID maker handing out `uids` in turn (tests need known UIDs).
    static func uids(_ uids: [String]) -> () -> String {
        var rest = uids[...]
        return { rest.popFirst() ?? "unexpected-\(UUID().uuidString)" }
    }

    /// The raw lines of each VALARM of a file, in order.
    static func valarms(_ bytes: [UInt8]) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        var depth = 0
        for line in CalendarFixture.lines(bytes) {
            if line.hasPrefix("BEGIN:VALARM") { current = [] }
            if current != nil {
                current?.append(line)
                if line.hasPrefix("BEGIN:") { depth += 1 }
                if line.hasPrefix("END:") { depth -= 1 }
                if depth == 0, let block = current {
                    blocks.append(block)
                    current = nil
                }
            }
        }
        return blocks
    }

    /// The raw lines of a file outside its VALARMs, but LAST-MODIFIED and DTSTAMP.
    static func outside(_ bytes: [UInt8]) -> [String] {
        var inside = 0
        return CalendarFixture.lines(bytes).filter { line in
            if line.hasPrefix("BEGIN:VALARM") { inside += 1 }
            defer { if line.hasPrefix("END:VALARM") { inside -= 1 } }
            return inside == 0 && !line.hasPrefix("END:VALARM") && !bookkeeping.contains(TodoRoundTripTests.name(line))
        }
    }

    /// The DTSTAMP and LAST-MODIFIED lines of a file, in order.
    static func stamps(_ bytes: [UInt8]) -> [String] {
        CalendarFixture.lines(bytes).filter { bookkeeping.contains(TodoRoundTripTests.name($0)) }
    }
}
