import ArgumentParser
import FoundationEssentials
import TodoConfig
import TodoCore
import TodoListing
import TodoRecurrence
import TodoStore

extension TodoRemind {
    struct Done: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "done", abstract: "Mark tasks done; their reminders stop.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The tasks: ids or parts of titles (among open tasks).")
        var tasks: [String]

        @Option(help: ArgumentHelp("Complete them as of this instant instead of now (WHEN).", valueName: "when"))
        var now: String?

        @Flag(help: "Complete the open subtasks of a task too (asked on a terminal, refused otherwise).")
        var withSubtasks = false

        func run() throws {
            let context = try Context(global, now: now)
            let found = try TaskResolver(store: context.store).resolve(tasks, scope: .open)
            try StateRefusal.checkDone(found)
            let subtasks = try SubtaskQuestion(command: "done", given: withSubtasks)
                .subtasks(of: found, in: context.store, includingCompleted: false)
            let ids = found.map(\.id) + subtasks.map(\.id).filter { id in !found.contains { $0.id == id } }
            let changed = try context.store.markDone(ids: ids, at: context.now, in: context.zone.zone)
            let describer = context.describer()
            for (before, after) in changed {
                if before.isCompleted {
                    // Done by another process since `checkDone` read it.
                    print("Already done: \(describer.name(after))")
                } else if after.repeating != nil, !after.isCompleted {
                    print("Done: \(describer.name(after)) · next \(describer.dueWords(after))")
                } else {
                    print("Done: \(describer.name(after))")
                }
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
            let found = try TaskResolver(store: context.store).resolve(tasks, scope: .completed)
            try StateRefusal.checkReopen(found)
            let changed = try context.store.reopen(ids: found.map(\.id), now: context.now, in: context.zone.zone)
            let describer = context.describer()
            for (before, after) in changed {
                let verb = before.isCompleted || before.due != after.due ? "Reopened" : "Already open"
                print("\(verb): \(describer.summary(after))")
            }
        }
    }
}
