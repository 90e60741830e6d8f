import ArgumentParser
import TodoListing
import TodoStore

extension TodoRemind {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show everything about a task.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The task: its id or part of its title.")
        var task: String

        @Flag(help: "Print the task as a JSON object.")
        var json = false

        @Option(help: ArgumentHelp("Show it as of this instant instead of now (WHEN).", valueName: "when"))
        var now: String?

        func run() throws {
            let context = try Context(global, access: .read, now: now)
            let found = try TaskResolver(store: context.store).resolve(task, scope: .all)
            if json {
                var json = context.taskJSON()
                json.completions = try context.store.recentCompletions(limit: TaskStore.recentCompletionCount)
                let output = OutputBuffer()
                json.writeSingle(found, into: output)
                output.flush()
            } else {
                context.describer().block(found).forEach { print($0) }
            }
        }
    }
}
