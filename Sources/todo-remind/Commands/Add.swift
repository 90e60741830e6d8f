import ArgumentParser
import TodoConfig
import TodoCore
import TodoListing
import TodoRecurrence
import TodoStore
import TodoSync

extension TodoRemind {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a task.",
            discussion: "Prints the new task's id and its next reminder."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "What to do.")
        var title: String

        @Option(help: ArgumentHelp("When it is due (see WHEN in --help).", valueName: "when"))
        var due: String?

        @Option(help: "Notes about the task.")
        var notes: String?

        @Option(help: "A category: General, Work, Personal, Shopping, Health, Other, or any name.")
        var category: String?

        @Option(help: ArgumentHelp("A tag (repeat for several); the first tag is the category when --category is not given.", valueName: "tag"))
        var tag: [String] = []

        @Option(help: ArgumentHelp("Make it a subtask of this task (an id or part of a title); it goes in that task's list.", valueName: "task"))
        var parent: String?

        @Option(help: ArgumentHelp("When it can begin (WHEN): until then it is left out of list and its reminders wait.", valueName: "when"))
        var start: String?

        @Option(help: "low, medium or high.")
        var priority: Priority = .medium

        @Flag(inversion: .prefixedNo, help: "Switch the reminder on or off (default: the config's default-reminder).")
        var reminder: Bool?

        @Option(help: ArgumentHelp(
            "Repeat it: daily, weekdays, weekly, monthly, yearly, every 2 weeks, every mon,wed, every month on the last weekday, or an RRULE.",
            valueName: "rule"))
        var `repeat`: String?

        @Option(help: "What the next occurrence counts from: due (the rule's dates) or completion.")
        var repeatFrom: RepeatFrom = .due

        @Option(help: ArgumentHelp(
            "More reminders: lengths before the due (-15m, -1d; 0 at the due), start or lengths from it (-1d@start), or moments (2026-12-01 08:30), joined by commas or with --remind again.",
            valueName: "when"))
        var remind: [String] = []

        @Flag(inversion: .prefixedNo, help: "Keep the default reminders (the reminder time on the due day, the due time) beside --remind (default: yes).")
        var remindDefaults = true

        @Option(help: ArgumentHelp("The list to add it to (see `lists`; default: the config's default-list).", valueName: "name"))
        var list: String?

        @Option(help: ArgumentHelp("Add as of this instant instead of now (WHEN): relative dues count from it.", valueName: "when"))
        var now: String?

        func run() throws {
            let context = try Context(global, now: now)
            var draft = try TaskDraft(
                title: title,
                notes: notes,
                category: category,
                tags: tag,
                priority: priority,
                due: try due.map(context.parseDue),
                reminderOn: reminder ?? context.settings.defaultReminder
            )
            draft.start = try start.map(context.parseDue)
            try draft.checkStart(clock: context.clock)
            if let rule = `repeat` {
                draft.repeating = try TaskRepeat(parsing: rule, from: repeatFrom, due: draft.due,
                                                 typed: try due.flatMap(context.typedReading), zone: context.zone.zone)
            }
            if !remind.isEmpty { draft.alarms = try context.parseAlarms(remind.joined(separator: ",")) }
            draft.remindDefaults = remindDefaults
            if let parent {
                // A subtask is in its parent's list: there unless another is named.
                let found = try TaskResolver(store: context.store).resolve(parent, scope: .all)
                let named = try list.map { try context.lists.list(named: $0).path }
                if let named, named != found.list {
                    throw StateRefusal.parentInOtherList(found, list: context.listName(found.list))
                }
                draft.parentID = found.id
                draft.list = found.list
                // And in its category, unless one is named.
                if category == nil, tag.isEmpty { draft.category = found.category }
            } else {
                draft.list = try context.lists.listForNewTask(named: list)?.path
            }
            let task = try context.store.add(draft, now: context.now)
            let describer = context.describer()
            print("Added \(describer.summary(task))")
            for note in describer.dayAlarmNotes(task) { print("  " + note) }
        }
    }
}

extension Priority: ExpressibleByArgument {}
extension RepeatFrom: ExpressibleByArgument {}
