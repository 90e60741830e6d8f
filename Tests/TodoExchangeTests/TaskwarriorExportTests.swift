import Foundation
import Testing
import TodoCalendar
import TodoCore
import TodoExchange
import TodoZones

/// Taskwarrior's export read element by element (the end-to-end tests
/// read a whole database made by the real `task`).
@Suite("Reading Taskwarrior's export")
struct TaskwarriorExportTests {
    static let clock = WallClock(timeZone: Zone(identifier: "Europe/Berlin") ?? .utc)

    static func read(_ json: String) throws -> ImportBatch {
        try TaskwarriorExport(source: "export.json", clock: clock, defaultReminder: true).read(Array(json.utf8))
    }

    static func series(recur: String, until: String? = nil) -> String {
        let end = until.map { #","until":"\#($0)""# } ?? ""
        return #"[{"uuid":"s","description":"Series","status":"recurring","recur":"\#(recur)","due":"20300104T230000Z"\#(end)}]"#
    }

    @Test("every period Taskwarrior repeats by is an RRULE", arguments: [
        ("daily", "FREQ=DAILY"), ("weekdays", "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR"), ("weekly", "FREQ=WEEKLY"),
        ("biweekly", "FREQ=WEEKLY;INTERVAL=2"), ("fortnight", "FREQ=WEEKLY;INTERVAL=2"), ("2wk", "FREQ=WEEKLY;INTERVAL=2"),
        ("monthly", "FREQ=MONTHLY"), ("bimonthly", "FREQ=MONTHLY;INTERVAL=2"), ("quarterly", "FREQ=MONTHLY;INTERVAL=3"),
        ("semiannual", "FREQ=MONTHLY;INTERVAL=6"), ("yearly", "FREQ=YEARLY"), ("annual", "FREQ=YEARLY"),
        ("biannual", "FREQ=YEARLY;INTERVAL=2"), ("3d", "FREQ=DAILY;INTERVAL=3"), ("10days", "FREQ=DAILY;INTERVAL=10"),
        ("6mo", "FREQ=MONTHLY;INTERVAL=6"), ("2q", "FREQ=MONTHLY;INTERVAL=6"), ("2y", "FREQ=YEARLY;INTERVAL=2"),
        ("P1D", "FREQ=DAILY"), ("P2W", "FREQ=WEEKLY;INTERVAL=2"), ("P1M", "FREQ=MONTHLY"), ("P1Y", "FREQ=YEARLY"),
    ])
    func period(recur: String, rule: String) throws {
        let item = try #require(try Self.read(Self.series(recur: recur)).items.first)

        #expect(item.draft.repeating?.rule == rule)
        #expect(item.draft.due == .day(try #require(LocalDay(iso: "2030-01-05"))))
    }

    @Test("until is the series' end: a day for a series of days")
    func until() throws {
        let item = try #require(try Self.read(Self.series(recur: "weekly", until: "20301231T230000Z")).items.first)

        #expect(item.draft.repeating?.rule == "FREQ=WEEKLY;UNTIL=20310101")
    }

    @Test("a UDA is an X-TASKWARRIOR- property, a name upper case does not give back keeps its spelling, and depends are RELATED-TO")
    func extras() throws {
        let batch = try Self.read(#"[{"uuid":"a","description":"A","status":"pending","estimate":"PT2H","client_ref":"ACME","size":3,"depends":["b"]},{"uuid":"b","description":"B","status":"pending"}]"#)
        let text = String(decoding: try #require(batch.items.first).origin.calendar(created: nil), as: UTF8.self)

        #expect(text.contains("UID:a\r\n"))
        #expect(text.contains("X-TASKWARRIOR-ESTIMATE:PT2H\r\n"))
        #expect(text.contains("X-TASKWARRIOR-CLIENT-REF;X-NAME=client_ref:ACME\r\n"))
        #expect(text.contains("X-TASKWARRIOR-SIZE:3\r\n"))
        #expect(text.contains("RELATED-TO;RELTYPE=DEPENDS-ON:b\r\n"))
        #expect(try #require(batch.items.first).origin.dependencies == ["b"])
    }

    @Test("names and dates written with escapes are read as their text; a value of another kind is kept as JSON, its names sorted")
    func escapes() throws {
        let batch = try Self.read(#"[{"\u0075uid":"a","description":"Caf\u00e9 \ud83d\ude00","status":"pending","due":"2030\u002d01\u002d10T120000Z","size":{"b":[1,2.50],"a":"x"},"note\u0073":"a;b"}]"#)
        let item = try #require(batch.items.first)
        let text = String(decoding: item.origin.calendar(created: nil), as: UTF8.self)

        #expect(item.origin.uid == "a")
        #expect(item.draft.title == "Café 😀")
        #expect(item.draft.due == .time(Date(timeIntervalSince1970: 1_894_276_800)))
        #expect(text.contains(#"X-TASKWARRIOR-SIZE:{"a":"x"\,"b":[1\,2.5]}"# + "\r\n"))
        #expect(text.contains("X-TASKWARRIOR-NOTES:a\\;b\r\n"))
    }

    @Test("each element is named with its line; a text that is not JSON is refused with the line of what is wrong", arguments: [
        ("[\n{\"uuid\":\"a\"},\n\n {\"uuid\":\"a\"}\n]", "The element 2, line 4 of export.json cannot be imported: its \"uuid\" a is another element's too; nothing was imported."),
        ("[1,\n{\"uuid\":\"a\"}]", "The element 1, line 1 of export.json cannot be imported: it is not an object; nothing was imported."),
        ("[\n{\"uuid\":\"a\"},\n]", "Cannot import from export.json as Taskwarrior's export: it is not valid JSON: “]” where a value should be on line 3; nothing was imported."),
        ("{\"uuid\":\"a\"}\n{\"uuid\":\"b\",}\n", "Cannot import from export.json as Taskwarrior's export: it is not valid JSON: “}” where a name in quotes should be on line 2; nothing was imported."),
        ("[{\"uuid\":\"a\",\"description\":\"Renew lease\\u0000 by Friday\"}]", "The element 1, line 1 of export.json cannot be imported: A task's title cannot hold a NUL character (U+0000), where other programs would cut it short: take it out; nothing was imported."),
        ("\"a\"", "Cannot import from export.json as Taskwarrior's export: it is not a JSON array, as `task export` writes; nothing was imported."),
    ])
    func places(json: String, message: String) {
        #expect(throws: ImportReadError.self) { try Self.read(json) }
        do {
            _ = try Self.read(json)
        } catch {
            #expect(error.localizedDescription == message)
        }
    }

    @Test("Taskwarrior 2.4's export, one object a line, is read with each object's line")
    func oneALine() throws {
        let batch = try Self.read("{\"uuid\":\"a\",\"description\":\"A\"}\n\n{\"uuid\":\"b\",\"description\":\"B\"}\n")

        #expect(batch.items.map(\.draft.title) == ["A", "B"])
        #expect(batch.items.map(\.place) == ["element 1, line 1", "element 2, line 3"])
    }

    @Test("a wait after the due is no start here, and is said; a date at local midnight is a day, another a time")
    func waitAfterDue() throws {
        let batch = try Self.read(#"[{"uuid":"a","description":"A","status":"waiting","due":"20300110T120000Z","wait":"20300112T230000Z"}]"#)
        let draft = try #require(batch.items.first).draft

        #expect(draft.start == nil)
        #expect(draft.due == .time(Date(timeIntervalSince1970: 1_894_276_800)))
        #expect(batch.notes.count == 1)
    }
}
