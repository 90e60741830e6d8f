import Foundation
import Testing
import TodoConfig
import TodoCore
import TodoRecurrence
import TodoStore
import TodoSync
@testable import TodoTerminal
import TodoViewModel

@Suite("The add and edit form")
struct TaskFormTests {
    let fixture: ViewFixture
    let context: FormContext

    init() throws {
        fixture = try ViewFixture()
        context = FormContext(now: ViewFixture.now, timeRules: fixture.timeRules, zone: ViewFixture.zone,
                              lists: fixture.data.lists, defaultReminder: true, store: fixture.store)
    }

    func form(_ values: [TaskForm.Field: String], editing task: TodoTask? = nil) -> TaskForm {
        var form = task.map { TaskForm(editing: $0, context: context) } ?? TaskForm(adding: context)
        for field in TaskForm.Field.allCases {
            guard let text = values[field] else { continue }
            form.focus = field
            form.apply(.eraseLine)
            for character in text { form.apply(.type(character)) }
        }
        return form
    }

    @Test("A new task reads its fields as add reads its options")
    func adding() throws {
        var form = form([.title: "Water plants", .due: "tomorrow 8:00", .priority: "high", .repeat: "daily", .remind: "-15m,-1d"])
        let read = form.draft(in: context)
        let draft = try #require(read)
        let parser = WhenParser(now: ViewFixture.now, clock: fixture.timeRules.clock)
        #expect(draft.title == "Water plants")
        #expect(draft.due == (try parser.due(from: "tomorrow 8:00")))
        #expect(draft.priority == .high)
        #expect(draft.category == "General")
        #expect(draft.repeating?.rule == "FREQ=DAILY")
        #expect(draft.alarms == [.relative(seconds: -900), .relative(seconds: -86_400)])
        #expect(form.errors.isEmpty)
    }

    @Test("A mistake is shown under its field as the sentence the command line prints, and nothing reads", arguments: [
        (TaskForm.Field.title, "   ", TaskFieldError.emptyTitle.message),
        (.due, "tomorow", WhenError.misspelt("tomorow", word: "tomorow", meant: "tomorrow").errorDescription ?? ""),
        (.category, " ", TaskFieldError.emptyCategory.message),
        (.priority, "urgent", "“urgent” is not a priority: give low, medium or high."),
        (.repeat, "fortnightly", RepeatRuleErrorSentence.of("fortnightly")),
        (.list, "work", ConfiguredListsError.noLists.errorDescription ?? ""),
    ])
    func mistakes(field: TaskForm.Field, text: String, sentence: String) {
        var values: [TaskForm.Field: String] = [.title: "Task", .due: "tomorrow"]
        values[field] = text
        var form = form(values)
        #expect(form.draft(in: context) == nil)
        #expect(form.errors[field] == sentence)
        // Typing in the field clears its mistake.
        form.focus = field
        form.apply(.type("x"))
        #expect(form.errors[field] == nil)
    }

    @Test("A rule without a due says it needs one, as add --repeat does")
    func repeatNeedsDue() {
        var form = form([.title: "Gym", .repeat: "weekly"])
        #expect(form.draft(in: context) == nil)
        #expect(form.errors[.repeat] == RepeatRuleError.needsDue("weekly").message)
    }

    @Test("Editing fills the form with the task and changes only the fields changed")
    func editing() throws {
        let task = try fixture.add("Pay rent", due: "2026-12-01 17:00", priority: .high, category: "Home")
        var form = form([:], editing: task)
        #expect(form.value(.due).text == "2026-12-01 17:00")
        #expect(form.value(.category).text == "Home")
        #expect(form.changedFields.isEmpty)
        form.focus = .title
        form.apply(.type("!"))
        let made = form.change(in: context)
        let change = try #require(made)
        var changed = task
        try change(&changed)
        #expect(changed.title == "Pay rent!")
        #expect(changed.due == task.due)
        #expect(changed.priority == .high)
    }

