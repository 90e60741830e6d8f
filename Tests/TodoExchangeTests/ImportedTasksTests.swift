import Foundation
import Testing
import TodoCore
import TodoExchange
import TodoZones

@Suite("Reading todo-remind's JSON (ImportedTasks)")
struct ImportedTasksTests {
    static let clock = WallClock(timeZone: Zone(identifier: "Europe/Berlin") ?? .utc)
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func read(_ json: String) throws -> (drafts: [TaskDraft], parents: [Int?]) {
        try ImportedTasks(data: Data(json.utf8), source: "tasks.json").drafts(defaultReminder: true, now: now, clock: clock)
    }

    @Test("the fields export writes are read: instants with an offset or Z, a day, tags, alarms, a parent by id written 2.0")
    func fields() throws {
        let (drafts, parents) = try Self.read(#"""
            [{"id": 1, "title": "Plan", "due": {"time": "2026-12-01T17:00:00+01:00"}, "createdAt": "2026-11-01T08:00:00Z", "tags": ["home"],
              "alarms": [{"offset": -900}, {"fromStart": 0}, {"at": "2026-12-01T08:30:00+01:00"}]},
             {"id": 2, "title": "Step", "parent": 1.0, "due": {"day": "2026-12-02"}, "completed": true}]
            """#)

        #expect(drafts.map(\.title) == ["Plan", "Step"])
        #expect(drafts[0].due == .time(Date(timeIntervalSince1970: 1_796_140_800)))
        #expect(drafts[0].createdAt == Date(timeIntervalSince1970: 1_793_520_000))
        #expect(drafts[0].tags == ["home"])
        #expect(drafts[0].alarms == [.relative(seconds: -900), .relativeToStart(seconds: 0), .absolute(Date(timeIntervalSince1970: 1_796_110_200))])
        #expect(drafts[1].due == .day(try #require(LocalDay(year: 2026, month: 12, day: 2))))
        #expect(drafts[1].completedAt != nil)
        #expect(parents == [nil, 0])
    }

    @Test("of a name given twice the last value counts, as JSONSerialization read it")
    func lastNameCounts() throws {
        let drafts = try Self.read(#"[{"title": "First", "title": "Second", "alarms": [{"offset": -60, "offset": -120}]}]"#).drafts

        #expect(drafts.map(\.title) == ["Second"])
        #expect(drafts[0].alarms == [.relative(seconds: -120)])
    }

    @Test("a bad value names its element and what is wrong; a number is not a boolean", arguments: [
        (#"[{"title": "a", "completed": 1}]"#, "Element 0 of tasks.json cannot be imported: \"completed\" must be true or false; nothing was imported."),
        (#"[{"title": "a", "tags": ["x", 1]}]"#, "Element 0 of tasks.json cannot be imported: \"tags\" must be a list of strings; nothing was imported."),
        (#"[{"title": "a"}, {"title": "b", "parent": 1.5}]"#,
         "Element 1 of tasks.json cannot be imported: \"parent\" must be the \"id\" of another element, a number; nothing was imported."),
        (#"[{"title": "a", "due": {"day": "2026-12-01", "time": null}}, {"title": "b", "due": {"day": null, "time": null}}]"#,
         "Element 1 of tasks.json cannot be imported: \"due\" must hold exactly one of \"day\" or \"time\"; nothing was imported."),
        // A NUL once cut the title and notes short without a word.
        (#"[{"title": "ok"}, {"title": "Renew lease\u0000 by Friday"}]"#,
         "Element 1 of tasks.json cannot be imported: A task's title cannot hold a NUL character (U+0000), where other programs would cut it short: take it out; nothing was imported."),
        (#"[{"title": "a", "notes": "a\u0000b"}]"#,
         "Element 0 of tasks.json cannot be imported: A task's notes cannot hold a NUL character (U+0000), where other programs would cut it short: take it out; nothing was imported."),
        (#"[{"title": "a",}]"#, "Cannot import from tasks.json: it is not valid JSON, and import reads the array that `todo-remind export` writes."),
        (#"{"title": "a"}"#, "Cannot import from tasks.json: it is not a JSON array, and import reads the array that `todo-remind export` writes."),
    ])
    func refused(json: String, message: String) {
        #expect(throws: (any Error).self) { try Self.read(json) }
        do {
            _ = try Self.read(json)
        } catch {
            #expect(error.localizedDescription == message)
        }
    }
}
