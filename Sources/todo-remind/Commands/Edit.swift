import ArgumentParser
import Foundation
import TodoCore
import TodoListing
import TodoRecurrence

extension TodoRemind {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a task's title, due date, notes, category or priority.")

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

        @Option(help: "A new category.")
        var category: String?

        @Option(help: "low, medium or high.")
        var priority: Priority?

        @Option(help: ArgumentHelp("Repeat it by this rule (see add --help); a new rule starts from the task's due.", valueName: "rule"))
        var `repeat`: String?

        @Option(help: "What the next occurrence counts from: due or completion.")
        var repeatFrom: RepeatFrom?

        @Flag(help: "End the series: the task no longer repeats.")
        var noRepeat = false

        @Option(help: ArgumentHelp("Its reminders besides the defaults, in place of those it has (see add --help).", valueName: "when"))
        var remind: String?

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
            if remind != nil && noRemind {
                throw ValidationError("Give either --remind or --no-remind, not both.")
            }
            if title == nil && due == nil && !noDue && notes == nil && category == nil && priority == nil
                && `repeat` == nil && repeatFrom == nil && !noRepeat && list == nil
                && remind == nil && !noRemind && remindDefaults == nil {
                throw ValidationError("Nothing to change: give --title, --due, --no-due, --notes, --category, --priority, --repeat, --repeat-from, --no-repeat, --remind, --no-remind, --remind-defaults or --list.")
            }
        }

        func run() throws {
            let context = try Context(global)
            // Check every new value before touching the store.
            let newTitle = try title.map(TaskFields.title)
            let newCategory = try category.map { try TaskFields.category($0) }
            let newDue = try due.map(context.parseDue)
            let typedDue = try due.flatMap(context.typedReading)
            let newList = try context.listPath(named: list)
            let newAlarms = try remind.map(context.parseAlarms)
            let changed = try context.change([task], scope: .all, action: .edit) { task in
                if let newTitle { task.title = newTitle }
                if let newDue { task.due = newDue }
                if noDue { task.due = nil }
                if let notes { task.notes = TaskFields.notes(notes) }
                if let newCategory { task.category = newCategory }
                if let priority { task.priority = priority }
                if let newList { task.list = newList }
                if let newAlarms { task.alarms = newAlarms }
                if noRemind { task.alarms = [] }
                if let remindDefaults { task.remindDefaults = remindDefaults }
                let edit = RepeatEdit(rule: `repeat`, ends: noRepeat, from: repeatFrom, dueChanged: due != nil, typedDue: typedDue)
                guard try task.apply(edit, zone: context.zone.zone) else {
                    throw ValidationError("Task \(task.id) does not repeat: give --repeat too.")
                }
            }
            let describer = context.describer()
            for (_, task) in changed {
                print("Changed \(describer.summary(task))")
            }
        }
    }
}
