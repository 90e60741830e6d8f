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
            let store = try context.store
            let output = OutputBuffer()
            var json = context.taskJSON()
            json.completions = try store.recentCompletions(limit: Int.max)
            // Each task is written as it is read: memory stays flat however
            // many there are.
            try json.writeArray(into: output) { write in
                try store.forEachTask(TaskQuery(includeOpen: true, includeCompleted: true), write)
            }
            output.flush()
        }
    }
}
