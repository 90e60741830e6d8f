import ArgumentParser

extension TodoRemind {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show everything about a task.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The task: its id or part of its title.")
        var task: String

        @Flag(help: "Print the task as a JSON object.")
        var json = false

        func run() throws {
            let context = try Context(global, access: .read)
            let found = try TaskResolver(store: context.store).resolve(task, scope: .all)
            if json {
                print(TaskJSON(scheduler: context.scheduler, now: context.now).single(found))
            } else {
                context.describer().block(found).forEach { print($0) }
            }
        }
    }
}
