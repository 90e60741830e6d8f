import Foundation
import TestSupport
import Testing
import TodoConfig
import TodoCore
import TodoListing
import TodoStore
import TodoSync
import TodoViewModel
import TodoWindow
import TodoZones

/// The window's model over a real store, at a fixed moment in Berlin: what
/// each click and key does, checked in the store, with no display.
@Suite("The desktop window's model")
struct TaskListModelTests {
    let folder: TemporaryFolder
    let store: TaskStore
    let data: ViewStore
    static let zone = Zone(identifier: "Europe/Berlin") ?? .utc
    /// Friday 27 November 2026, 15:00 in Berlin.
    static let now = Date(timeIntervalSince1970: 1_795_788_000)

    init() throws {
        folder = try TemporaryFolder()
        store = try TaskStore(path: folder.file("tasks.sqlite"), author: .view(session: "window-test"))
        data = ViewStore(store: store, settings: .defaults, lists: ConfiguredLists([], home: folder.path), zone: Self.zone)
    }

    /// Adds a task as a command would (not the window's to undo).
    @discardableResult
    func add(_ title: String, due: String? = nil, priority: Priority = .medium) throws -> TodoTask {
        let parser = WhenParser(now: Self.now, clock: data.timeRules.clock)
        let draft = try TaskDraft(title: title, priority: priority, due: try due.map { try parser.due(from: $0) })
        return try TaskStore(path: store.path).add(draft, now: Self.now)
    }

    func titles(_ model: TaskListModel) -> [String] {
        model.lines.indices.map { line in
            if case .group(let group) = model.lines[line] { return "# " + group.title }
            return model.row(atLine: line, now: Self.now)?.title ?? "?"
        }
    }

    @Test("The list shows list's groups in its order, with its words, and the progress counts as list's footer")
    func groups() throws {
        try add("Old report", due: "2026-11-20")
        try add("Call Anne", due: "17:00")
        try add("Pay rent", due: "2026-12-01 09:00", priority: .high)
        try add("Read a book")
        let done = try add("Buy milk", due: "today")
        _ = try TaskStore(path: store.path).markDone(ids: [done.id], at: Self.now, in: Self.zone)
        let model = try TaskListModel(data: data, now: Self.now)
        #expect(titles(model) == ["# Overdue", "Old report", "# Today", "Call Anne", "# Upcoming", "Pay rent", "# Someday", "Read a book"])
        #expect(model.progressWords == "1 of 5 done")
        let rent = try #require(model.line(of: 3).flatMap { model.row(atLine: $0, now: Self.now) })
        // The same describer as `list`: never different words for the same task.
        var describer = TaskDescriber(timeRules: data.timeRules, now: Self.now, style: Style(enabled: false))
        describer.listNames = data.listNames
        let task = try #require(try store.task(id: 3))
        #expect(rent.details == "General · high · \(describer.dueCell(task)) · \(describer.reminderCell(task))")
        #expect(rent.priority == .high)
        let old = try #require(model.row(atLine: 1, now: Self.now))
        #expect(old.styleClass == "error")
        let anne = try #require(model.row(atLine: 3, now: Self.now))
        #expect(anne.styleClass == "warning")
        model.showDone(true)
        #expect(titles(model).suffix(2) == ["# Completed", "Buy milk"])
    }

    @Test("Done, the reminder switch and delete change the store, and Undo takes each back")
    func changesAndUndo() throws {
        let rent = try add("Pay rent", due: "2026-12-01 09:00")
        let model = try TaskListModel(data: data, now: Self.now)

        model.toggleDone(id: rent.id, now: Self.now)
        #expect(try store.task(id: rent.id)?.isCompleted == true)
        #expect(model.toast == WindowToast(text: "Done: 1 Pay rent", isError: false, canUndo: true))
        #expect(model.progressWords == "1 of 1 done")
        model.undo(now: Self.now)
        #expect(try store.task(id: rent.id)?.isCompleted == false)

        model.toggleReminder(id: rent.id, now: Self.now)
        #expect(try store.task(id: rent.id)?.reminderOn == false)
        #expect(model.row(atLine: 1, now: Self.now)?.reminderOn == false)

        model.delete(id: rent.id, now: Self.now)
        #expect(try store.task(id: rent.id) == nil)
        #expect(model.lines.isEmpty)
        #expect(model.toast?.canUndo == true)
        model.undo(now: Self.now)
        model.undo(now: Self.now)
        let back = try #require(try store.task(id: rent.id))
        #expect(back.reminderOn == true)
        #expect(titles(model) == ["# Upcoming", "Pay rent"])
        model.undo(now: Self.now)
        #expect(model.toast == WindowToast(text: "Nothing to undo: no change made in this window is left.", isError: false, canUndo: false))
    }

    @Test("A change made elsewhere shows once the model reads the store again")
    func reload() throws {
        let model = try TaskListModel(data: data, now: Self.now)
        #expect(model.lines.isEmpty)
        #expect(model.emptyWords == "No tasks yet. Ctrl+N adds one.")
        try add("Water the plants", due: "tomorrow")
        try model.reload(now: Self.now)
        #expect(titles(model) == ["# Upcoming", "Water the plants"])
    }

