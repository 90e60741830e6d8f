import ArgumentParser
import TodoCore

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

        func validate() throws {
            if due != nil && noDue {
                throw ValidationError("Give either --due or --no-due, not both.")
            }
            if title == nil && due == nil && !noDue && notes == nil && category == nil && priority == nil {
                throw ValidationError("Nothing to change: give --title, --due, --no-due, --notes, --category or --priority.")
            }
        }

        func run() throws {
            let context = try Context(global)
            // Check every new value before touching the store.
            let newTitle = try title.map(TaskFields.title)
            let newCategory = try category.map { try TaskFields.category($0) }
            let newDue = try due.map(context.parseDue)
            let changed = try context.change([task], scope: .all) { task in
                if let newTitle { task.title = newTitle }
                if let newDue { task.due = newDue }
                if noDue { task.due = nil }
                if let notes { task.notes = TaskFields.notes(notes) }
                if let newCategory { task.category = newCategory }
                if let priority { task.priority = priority }
            }
            let describer = context.describer()
            for (_, task) in changed {
                print("Changed \(describer.summary(task))")
            }
        }
    }
}
