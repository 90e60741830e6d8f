import Foundation
import TestSupport
import Testing

/// `done`, `reopen`, `delete` and `clear`.
@Suite("done, reopen, delete, clear", .ownThread)
struct CompletionTests {
    @Test("done completes a task: it has a completion time, no reminders, and leaves the open list")
    func done() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Buy milk", "--due", "2099-12-01")
        try cli.ok("add", "Pay rent")
        let start = Date().addingTimeInterval(-2)

        let output = try cli.ok("done", "1")
        let task = try cli.task("1")

        #expect(output == "Done: 1 Buy milk\n")
        #expect(task["completed"] as? Bool == true)
        let completedAt = try #require(JSON.instant(task["completedAt"]))
        #expect(completedAt >= start && completedAt <= Date().addingTimeInterval(2))
        #expect(task["state"] as? String == "completed")
        #expect(task["group"] as? String == "completed")
        #expect(JSON.isNull(task["nextReminder"]))
        #expect(JSON.text(task["reminders"]) == "[]")
        #expect(try ListTests.ids(cli, "list", "--json") == [2])
    }

    @Test("done takes several tasks, by id and by title")
    func doneSeveral() throws {
        let cli = try CLI()
        defer { cli.remove() }
        for title in ["Buy milk", "Pay rent", "Call mum"] { try cli.ok("add", title) }

        let output = try cli.ok("done", "3", "milk")

        #expect(output == "Done: 3 Call mum\nDone: 1 Buy milk\n")
        #expect(try ListTests.ids(cli, "list", "--completed", "--json") == [1, 3])
    }

    @Test("done by id of a task already done is refused with status 1, keeping its completion time, and the other tasks named stay open")
    func doneTwice() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Buy milk")
        try cli.ok("add", "Pay rent")
        try cli.ok("done", "1")
        let before = try cli.task("1")

        let message = try cli.failsWithoutChange(["done", "2", "1"], status: 1)

        #expect(message.contains("Task 1") && message.contains("done already"), "\(message)")
        #expect(message.contains("reopen 1"), "\(message)")
        #expect(JSON.text(try cli.task("1")["completedAt"]) == JSON.text(before["completedAt"]))
    }

    @Test("done looks only among open tasks: `done milk` is not ambiguous when the other milk task is done")
    func doneScope() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Oat milk")
        try cli.ok("add", "Buy milk")
        try cli.ok("done", "1")

        let output = try cli.ok("done", "milk")

        #expect(output == "Done: 2 Buy milk\n")
        // Now both are done: no open task matches.
        let message = try cli.failsWithoutChange(["done", "milk"])
        #expect(message.contains("No open task"))
    }

    @Test("reopen looks only among completed tasks: `reopen milk` finds the done one")
    func reopenScope() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Oat milk", "--due", "2099-12-01")
        try cli.ok("add", "Buy milk")
        try cli.ok("done", "Oat")

        let output = try cli.ok("reopen", "milk")
        let task = try cli.task("1")

        #expect(output.hasPrefix("Reopened: 1 Oat milk: due Tue 1 Dec 2099 (in "))
        #expect(output.hasSuffix(" · reminder on · next Tue 1 Dec 2099 09:00 (morning)\n"))
        #expect(task["completed"] as? Bool == false)
        #expect(JSON.isNull(task["completedAt"]))
        #expect(task["nextReminder"] as? String == "2099-12-01T09:00:00+01:00")
        // Now none is done: no completed task matches.
        let message = try cli.failsWithoutChange(["reopen", "milk"])
        #expect(message.contains("No completed task"))
    }

    @Test("reopen by id of an open task is refused with status 1, as reopen by its title is")
    func reopenOpen() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Buy milk")

        let message = try cli.failsWithoutChange(["reopen", "1"], status: 1)

        #expect(message.contains("Task 1") && message.contains("is open"), "\(message)")
        #expect(try cli.task("1")["completed"] as? Bool == false)
    }

    @Test("delete removes tasks for good; the others keep their ids")
    func delete() throws {
        let cli = try CLI()
        defer { cli.remove() }
        for title in ["Buy milk", "Pay rent", "Call mum"] { try cli.ok("add", title) }

        let output = try cli.ok("delete", "1", "mum")

        #expect(output == "Deleted: 1 Buy milk\nDeleted: 3 Call mum\n")
        #expect(try ListTests.ids(cli, "list", "--all", "--json") == [2])
        try cli.fails(["show", "1"])
        // A new task does not take a deleted id.
        #expect(try cli.ok("add", "New").hasPrefix("Added 4 New"))
    }

    @Test("delete finds completed tasks too")
    func deleteCompleted() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Buy milk")
        try cli.ok("done", "milk")

        #expect(try cli.ok("delete", "milk") == "Deleted: 1 Buy milk\n")
        #expect(try cli.objects("export").isEmpty)
    }

    @Test("clear --completed --yes deletes every completed task and nothing else")
    func clearYes() throws {
        let cli = try CLI()
        defer { cli.remove() }
        for title in ["Buy milk", "Pay rent", "Call mum"] { try cli.ok("add", title) }
        try cli.ok("done", "1", "3")

        let output = try cli.ok("clear", "--completed", "--yes")

        #expect(output == "Deleted 2 completed tasks.\n")
        #expect(try ListTests.ids(cli, "list", "--all", "--json") == [2])
    }

    @Test("clear --completed without --yes does not ask when stdin is not a terminal")
    func clearFromPipe() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Buy milk")
        try cli.ok("add", "Pay rent")
        try cli.ok("done", "milk")

        let output = try cli.ok("clear", "--completed", input: "")

        #expect(output == "Deleted 1 completed task.\n")
        #expect(try ListTests.ids(cli, "list", "--all", "--json") == [2])
    }

    @Test("clear --completed with nothing completed says so")
    func clearNothing() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Buy milk")

        #expect(try cli.ok("clear", "--completed", "--yes") == "No completed tasks to clear.\n")
        #expect(try ListTests.ids(cli, "list", "--all", "--json") == [1])
    }

    @Test("clear --completed on a terminal asks first, and a no keeps everything")
    func clearAsks() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Buy milk")
        try cli.ok("done", "milk")
        let before = try cli.contents()

        let declined = try cli.runOnTerminal(["clear", "--completed"], typing: "n\n")

        #expect(declined.status == 1)
        // The tasks are named before the question.
        #expect(declined.stderr.contains("  1 Buy milk\n") && declined.stderr.contains("Delete this completed task? [y/N]"), "\(declined)")
        #expect(declined.stdout.contains("Nothing deleted."))
        #expect(try cli.contents() == before)

        let accepted = try cli.runOnTerminal(["clear", "--completed"], typing: "y\n")

        #expect(accepted.status == 0)
        #expect(accepted.stdout.contains("Deleted 1 completed task."))
        #expect(try cli.objects("export").isEmpty)
    }
}
