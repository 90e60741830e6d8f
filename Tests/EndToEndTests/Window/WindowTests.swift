import Foundation
import TestSupport
import Testing

/// The desktop window, the real binary on the tests' Xvfb display, driven
/// through the accessibility bus: what a click or a key does is checked in
/// the store through the CLI, and what another command does shows in the
/// window. One window at a time: without a window manager, windows lie on
/// top of one another, and a click lands on the one above.
@Suite(.serialized, .ownThread)
struct WindowTests {
    @Test("A click marks a task done, the bell turns its reminder off, and Delete with Undo brings it back")
    func rowControls() throws {
        let cli = try CLI()
        try cli.ok("add", "Pay rent", "--due", "tomorrow 9:00", "--priority", "high")
        try cli.ok("add", "Water the plants")
        let window = try RunningWindow(cli, waitingFor: "Done: Pay rent")
        defer { window.close() }
        #expect(window.waitFor("Upcoming"))
        #expect(window.waitFor("Someday"))
        #expect(try window.isChecked("Reminder: Pay rent"))

        try window.click("Reminder: Pay rent")
        #expect(try eventually { try cli.task("1")["reminder"] as? Bool == false })
        #expect(try window.isChecked("Reminder: Pay rent") == false)
        // The row says it, as list does: bound again, not left as it was.
        #expect(try eventually { window.names().contains("high · ") && window.names().contains(" · off") }, "\(window.names())")

        try window.click("Done: Pay rent")
        #expect(try eventually { try cli.task("1")["completed"] as? Bool == true })
        // Done tasks are hidden until shown, and the progress counts them.
        #expect(window.waitUntilGone("Done: Pay rent"))
        #expect(window.waitFor("Done: 1 Pay rent"), "the toast: \(window.names())")

        try window.click("Delete: Water the plants")
        #expect(try eventually { try cli.lines("list", "--all").contains { $0.contains("Water the plants") } == false })
        #expect(window.waitUntilGone("Done: Water the plants"))
        try window.press("ctrl+z")
        #expect(window.waitFor("Done: Water the plants"))
        #expect(try cli.lines("list").contains { $0.contains("Water the plants") })

        try window.click("Show completed")
        #expect(window.waitFor("Done: Pay rent"))
        #expect(try window.isChecked("Done: Pay rent"))
    }

    @Test("Keys on the list: a click selects a row, Space marks it done, Delete deletes it, Ctrl+Z brings it back")
    func listKeys() throws {
        let cli = try CLI()
        try cli.ok("add", "Pay rent", "--due", "tomorrow 9:00")
        try cli.ok("add", "Water the plants")
        let window = try RunningWindow(cli, waitingFor: "Done: Pay rent")
        defer { window.close() }
        try window.click("Water the plants", role: "label")
        #expect(try eventually { try window.selectedRow().contains("Done: Water the plants") })
        try window.press("space")
        #expect(try eventually { try cli.task("2")["completed"] as? Bool == true })
        try window.click("Pay rent", role: "label")
        try window.press("Delete")
        #expect(try eventually { try cli.lines("list", "--all").contains { $0.contains("Pay rent") } == false })
        try window.press("ctrl+z")
        #expect(window.waitFor("Done: Pay rent"))
    }

    @Test("Search narrows the list as it is typed, in any case and any accents; priority filters")
    func searchAndPriority() throws {
        let cli = try CLI()
        try cli.ok("add", "Café with Zoë", "--priority", "low")
        try cli.ok("add", "Pay rent", "--priority", "high")
        let window = try RunningWindow(cli, waitingFor: "Done: Pay rent")
        defer { window.close() }
        try window.press("ctrl+f")
        try window.type("cafe")
        #expect(window.waitUntilGone("Done: Pay rent"))
        #expect(window.waitFor("Done: Café with Zoë"))
        try window.press("ctrl+a", "BackSpace")
        #expect(window.waitFor("Done: Pay rent"))
        // The drop-down's list opens on the choice it has (All): the next is High.
        try window.click("Priority")
        #expect(window.waitFor("High"))
        try window.press("Down", "Return")
        #expect(window.waitUntilGone("Done: Café with Zoë"))
        #expect(window.waitFor("Done: Pay rent"))
    }

