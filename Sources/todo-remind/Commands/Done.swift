import ArgumentParser

extension TodoRemind {
    struct Done: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "done", abstract: "Mark tasks done; their reminders stop.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The tasks: ids or parts of titles (among open tasks).")
        var tasks: [String]

        func run() throws {
            let context = try Context(global)
            let changed = try context.change(tasks, scope: .open) { task in
                if task.completedAt == nil { task.completedAt = context.now }
            }
            let describer = context.describer()
            for (before, after) in changed {
                print(before.isCompleted ? "Already done: \(describer.name(after))" : "Done: \(describer.name(after))")
            }
        }
    }

    struct Reopen: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reopen", abstract: "Mark done tasks open again.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The tasks: ids or parts of titles (among completed tasks).")
        var tasks: [String]

        func run() throws {
            let context = try Context(global)
            let changed = try context.change(tasks, scope: .completed) { task in
                task.completedAt = nil
            }
            let describer = context.describer()
            for (before, after) in changed {
                let verb = before.isCompleted ? "Reopened" : "Already open"
                print("\(verb): \(describer.summary(after))")
            }
        }
    }
}
