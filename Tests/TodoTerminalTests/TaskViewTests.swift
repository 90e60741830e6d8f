import Foundation
import Testing
import TodoCore
import TodoListing
import TodoStore
@testable import TodoTerminal
import TodoViewModel

/// The view over a real store: what is on screen, and what each key does
/// to the screen and to the store.
@Suite("The interactive view")
struct TaskViewTests {
    let fixture: ViewFixture

    init() throws {
        fixture = try ViewFixture()
        // As the README's example, on the Friday at 15:00.
        let tuesday = Date(timeIntervalSince1970: 1_795_528_800)
        try fixture.add("Pay rent", due: "fri 17:00", priority: .high, category: "Home", at: tuesday)
        try fixture.add("Buy milk", due: "tomorrow", category: "Shopping", at: tuesday)
        try fixture.add("Read that book", at: tuesday)
        try fixture.add("Renew passport", due: "+2w", category: "Personal", at: tuesday)
    }

    @Test("The list shows list's groups, marks and cells, the header, the progress and the keys")
    func firstScreen() throws {
        let view = try fixture.view()
        let lines = view.text(width: 90).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("todo-remind · all tasks"))
        #expect(lines[0].hasSuffix("Fri 27 Nov 15:00"))
        #expect(lines[1] == "Overdue")
        #expect(lines[2] == "! 2  Buy milk        Shopping  medium  Wed 25 Nov · 2 days ago  tomorrow 09:00 (overdue)")
        #expect(lines[3] == "Today")
        #expect(lines[4] == "~ 1  Pay rent        Home      high    today 17:00 · in 2 h     today 17:00")
        #expect(lines[5] == "Upcoming")
        #expect(lines[6].hasPrefix("· 4  Renew passport  Personal  medium  Tue 8 Dec · in 11 days"))
        #expect(lines[7] == "Someday")
        #expect(lines[8] == "  3  Read that book  General   medium")
        #expect(lines[22] == "░░░░░░░░░░ 0 of 4 done · 1 overdue · 1 due within 24 h")
        #expect(lines[23].hasPrefix("j/k move · a add"))
    }

    @Test("The selected line is in reverse video; states have list's colours, or none without colour")
    func styles() throws {
        let view = try fixture.view()
        let screen = view.screen(width: 90, height: 24, now: fixture.now)
        #expect(screen[2, 0].style == CellStyle(color: .red, reverse: true))
        #expect(screen[4, 0].style == CellStyle(color: .orange))
        let plain = try fixture.view(colors: false).screen(width: 90, height: 24, now: fixture.now)
        #expect(plain[2, 0].style == CellStyle(reverse: true))
        #expect(plain[4, 0].style == .plain)
    }

    @Test("At 100 columns the selected task is shown beside the list as show shows it")
    func detail() throws {
        let view = try fixture.view()
        view.press(.character("j"))
        let text = view.text(width: 120)
        #expect(text.contains("│ Task 1 Pay rent"))
        #expect(text.contains("│   state          due soon"))
        #expect(text.contains("│   category       Home"))
        #expect(!view.text(width: 99).contains("Task 1 Pay rent"))
    }

    @Test("Beside the pane the titles and columns keep their room: the dues lose their relative words first, then the pane narrows or goes", arguments: [100, 110, 120, 140])
    func titlesBesideThePane(width: Int) throws {
        _ = try fixture.add("Call the plumber", due: "fri 18:00", category: "Home", at: Date(timeIntervalSince1970: 1_795_528_800))
        let view = try fixture.view()
        let lines = view.text(width: width, height: 32).split(separator: "\n").map(String.init)
        let screen = lines.joined(separator: "\n")
        // The list's side of each line, left of the pane.
        let list = lines.map { $0.split(separator: "│", maxSplits: 1).first.map(String.init) ?? $0 }
        for title in ["Pay rent", "Buy milk", "Read that book", "Renew passport", "Call the plumber"] {
            #expect(list.contains { $0.contains(title) }, "“\(title)” is cut at \(width) columns:\n\(screen)")
        }
        let milk = try #require(list.first { $0.contains("Buy milk") })
        #expect(milk.contains("Shopping") && milk.contains("medium") && milk.contains("Wed 25 Nov") && milk.contains("tomorrow 09:00"),
                "\(screen)")
        // The pane, where there is room for it beside whole rows.
        #expect(lines.contains { $0.contains("│ Task 2 Buy milk") } == (width >= 110), "\(screen)")
        #expect(lines.allSatisfy { $0.count <= width })
    }

    @Test("Under 40×10 the view says the window is too small")
    func tooSmall() throws {
        let view = try fixture.view()
        #expect(view.text(width: 39, height: 24).hasPrefix("The window is too small"))
        #expect(view.text(width: 80, height: 9).hasPrefix("The window is too small"))
        #expect(view.text(width: 40, height: 10).hasPrefix("todo-remind"))
    }

    @Test("Below 80 columns the columns narrow: the title first, then the priority and the category go")
    func narrow() throws {
        let view = try fixture.view()
        let line = view.text(width: 60).split(separator: "\n")[2]
        #expect(line.count <= 60)
        #expect(line.hasPrefix("! 2  Buy milk"))
        #expect(!line.contains("medium"))
    }

    @Test("j, k, G, g and the arrows move the selection over the rows, across the groups")
    func moves() throws {
        let view = try fixture.view()
        #expect(view.selectedID == 2)
        view.press(.character("j"), .down)
        #expect(view.selectedID == 4)
        view.press(.character("G"))
        #expect(view.selectedID == 3)
        view.press(.character("k"))
        #expect(view.selectedID == 4)
        view.press(.character("g"))
        #expect(view.selectedID == 2)
        view.press(.up)
        #expect(view.selectedID == 2)
    }

    @Test("x marks the selected task done, in the store, and again reopens it with h showing done tasks")
    func done() throws {
        let view = try fixture.view()
        view.press(.character("x"))
        #expect(try fixture.store.task(id: 2)?.isCompleted == true)
        #expect(view.message == .said("Done: 2 Buy milk"))
        #expect(view.text().contains("1 of 4 done · 0 overdue"))
        view.press(.character("h"))
        view.press(.character("G"))
        #expect(view.selectedID == 2)
        view.press(.space)
        #expect(try fixture.store.task(id: 2)?.isCompleted == false)
    }

    @Test("d asks, and y deletes; any other key keeps the task")
    func delete() throws {
        let view = try fixture.view()
        view.press(.character("d"))
        #expect(view.text().contains("Delete “Buy milk”? (y/n)"))
        view.press(.character("n"))
        #expect(try fixture.store.task(id: 2) != nil)
        view.press(.character("d"), .character("y"))
        #expect(try fixture.store.task(id: 2) == nil)
        #expect(view.selectedID == 1)
    }

    @Test("u undoes the view's changes one by one, back to when it opened, and no further")
    func undo() throws {
        let view = try fixture.view()
        let before = try fixture.store.tasks(TaskQuery(includeOpen: true, includeCompleted: true))
        view.press(.character("x"))
        view.press(.character("r"))
        view.press(.character("d"), .character("y"))
        view.press(.character("u"), .character("u"), .character("u"))
        #expect(try fixture.store.tasks(TaskQuery(includeOpen: true, includeCompleted: true)) == before)
        view.press(.character("u"))
        #expect(view.message?.text.hasPrefix("Nothing to undo") == true)
        #expect(try fixture.store.tasks(TaskQuery(includeOpen: true, includeCompleted: true)) == before)
    }

    @Test("r switches the reminder, and the reminder column says off")
    func reminder() throws {
        let view = try fixture.view()
        view.press(.character("j"), .character("r"))
        #expect(try fixture.store.task(id: 1)?.reminderOn == false)
        #expect(view.text(width: 90).contains("today 17:00 · in 2 h     off"))
    }

    @Test("s snoozes by a configured choice's number, or until a WHEN typed; a WHEN that does not read is said")
    func snooze() throws {
        let view = try fixture.view()
        view.press(.character("s"))
        #expect(view.text(width: 120).contains("1 10 minutes · 2 1 hour · 3 until tomorrow 09:00 · or type a WHEN"))
        view.press(.character("2"))
        #expect(try fixture.store.task(id: 2)?.snoozedUntil == fixture.now.addingTimeInterval(3600))
        view.press(.character("s"))
        view.type("tomorow")
        view.press(.enter)
        #expect(view.message?.isError == true)
        #expect(view.mode == .snoozeWhen(taskID: 2))
        view.press(.control("u"))
        view.type("17:30")
        view.press(.enter)
        #expect(try fixture.store.task(id: 2)?.snoozedUntil == fixture.now.addingTimeInterval(9000))
        #expect(view.mode == .list)
    }

    @Test("/ searches as it is typed, as list --search matches (any case, any accents); Esc clears it")
    func search() throws {
        try fixture.add("Café au lait")
        let view = try fixture.view()
        view.press(.character("/"))
        view.type("CAFE")
        #expect(view.text().contains("Café au lait"))
        #expect(!view.text().contains("Buy milk"))
        view.press(.backspace, .backspace, .backspace, .backspace)
        view.type("pa")
        #expect(view.text().contains("Pay rent"))
        #expect(view.text().contains("Renew passport"))
        #expect(!view.text().contains("Buy milk"))
        view.press(.enter)
        #expect(view.text().contains("search “pa”"))
        view.press(.escape)
        #expect(view.text().contains("Buy milk"))
    }

    @Test("p, c, o and h cycle the priority, the category, the sort and whether done tasks show")
    func filters() throws {
        let view = try fixture.view()
        view.press(.character("p"))
        #expect(view.text().contains("priority high"))
        #expect(view.selectedID == 1)
        view.press(.character("p"), .character("p"), .character("p"))
        view.press(.character("c"))
        #expect(view.filters.category?.name == "General")
        #expect(view.selectedID == 3)
        view.press(.character("c"), .character("c"), .character("c"), .character("c"))
        #expect(view.filters.category == nil)
        view.press(.character("o"))
        #expect(view.text().contains("sorted by priority"))
        view.press(.character("o"))
        #expect(view.filters.sort == .title)
        view.press(.character("h"))
        #expect(view.text().contains("done, waiting shown"))
    }

    @Test("a opens the form; a mistake keeps it open with the sentence; Enter saves; Esc cancels")
    func add() throws {
        let view = try fixture.view()
        view.press(.character("a"))
        view.type("Water plants")
        view.press(.tab)
        view.type("tomorow")
        view.press(.enter)
        #expect(view.mode == .form)
        #expect(view.text().contains("“tomorow” is not a date or time"))
        view.press(.control("u"))
        view.type("tomorrow")
        view.press(.enter)
        #expect(view.mode == .list)
        let added = try #require(try fixture.store.task(id: 5))
        #expect(added.title == "Water plants")
        #expect(view.selectedID == 5)
        view.press(.character("a"))
        view.type("Never saved")
        view.press(.escape)
        #expect(try fixture.store.task(id: 6) == nil)
    }

    @Test("e opens the form filled in, and saves only what was changed")
    func edit() throws {
        let view = try fixture.view()
        view.press(.character("j"), .character("e"))
        #expect(view.text().contains("Edit task 1"))
        view.press(.tab, .tab, .tab)
        view.press(.control("u"))
        view.type("low")
        view.press(.enter)
        let task = try #require(try fixture.store.task(id: 1))
        #expect(task.priority == .low)
        #expect(task.title == "Pay rent")
        #expect(task.category == "Home")
    }

    @Test("A change made elsewhere is shown once read, and the selection stays on the same task")
    func reload() throws {
        let view = try fixture.view()
        view.press(.character("j"), .character("j"))
        #expect(view.selectedID == 4)
        let other = try TaskStore(path: fixture.store.path)
        _ = try other.add(TaskDraft(title: "Call mum", due: .time(fixture.now.addingTimeInterval(600))), now: fixture.now)
        try view.reload(now: fixture.now)
        #expect(view.text().contains("Call mum"))
        #expect(view.selectedID == 4)
    }

    @Test("A task passes from Today to Overdue at its due instant, without a key")
    func crossing() throws {
        let view = try fixture.view()
        let due = try #require(try fixture.store.task(id: 1)?.due)
        let instant = fixture.timeRules.dueInstant(of: due)
        #expect(view.nextChange(after: fixture.now) <= instant)
        let after = instant.addingTimeInterval(1)
        let lines = view.text(width: 90, now: after).split(separator: "\n").map(String.init)
        #expect(lines[1] == "Overdue")
        #expect(lines.contains { $0.hasPrefix("! 1  Pay rent") })
        #expect(view.text(width: 90, now: after).contains("2 overdue"))
    }

    @Test("Nothing changes on screen between the wake-ups the view asks for")
    func wakeUps() throws {
        let view = try fixture.view()
        var now = fixture.now.addingTimeInterval(1)
        for _ in 0..<30 {
            let screen = view.screen(width: 120, height: 30, now: now)
            let next = view.nextChange(after: now)
            #expect(next > now)
            // Just before the next wake-up the screen is as it was.
            let before = view.screen(width: 120, height: 30, now: next.addingTimeInterval(-0.001))
            #expect(before.text == screen.text, "\(now.timeIntervalSince1970) -> \(next.timeIntervalSince1970): \(zip(before.text.split(separator: "\n"), screen.text.split(separator: "\n")).filter { $0.0 != $0.1 })")
            #expect(before == screen)
            _ = view.screen(width: 120, height: 30, now: next)
            now = next
        }
    }

    @Test("A click selects the task under it; the wheel scrolls")
    func mouse() throws {
        let view = try fixture.view()
        _ = view.screen(width: 90, height: 24, now: fixture.now)
        view.press(.click(row: 6, column: 5))
        #expect(view.selectedID == 4)
        view.press(.click(row: 5, column: 5))
        #expect(view.selectedID == 4)
        view.press(.wheel(3))
        #expect(view.selectedID != nil)
    }

    @Test("? shows the keys, q quits")
    func helpAndQuit() throws {
        let view = try fixture.view()
        view.press(.character("?"))
        #expect(view.text().contains("undo the last change made here"))
        // What s does, as `snooze` below does it: the first key of a WHEN
        // is the WHEN's (a "w" once typed a "w").
        #expect(view.text(width: 120).contains("snooze: a choice by its number, Enter for an hour, or type a WHEN"))
        view.press(.escape)
        #expect(view.mode == .list)
        #expect(view.press(.character("q")) == false)
    }
}