    @Test("An emptied due or repeat removes it, as --no-due and --no-repeat do")
    func emptied() throws {
        let task = try fixture.add("Gym", due: "mon 07:00")
        var repeating = task
        repeating.repeating = try TaskRepeat(parsing: "weekly", from: .due, due: task.due, zone: ViewFixture.zone)
        var form = form([.repeat: ""], editing: repeating)
        let made = form.change(in: context)
        let change = try #require(made)
        var changed = repeating
        try change(&changed)
        #expect(changed.repeating == nil)
        var dueForm = self.form([.due: ""], editing: task)
        let removing = dueForm.change(in: context)
        let removeDue = try #require(removing)
        var undated = task
        try removeDue(&undated)
        #expect(undated.due == nil)
    }

    @Test("Dues and alarms are shown as WHENs that read back as they are", arguments: [
        TaskAlarm.relative(seconds: -900), .relative(seconds: 0), .relative(seconds: 93_600), .relative(seconds: -604_800 - 5_400),
    ])
    func alarmText(alarm: TaskAlarm) throws {
        let text = TaskForm.text(of: alarm, clock: fixture.timeRules.clock)
        let parser = WhenParser(now: ViewFixture.now, clock: fixture.timeRules.clock)
        #expect(try parser.alarms(from: text) == [alarm])
    }

    @Test("Tags, Start and Parent read as add --tag, --start and --parent read them")
    func tagsStartParent() throws {
        let kitchen = try fixture.add("Paint the kitchen", due: "2026-12-05")
        var form = form([.title: "Buy paint", .due: "2026-12-04", .category: "Home", .tags: "weekend, DIY",
                         .start: "2026-12-01", .parent: "kitchen"])
        let read = form.draft(in: context)
        let draft = try #require(read)
        #expect(draft.tags == ["Home", "weekend", "DIY"])
        #expect(draft.start == .day(try #require(LocalDay(iso: "2026-12-01"))))
        #expect(draft.parentID == kitchen.id)
        #expect(form.errors.isEmpty)
    }

    @Test("A subtask keeping its parent is not moved to another list alone, as edit --list refuses; without its parent it may go")
    func subtaskMovedAlone() throws {
        for name in ["personal", "work"] {
            try FileManager.default.createDirectory(atPath: fixture.folder.file("lists/\(name)"), withIntermediateDirectories: true)
        }
        let lists = ConfiguredLists([CalendarTable(path: fixture.folder.file("lists/*"))], home: fixture.folder.path)
        let context = FormContext(now: ViewFixture.now, timeRules: fixture.timeRules, zone: ViewFixture.zone,
                                  lists: lists, defaultReminder: true, store: fixture.store)
        let work = try lists.list(named: "work").path
        var parentDraft = try TaskDraft(title: "Plan the trip")
        parentDraft.list = work
        let parent = try fixture.store.add(parentDraft, now: ViewFixture.now)
        var childDraft = try TaskDraft(title: "Book flights")
        childDraft.list = work
        childDraft.parentID = parent.id
        let child = try fixture.store.add(childDraft, now: ViewFixture.now)

        var alone = TaskForm(editing: child, context: context)
        alone.focus = .list
        alone.apply(.eraseLine)
        for character in "personal" { alone.apply(.type(character)) }
        #expect(alone.change(in: context) == nil)
        let refusal = ParentRefusal.movedAlone(taskID: child.id, title: "Book flights", parentID: parent.id, parentTitle: "Plan the trip")
        #expect(alone.errors[.list] == refusal.errorDescription)

        alone.focus = .parent
        alone.apply(.eraseLine)
        let made = alone.change(in: context)
        let change = try #require(made)
        var moved = child
        try change(&moved)
        #expect(moved.list == (try lists.list(named: "personal").path))
        #expect(moved.parentID == nil)
    }

