import Foundation
import Testing
import TodoCore
import TodoListing
import TodoStore
@testable import TodoTerminal
import TodoViewModel

/// Tags, subtasks and a start date in the view, as `list` and `show` have them.
@Suite("The interactive view: tags, subtasks and a start date")
struct SubtaskViewTests {
    let fixture: ViewFixture

    init() throws {
        fixture = try ViewFixture()
        // 1 a parent due tomorrow, tagged; 2 an open subtask due later; 3 a
        // done subtask; 4 a task waiting to start; 5 a task of its own.
        try add("Paint the kitchen", due: "tomorrow", tags: ["home", "weekend"])
        try add("Buy paint", due: "+2w", parent: 1)
        let colour = try add("Pick a colour", parent: 1)
        _ = try TaskStore(path: fixture.store.path).markDone(ids: [colour.id], at: ViewFixture.now, in: ViewFixture.zone)
        try add("Book flights", due: "2027-01-20", start: "2027-01-05")
        try add("Read that book")
    }

    /// Adds a task as `add --tag --parent --start` would.
    @discardableResult
    func add(_ title: String, due: String? = nil, tags: [String] = [], parent: Int64? = nil, start: String? = nil) throws -> TodoTask {
        let parser = WhenParser(now: ViewFixture.now, clock: fixture.timeRules.clock)
        var draft = try TaskDraft(title: title, tags: tags, due: try due.map { try parser.due(from: $0) })
        draft.start = try start.map { try parser.due(from: $0) }
        draft.parentID = parent
        return try TaskStore(path: fixture.store.path).add(draft, now: ViewFixture.now)
    }

    func lines(_ view: TaskView, width: Int = 90, now: Date = ViewFixture.now) -> [String] {
        view.text(width: width, now: now).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("A subtask is indented under its parent, in its group, and the parent says how many are done")
    func nested() throws {
        let view = try fixture.view()
        let lines = lines(view)
        let parent = try #require(lines.firstIndex { $0.contains("Paint the kitchen") })
        #expect(lines[parent].contains("1  Paint the kitchen [1/2]"))
        #expect(lines[parent + 1].contains("2    Buy paint"))
        // Buy paint is due in two weeks, yet stays in its parent's group.
        #expect(!lines.contains("Upcoming") || lines.firstIndex(of: "Upcoming").map { $0 < parent } == true)
        #expect(!lines.joined().contains("Pick a colour"))
    }

    @Test("A task waiting to start is left out and counted in the footer; h shows it with its start, and done subtasks under their parent")
    func waiting() throws {
        let view = try fixture.view()
        #expect(!view.text().contains("Book flights"))
        #expect(view.text().contains("1 of 5 done · 0 overdue · 0 due within 24 h · 1 waiting"))
        view.press(.character("h"))
        let lines = lines(view, width: 99)
        #expect(lines.contains { $0.contains("4  Book flights (starts Tu") })
        let parent = try #require(lines.firstIndex { $0.contains("Paint the kitchen [1/2]") })
        #expect(lines[parent + 1].contains("2    Buy paint") || lines[parent + 2].contains("2    Buy paint"))
        #expect(lines[parent + 1 ... parent + 2].contains { $0.hasPrefix("✓ 3    Pick a colour") })
    }

    @Test("A task waiting to start comes into the list at its start, without a key")
    func startComes() throws {
        let view = try fixture.view()
        let day = try #require(LocalDay(year: 2027, month: 1, day: 5))
        let start = fixture.timeRules.clock.startOfDay(day)
        #expect(view.nextChange(after: start.addingTimeInterval(-90)) <= start)
        let text = view.text(now: start.addingTimeInterval(60))
        #expect(text.contains("4  Book flights"))
        #expect(!text.contains("waiting"))
    }

    @Test("The detail pane names the tags, the start, the parent and the subtasks as show does")
    func detail() throws {
        let view = try fixture.view()
        let text = view.text(width: 140)
        #expect(text.contains("│ Task 1 Paint the kitchen"))
        #expect(text.contains("│   tags           home, weekend"))
        #expect(text.contains("│   subtasks       1 of 2 done"))
        #expect(text.contains("│                  ✓ 3 Pick a colour"))
        view.press(.character("j"))
        #expect(view.text(width: 140).contains("│   parent         1 Paint the kitchen"))
        view.press(.character("h"))
        while view.selectedID != 4, view.press(.character("j")), view.selection < view.shownCount - 1 {}
        #expect(view.selectedID == 4)
        #expect(view.text(width: 140).contains("│   start          Tue 5 Jan"))
    }

    @Test("x on a parent with open subtasks asks, as done asks on a terminal: y completes them too, another key changes nothing")
    func doneParent() throws {
        let view = try fixture.view()
        #expect(view.selectedID == 1)
        view.press(.character("x"))
        #expect(view.mode == .confirmDoneWithSubtasks(taskID: 1))
        #expect(view.text().contains("Task 1 “Paint the kitchen” has 1 open subtask. Mark them done too? (y/n)"))
        view.press(.character("n"))
        #expect(view.message == .said("Nothing changed."))
        #expect(try fixture.store.task(id: 1)?.isCompleted == false)
        view.press(.character("x"), .character("y"))
        #expect(view.message == .said("Done: 1 Paint the kitchen and 1 open subtask."))
        #expect(try fixture.store.task(id: 1)?.isCompleted == true)
        #expect(try fixture.store.task(id: 2)?.isCompleted == true)
        #expect(view.text().contains("3 of 5 done"))
        view.press(.character("u"))
        #expect(try fixture.store.task(id: 1)?.isCompleted == false)
        #expect(try fixture.store.task(id: 2)?.isCompleted == false)
        // A subtask alone, or a parent whose subtasks are done, is done at once.
        view.press(.character("g"), .character("j"), .character("x"))
        #expect(view.message == .said("Done: 2 Buy paint"))
        view.press(.character("g"), .character("x"))
        #expect(view.message == .said("Done: 1 Paint the kitchen"))
    }

    @Test("d on a parent names its subtasks in the question, and y deletes them with it")
    func deleteParent() throws {
        let view = try fixture.view()
        view.press(.character("d"))
        #expect(view.text().contains("Delete “Paint the kitchen” and its 2 subtasks? (y/n)"))
        view.press(.character("y"))
        #expect(view.message == .said("Deleted: 1 Paint the kitchen and 2 subtasks. u undoes it."))
        #expect(try fixture.store.tasks(ids: [1, 2, 3]).isEmpty)
        #expect(!view.text().contains("Buy paint"))
        view.press(.character("u"))
        #expect(try fixture.store.tasks(ids: [1, 2, 3]).count == 3)
        #expect(view.text().contains("Paint the kitchen [1/2]"))
    }

    @Test("The nesting is list's: ListOrder.nest keeps the order and puts each subtask under its parent")
    func nestRule() {
        // 5, 1, 2, 3 in order; 2 and 3 are subtasks of 1, 3 of 2.
        let nested = ListOrder.nest([5, 3, 1, 2], count: 6) { [3: 2, 2: 1][$0] }
        #expect(nested.positions == [5, 1, 2, 3])
        #expect(nested.depths == [0, 0, 1, 2])
    }
}