    @Test("Search finds any case and any accents, as --search; priority narrows")
    func filters() throws {
        try add("Café with Zoë", priority: .low)
        try add("Buy ZOË a present", priority: .high)
        try add("Pay rent", priority: .high)
        let model = try TaskListModel(data: data, now: Self.now)
        model.search("cafe")
        #expect(titles(model) == ["# Someday", "Café with Zoë"])
        model.search("zoe")
        #expect(Set(titles(model)) == ["# Someday", "Café with Zoë", "Buy ZOË a present"])
        model.showPriority(.high)
        #expect(titles(model) == ["# Someday", "Buy ZOË a present"])
        model.search("")
        #expect(titles(model).count == 3)
        #expect(model.progressWords == "0 of 2 done")
    }

    @Test("Clear completed deletes every done task, as clear does, and Undo brings them back")
    func clearCompleted() throws {
        let first = try add("One")
        let second = try add("Two")
        try add("Three")
        _ = try TaskStore(path: store.path).markDone(ids: [first.id, second.id], at: Self.now, in: Self.zone)
        let model = try TaskListModel(data: data, now: Self.now)
        model.clearCompleted(now: Self.now)
        #expect(model.toast?.text == "Deleted 2 completed tasks.")
        #expect(try store.taskCounts().total == 1)
        model.undo(now: Self.now)
        #expect(try store.taskCounts().completed == 2)
    }

    @Test("The form saves nothing while a field does not read, and says why beside it")
    func form() throws {
        let model = try TaskListModel(data: data, now: Self.now)
        var form = model.newForm(now: Self.now)
        form.set(.title, to: "Dentist")
        form.set(.due, to: "the day after never")
        #expect(model.save(&form, now: Self.now) == false)
        #expect(form.errors[.due] != nil)
        #expect(try store.taskCounts().total == 0)
        form.set(.due, to: "fri 17:00")
        #expect(model.save(&form, now: Self.now) == true)
        let task = try #require(try store.task(id: 1))
        #expect(task.title == "Dentist")
        #expect(task.due == .time(Date(timeIntervalSince1970: 1_796_400_000)))

        var edit = try #require(model.editForm(id: 1, now: Self.now))
        edit.set(.priority, to: "urgent")
        #expect(model.save(&edit, now: Self.now) == false)
        #expect(edit.errors[.priority] != nil)
        edit.set(.priority, to: "high")
        #expect(model.save(&edit, now: Self.now) == true)
        #expect(try store.task(id: 1)?.priority == .high)
    }

    @Test("Today's events come as agenda words them, all-day ones first; none without lists in folders")
    func todayEvents() throws {
        #expect(try TaskListModel(data: data, now: Self.now).todayEvents(now: Self.now).isEmpty)
        let personal = folder.file("personal")
        try FileManager.default.createDirectory(atPath: personal, withIntermediateDirectories: true)
        func event(_ uid: String, _ lines: [String]) throws {
            let text = (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20261120T100000Z"]
                + lines + ["END:VEVENT", "END:VCALENDAR", ""]).joined(separator: "\r\n")
            try text.write(toFile: personal + "/\(uid).ics", atomically: true, encoding: .utf8)
        }
        try event("dentist", ["SUMMARY:Dentist", "LOCATION:Dr. Weber", "DTSTART;TZID=Europe/Berlin:20261127T170000",
                              "DTEND;TZID=Europe/Berlin:20261127T180000"])
        try event("party", ["SUMMARY:Company party", "DTSTART;VALUE=DATE:20261127", "DTEND;VALUE=DATE:20261128"])
        try event("tomorrow", ["SUMMARY:Not today", "DTSTART;TZID=Europe/Berlin:20261128T100000", "DTEND;TZID=Europe/Berlin:20261128T110000"])
        let lists = ConfiguredLists([CalendarTable(path: personal)], home: folder.path)
        let data = ViewStore(store: store, settings: .defaults, lists: lists, zone: Self.zone)
        _ = try data.startSync(now: Self.now, realNow: Self.now)
        let events = try TaskListModel(data: data, now: Self.now).todayEvents(now: Self.now)
        #expect(events.map(\.time) == ["all day", "17:00–18:00"])
        #expect(events.first?.text.hasPrefix("Company party  [personal]") == true, "\(events)")
        #expect(events.last?.text.hasPrefix("Dentist · Dr. Weber  [personal]") == true, "\(events)")
    }

    @Test("The next wake-up is the next minute, or sooner when a task's group changes")
    func nextChange() throws {
        try add("Soon", due: "15:00:30")
        let model = try TaskListModel(data: data, now: Self.now)
        let next = model.nextChange(after: Self.now.addingTimeInterval(10))
        #expect(next.timeIntervalSince(Self.now) <= 60)
        #expect(next > Self.now.addingTimeInterval(10))
    }
}