    @Test("The form adds a task, says a mistake beside its field, and saves nothing until it reads")
    func form() throws {
        let cli = try CLI()
        let window = try RunningWindow(cli, waitingFor: "Add task")
        defer { window.close() }
        #expect(window.waitFor("No tasks yet. Ctrl+N adds one."))
        try window.press("ctrl+n")
        #expect(window.waitFor("Title"))
        try window.type("Dentist")
        try window.click("Due", role: "text")
        try window.type("the day after never")
        try window.press("Return")
        // The command line's sentence, beside the field.
        let refusal = try cli.run(["add", "Dentist", "--due", "the day after never"])
        #expect(refusal.status != 0)
        let sentence = refusal.stderr.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "Error: ", with: "")
        #expect(window.waitFor(sentence), "\(window.names())")
        #expect(try cli.lines("list", "--all").contains { $0.contains("Dentist") } == false)
        try window.click("Due", role: "text")
        try window.press("ctrl+a", "BackSpace")
        try window.type("fri 17:00")
        try window.press("Return")
        #expect(window.waitFor("Done: Dentist"))
        let task = try cli.task("1")
        #expect(task["title"] as? String == "Dentist")
        // 17:00 on the CLI's clock (Berlin), in winter or in summer.
        let due = try #require(task["dueInstant"] as? String)
        #expect(due.contains("T17:00:00"), "\(task)")
        #expect(try cli.ok("show", "1").contains("Fri"))
    }

    @Test("Clear completed asks first, then deletes the done tasks, as clear does")
    func clearCompleted() throws {
        let cli = try CLI()
        try cli.ok("add", "Old one")
        try cli.ok("add", "Still open")
        try cli.ok("done", "1")
        let window = try RunningWindow(cli, waitingFor: "Done: Still open")
        defer { window.close() }
        try window.click("Clear completed")
        #expect(window.waitFor("Cancel"))
        try window.click("Cancel")
        #expect(window.waitUntilGone("Cancel"))
        #expect(try cli.lines("list", "--all").contains { $0.contains("Old one") })
        try window.click("Clear completed")
        try window.click("Delete")
        #expect(try eventually { try cli.lines("list", "--all").contains { $0.contains("Old one") } == false })
        #expect(try cli.lines("list").contains { $0.contains("Still open") })
    }

    @Test("A change made by a command shows in the window within a second, without a click")
    func live() throws {
        let cli = try CLI()
        try cli.ok("add", "First")
        let window = try RunningWindow(cli, waitingFor: "Done: First")
        defer { window.close() }
        try cli.ok("add", "Made elsewhere")
        #expect(window.waitFor("Done: Made elsewhere", within: 2))
        try cli.ok("done", "First")
        #expect(window.waitUntilGone("Done: First", within: 2))
    }

    @Test("--task opens the window on a task; a second launch on the same store raises the first, on its task")
    func openOnTask() throws {
        let cli = try CLI()
        try cli.ok("add", "Pay rent", "--due", "tomorrow 9:00")
        try cli.ok("add", "Water the plants")
        let window = try RunningWindow(cli, arguments: ["--task", "2"], waitingFor: "Done: Water the plants")
        defer { window.close() }
        #expect(try eventually { try window.selectedRow().contains("Done: Water the plants") }, "\((try? window.selectedRow()) ?? [])")
        // A second launch hands its task to the first window and ends.
        var environment = ProcessInfo.processInfo.environment.filter { ["DISPLAY", "DBUS_SESSION_BUS_ADDRESS"].contains($0.key) }
        environment["GSK_RENDERER"] = "cairo"
        let second = try cli.run(["window", "--task", "1"], environment: environment)
        #expect(second.status == 0, "\(second)")
        #expect(try eventually { try window.selectedRow().contains("Done: Pay rent") }, "\((try? window.selectedRow()) ?? [])")
    }

    @Test("In a list's folder: done in the window is written into the task's file, a file synced in shows at once, and the list filter narrows to one list")
    func folderList() throws {
        let cli = try CLI()
        let lists = try ListFolders(cli)
        try cli.ok("add", "Pay rent", "--list", "personal")
        try cli.ok("add", "Water the plants", "--list", "personal")
        try cli.ok("add", "Send the report", "--list", "work", "--category", "Office")
        let window = try RunningWindow(cli, waitingFor: "Done: Pay rent")
        defer { window.close() }

        try window.click("Done: Pay rent")
        #expect(try eventually { try cli.task("Pay rent")["completed"] as? Bool == true })
        let rent = try #require(try lists.files("personal").map { try lists.read("personal", $0) }.first { $0.contains("SUMMARY:Pay rent") })
        #expect(rent.contains("STATUS:COMPLETED"), "\(rent)")

        // vdirsyncer brings a task from another device.
        try lists.put("work", "from-phone.ics", ListFolders.todo(uid: "from-phone", summary: "Call the bank"))
        #expect(window.waitFor("Done: Call the bank", within: 3))

        // The list filter (All lists, personal, work): work only.
        try window.click("List")
        #expect(window.waitFor("work"))
        try window.press("Down", "Down", "Return")
        #expect(window.waitUntilGone("Done: Water the plants"), "\(window.names())")
        #expect(window.waitFor("Done: Call the bank"))
        // The category filter (All categories, General, Office): Office only.
        try window.click("Category")
        #expect(window.waitFor("Office"))
        try window.press("Down", "Down", "Return")
        #expect(window.waitUntilGone("Done: Call the bank"), "\(window.names())")
        #expect(window.waitFor("Done: Send the report"))
    }

    /// Polls `condition` for up to five seconds: a click's change reaches
    /// the store when GTK has handled the click.
    private func eventually(_ condition: () throws -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return try condition()
    }
}