    @Test("A due before the start, an empty tag and an unknown parent are said as the command line says them")
    func tagsStartParentMistakes() throws {
        var late = form([.title: "Book flights", .due: "2027-01-02", .start: "2027-01-05"])
        #expect(late.draft(in: context) == nil)
        let parser = WhenParser(now: ViewFixture.now, clock: fixture.timeRules.clock)
        var trial = try TaskDraft(title: "Book flights", due: try parser.due(from: "2027-01-02"))
        trial.start = try parser.due(from: "2027-01-05")
        do {
            try trial.checkStart(clock: fixture.timeRules.clock)
            Issue.record("add --start refuses a due before the start")
        } catch {
            #expect(late.errors[.start] == error.errorDescription)
        }
        var empty = form([.title: "Task", .tags: "home,"])
        #expect(empty.draft(in: context) == nil)
        #expect(empty.errors[.tags] == TaskFieldError.emptyTag.message)
        var unknown = form([.title: "Task", .parent: "42"])
        #expect(unknown.draft(in: context) == nil)
        #expect(unknown.errors[.parent] == "There is no task 42: `todo-remind list --all` shows every task's id.")
    }

    @Test("Editing: a task is not its own parent nor its subtask's, as edit --parent refuses; an emptied Parent is --no-parent")
    func editParent() throws {
        let parent = try fixture.add("Paint the kitchen")
        var draft = try TaskDraft(title: "Buy paint")
        draft.parentID = parent.id
        let child = try fixture.store.add(draft, now: ViewFixture.now)
        var own = form([.parent: String(parent.id)], editing: parent)
        #expect(own.change(in: context) == nil)
        #expect(own.errors[.parent] == ParentRefusal.itself(taskID: parent.id, title: parent.title).errorDescription)
        var loop = form([.parent: String(child.id)], editing: parent)
        #expect(loop.change(in: context) == nil)
        #expect(loop.errors[.parent] == ParentRefusal.descendant(taskID: parent.id, title: parent.title, parentID: child.id,
                                                                   parentTitle: child.title).errorDescription)
        var free = form([.parent: ""], editing: child)
        #expect(free.value(.parent).text.isEmpty)
        let made = free.change(in: context)
        let change = try #require(made)
        var changed = child
        try change(&changed)
        #expect(changed.parentID == nil)
    }

    @Test("Tab and Shift-Tab move between the fields, round")
    func fields() {
        var form = TaskForm(adding: context)
        #expect(form.focus == .title)
        form.apply(.previousField)
        #expect(form.focus == .notes)
        form.apply(.nextField)
        form.apply(.nextField)
        #expect(form.focus == .due)
    }
}

/// The sentence `RepeatRule(parsing:)` throws for a text.
enum RepeatRuleErrorSentence {
    static func of(_ text: String) -> String {
        do {
            _ = try RepeatRule(parsing: text)
            return ""
        } catch {
            return error.message
        }
    }
}

/// The form's Notes field: a task's notes, their line
/// breaks as `\n` on the field's one line.
@Suite("The form's notes")
struct TaskFormNotesTests {
    let fixture: ViewFixture
    let context: FormContext

    init() throws {
        fixture = try ViewFixture()
        context = FormContext(now: ViewFixture.now, timeRules: fixture.timeRules, zone: ViewFixture.zone,
                              lists: ConfiguredLists([], home: fixture.folder.path), defaultReminder: true, store: fixture.store)
    }

    @Test("Notes typed in a new task's form are its notes, \\n a line break, \\\\n a backslash and an n")
    func added() throws {
        var form = TaskForm(adding: context)
        for character in "Call Ann" { form.apply(.type(character)) }
        form.focus = .notes
        for character in #"ask about the deposit\nbring the lease, C:\\new"# { form.apply(.type(character)) }
        let made = form.draft(in: context)
        let draft = try #require(made, "\(form.errors)")
        #expect(draft.notes == "ask about the deposit\nbring the lease, C:\\new")
    }

    @Test("Editing shows the notes on one line and changes them only when the field changes")
    func edited() throws {
        var draft = try TaskDraft(title: "Pay rent")
        draft.notes = "first line\nsecond line"
        let task = try fixture.store.add(draft, now: ViewFixture.now)
        var form = TaskForm(editing: task, context: context)
        #expect(form.value(.notes).text == #"first line\nsecond line"#)
        #expect(form.changedFields.isEmpty)
        form.focus = .notes
        for character in " (done)" { form.apply(.type(character)) }
        let made = form.change(in: context)
        let change = try #require(made)
        var changed = task
        try change(&changed)
        #expect(changed.notes == "first line\nsecond line (done)")
    }
}
