import Foundation
import Testing
import TodoCore
import TodoExchange
import TodoZones

/// todo.txt read by the format's specification (github.com/todotxt/todo.txt,
/// README.md): its own examples, each a line.
@Suite("Reading todo.txt")
struct TodoTxtFileTests {
    static let clock = WallClock(timeZone: Zone(identifier: "Europe/Berlin") ?? .utc)
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func read(_ text: String, allDone: Bool = false) throws -> ImportBatch {
        try TodoTxtFile(source: "todo.txt", clock: clock, now: now, defaultReminder: true, allDone: allDone).read(Array(text.utf8))
    }

    static func one(_ line: String) throws -> TaskDraft {
        try #require(try read(line).items.first).draft
    }

    @Test("the specification's examples: priority, dates, done, projects and contexts", arguments: [
        ("(A) Thank Mom for the meatballs @phone", "Thank Mom for the meatballs", Priority.high, ["phone"], false),
        ("(B) Schedule Goodwill pickup +GarageSale @phone", "Schedule Goodwill pickup", .medium, ["GarageSale", "phone"], false),
        ("Post signs around the neighborhood +GarageSale", "Post signs around the neighborhood", .medium, ["GarageSale"], false),
        ("@GroceryStore Eskimo pies", "Eskimo pies", .medium, ["GroceryStore"], false),
        ("Really gotta call Mom (A) @phone @someday", "Really gotta call Mom (A)", .medium, ["phone", "someday"], false),
        ("(b) Get back to the boss", "(b) Get back to the boss", .medium, [], false),
        ("(B)->Submit TPS report", "(B)->Submit TPS report", .medium, [], false),
        ("(C) 2011-03-02 Call Mom", "Call Mom", .low, [], false),
        ("(A) Call Mom 2011-03-02", "Call Mom 2011-03-02", .high, [], false),
        ("Email SoAndSo at soandso@example.com", "Email SoAndSo at soandso@example.com", .medium, [], false),
        ("Learn how to add 2+2", "Learn how to add 2+2", .medium, [], false),
        ("x 2011-03-03 Call Mom", "Call Mom", .medium, [], true),
        ("xylophone lesson", "xylophone lesson", .medium, [], false),
        ("X 2012-01-01 Make resolutions", "X 2012-01-01 Make resolutions", .medium, [], false),
        ("(A) x Find ticket prices", "x Find ticket prices", .high, [], false),
        ("x 2011-03-02 2011-03-01 Review Tim's pull request +TodoTxtTouch @github", "Review Tim's pull request", .medium, ["TodoTxtTouch", "github"], true),
        ("x (A) 2016-05-20 2016-04-30 measure space for +chapelShelving @chapel due:2016-05-30", "measure space for", .high, ["chapelShelving", "chapel"], true),
        ("(D) Water the plants", "Water the plants", .medium, [], false),
    ] as [(String, String, Priority, [String], Bool)])
    func specification(line: String, title: String, priority: Priority, tags: [String], done: Bool) throws {
        let draft = try Self.one(line)

        #expect(draft.title == title)
        #expect(draft.priority == priority)
        #expect(draft.tags == tags)
        #expect((draft.completedAt != nil) == done)
    }

    @Test("dates: creation, completion, due:, t: as the start; other key:value pairs go into the notes")
    func datesAndExtensions() throws {
        let draft = try Self.one("x 2011-03-02 2011-03-01 Review the request due:2011-03-05 t:2011-03-04 id:7 estimate:30m")

        #expect(draft.createdAt == Self.clock.startOfDay(try #require(LocalDay(iso: "2011-03-01"))))
        #expect(draft.completedAt == Self.clock.startOfDay(try #require(LocalDay(iso: "2011-03-02"))))
        #expect(draft.due == .day(try #require(LocalDay(iso: "2011-03-05"))))
        #expect(draft.start == .day(try #require(LocalDay(iso: "2011-03-04"))))
        #expect(draft.notes == "id:7\nestimate:30m")
        #expect(draft.title == "Review the request")
    }

    @Test("rec: is a repeat rule, from the due with +, else from completion", arguments: [
        ("Water plants due:2026-12-01 rec:+2d", "FREQ=DAILY;INTERVAL=2", RepeatFrom.due),
        ("Haircut due:2026-12-01 rec:6w", "FREQ=WEEKLY;INTERVAL=6", .completion),
        ("Pay rent due:2026-12-01 rec:+1m", "FREQ=MONTHLY", .due),
        ("Stand-up due:2026-12-01 rec:+1b", "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", .due),
        ("Birthday due:2026-12-01 rec:1y", "FREQ=YEARLY", .completion),
    ] as [(String, String, RepeatFrom)])
    func recurrence(line: String, rule: String, from: RepeatFrom) throws {
        let repeating = try #require(try Self.one(line).repeating)

        #expect(repeating.rule == rule)
        #expect(repeating.from == from)
    }

    @Test("done.txt's lines are done tasks; blank lines are none; the same line twice is two tasks with their own UIDs")
    func doneFile() throws {
        let batch = try Self.read("Call Mom\n\nCall Mom\n", allDone: true)

        #expect(batch.items.count == 2)
        #expect(batch.items.allSatisfy { $0.draft.completedAt != nil })
        #expect(Set(batch.items.map(\.origin.uid)).count == 2)
    }

    @Test("a line that cannot be read names its line and what is wrong", arguments: [
        ("Fine\nPay rent due:2026-02-30", "line 2", "due:2026-02-30"),
        ("Fine\n\nStretch rec:sometimes", "line 3", "rec:sometimes"),
        ("Start late due:2026-12-01 t:2026-12-05", "line 1", "2026"),
    ])
    func badLine(text: String, place: String, named: String) throws {
        let error = try #require(throws: ImportReadError.self) { try Self.read(text) }

        #expect(error.localizedDescription.contains(place), "\(error.localizedDescription)")
        #expect(error.localizedDescription.contains(named), "\(error.localizedDescription)")
    }
}
