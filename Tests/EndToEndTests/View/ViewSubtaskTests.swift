import Foundation
import TestSupport
import Testing

/// Tags, subtasks and a start date in `todo-remind ui`, end to end in tmux:
/// the rows as `list` prints them, and done of a parent as `done` asks.
@Suite("the interactive view with subtasks and a start date, end to end in tmux", .ownThread)
struct ViewSubtaskTests {
    static func tasks() throws -> CLI {
        let cli = try CLI()
        try cli.ok("add", "Paint the kitchen", "--tag", "home", "--tag", "weekend", "--due", "+3d")
        try cli.ok("add", "Buy paint", "--parent", "Paint the kitchen", "--due", "+2w")
        try cli.ok("add", "Book flights", "--start", "+30d", "--due", "+40d")
        try cli.ok("add", "Read that book")
        return cli
    }

    @Test("The view's rows are list's: a subtask under its parent with its progress, a waiting task left out and counted")
    func rowsAsList() throws {
        let cli = try Self.tasks()
        defer { cli.remove() }
        let listed = try cli.lines("list").filter { $0.hasPrefix("·") || $0.hasPrefix("  ") }
        #expect(listed.count == 3)
        let view = try RunningView(cli, width: 99)
        defer { view.end() }
        let screen = try view.screen()
        for row in listed {
            #expect(screen.contains(row.prefix(40)), "\(row) is not on screen:\n\(screen)")
        }
        #expect(screen.contains("1  Paint the kitchen [0/1]"))
        #expect(screen.contains("2    Buy paint"))
        #expect(!screen.contains("Book flights"))
        #expect(screen.contains("0 of 4 done · 0 overdue · 0 due within 24 h · 1 waiting"))
        try view.press("h")
        #expect(view.waitFor("3  Book flights (starts"))
        #expect(try view.quit() == 0)
        try view.expectRestored()
    }

    @Test("x on a parent asks before completing its open subtasks, and y completes both in the store")
    func doneParent() throws {
        let cli = try Self.tasks()
        defer { cli.remove() }
        let view = try RunningView(cli, width: 120)
        defer { view.end() }
        #expect(view.waitFor("tags           home, weekend"))
        try view.press("x")
        #expect(view.waitFor("Task 1 “Paint the kitchen” has 1 open subtask. Mark them done too? (y/n)"))
        try view.press("y")
        #expect(view.waitFor("Done: 1 Paint the kitchen and 1 open subtask."))
        #expect(try cli.task("1")["completed"] as? Bool == true)
        #expect(try cli.task("2")["completed"] as? Bool == true)
        #expect(try view.quit() == 0)
    }
}
