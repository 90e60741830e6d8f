import ArgumentParser
import FoundationEssentials
import TodoConfig
import TodoCore
import TodoListing
import TodoRecurrence
import TodoStore

extension TodoRemind {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a task's title, due date, start, notes, tags, parent or priority.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The task: its id or part of its title.")
        var task: String

        @Option(help: "A new title.")
        var title: String?

        @Option(help: ArgumentHelp("A new due date (see WHEN in --help).", valueName: "when"))
        var due: String?

        @Flag(help: "Remove the due date.")
        var noDue = false

        @Option(help: "New notes; an empty string removes them.")
        var notes: String?

        @Option(help: "A new category: the first tag, the others kept.")
        var category: String?

        @Option(help: ArgumentHelp("Add a tag (repeat for several).", valueName: "tag"))
        var tag: [String] = []

        @Option(help: ArgumentHelp("Take a tag off (repeat for several); refused when the task does not have it.", valueName: "tag"))
        var untag: [String] = []

        @Option(help: ArgumentHelp("Make it a subtask of this task (an id or part of a title).", valueName: "task"))
        var parent: String?

        @Flag(help: "Make it a task of its own again.")
        var noParent = false

        @Option(help: ArgumentHelp("When it can begin (WHEN).", valueName: "when"))
        var start: String?

        @Flag(help: "Remove the start: it can begin now.")
        var noStart = false

        @Option(help: "low, medium or high.")
        var priority: Priority?

        @Option(help: ArgumentHelp("Repeat it by this rule (see add --help); a new rule starts from the task's due.", valueName: "rule"))
        var `repeat`: String?

        @Option(help: "What the next occurrence counts from: due or completion.")
        var repeatFrom: RepeatFrom?

        @Flag(help: "End the series: the task no longer repeats.")
        var noRepeat = false

        @Option(help: ArgumentHelp("Its reminders besides the defaults, in place of those it has (see add --help): joined by commas or with --remind again.", valueName: "when"))
        var remind: [String] = []

        @Flag(help: "Remove the reminders set with --remind.")
        var noRemind = false

        @Flag(inversion: .prefixedNo, help: "Switch the default reminders (the reminder time on the due day, the due time) on or off.")
        var remindDefaults: Bool?

        @Option(help: ArgumentHelp("Move it to this list (see `lists`): its file moves to that list's folder.", valueName: "name"))
        var list: String?

        func validate() throws {
            if due != nil && noDue {
                throw ValidationError("Give either --due or --no-due, not both.")
            }
            if `repeat` != nil && noRepeat {
                throw ValidationError("Give either --repeat or --no-repeat, not both.")
            }
            if !remind.isEmpty && noRemind {
                throw ValidationError("Give either --remind or --no-remind, not both.")
            }
            if parent != nil && noParent {
                throw ValidationError("Give either --parent or --no-parent, not both.")
            }
            if start != nil && noStart {
                throw ValidationError("Give either --start or --no-start, not both.")
            }
            if title == nil && due == nil && !noDue && notes == nil && category == nil && priority == nil
                && `repeat` == nil && repeatFrom == nil && !noRepeat && list == nil
                && remind.isEmpty && !noRemind && remindDefaults == nil
                && tag.isEmpty && untag.isEmpty && parent == nil && !noParent && start == nil && !noStart {
                throw ValidationError("Nothing to change: give --title, --due, --no-due, --notes, --category, --tag, --untag, --priority, --start, --no-start, --parent, --no-parent, --repeat, --repeat-from, --no-repeat, --remind, --no-remind, --remind-defaults or --list.")
            }
        }

        func run() throws {
            let context = try Context(global)
            // Check every new value before touching the store.
            let newTitle = try title.map(TaskFields.title)
            let newCategory = try category.map { try TaskFields.category($0) }
            let newTags = try TaskTags.normalized(tag)
            let newDue = try due.map(context.parseDue)
            let newStart = try start.map(context.parseDue)
            let typedDue = try due.flatMap(context.typedReading)
            let newAlarms = try (remind.isEmpty ? nil : remind.joined(separator: ",")).map(context.parseAlarms)
            let resolver = TaskResolver(store: try context.store)
            let found = try resolver.resolve(task, scope: .all)
            let newParent = try parent.map { try resolver.resolve($0, scope: .all) }
            if let newParent { try ParentRule.check(child: found, parent: newParent, ancestors: try context.store.ancestors(of: newParent.id)) }
            let newList = try context.listPath(named: list) ?? newParent?.list
            let list = newList ?? found.list
            if let newParent, newParent.list != list {
                throw StateRefusal.parentInOtherList(newParent, list: context.listName(newParent.list))
            }
            if newParent == nil, !noParent, let parentID = found.parentID {
                try ParentRule.checkMove(of: found, to: list, keeping: try context.store.task(id: parentID))
            }
            // A task moved to another list takes its subtasks with it.
            let (changed, moving) = try context.store.modifyMovingSubtasks(id: found.id, now: context.now) { task in
                task.list = list
                if let newTitle { task.title = newTitle }
                if let newDue { task.due = newDue }
                if noDue { task.due = nil }
                if let newStart { task.start = newStart }
                if noStart { task.start = nil }
                if let notes { task.notes = try TaskFields.notes(notes) }
                if let newCategory { task.category = newCategory }
                task.tag(newTags)
                if !untag.isEmpty { try task.untag(untag) }
                if let priority { task.priority = priority }
                if let newParent { task.parentID = newParent.id }
                if noParent { task.parentID = nil }
                if let newAlarms { task.alarms = newAlarms }
                if noRemind { task.alarms = [] }
                if let remindDefaults { task.remindDefaults = remindDefaults }
                let edit = RepeatEdit(rule: `repeat`, ends: noRepeat, from: repeatFrom, dueChanged: due != nil, typedDue: typedDue)
                guard try task.apply(edit, zone: context.zone.zone) else {
                    throw ValidationError("Task \(task.id) does not repeat: give --repeat too.")
                }
                try task.checkStart(clock: context.clock)
            }
            let describer = context.describer()
            print("Changed \(describer.summary(changed))")
            // Said where this edit set the alarms or the due they count from.
            if !remind.isEmpty || due != nil { for note in describer.dayAlarmNotes(changed) { print("  " + note) } }
            if !moving.isEmpty {
                print("Moved \(moving.count) subtask\(moving.count == 1 ? "" : "s") with it to \(context.listName(list).safeForTerminal).")
            }
        }
    }
}
