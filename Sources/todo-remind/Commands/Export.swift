import ArgumentParser
import TodoStore

extension TodoRemind {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write every task as a JSON array to stdout.",
            discussion: "The objects are those of `list --json`; `import` reads them back."
        )

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try Context(global, access: .read)
            let tasks = try context.store.tasks(TaskQuery(includeOpen: true, includeCompleted: true))
            let output = OutputBuffer()
            var json = context.taskJSON()
            json.completions = try context.store.recentCompletions(limit: Int.max)
            output.line(json.array(tasks))
            output.flush()
        }
    }
}
