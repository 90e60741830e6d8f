import ArgumentParser
import FoundationEssentials
import Glibc
import TodoCore
import TodoLinux
import TodoListing
import TodoStore

extension TodoRemind {
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete tasks for good.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The tasks: ids or parts of titles.")
        var tasks: [String]

        @Flag(help: "Delete the subtasks of a task with it (asked on a terminal, refused otherwise).")
        var withSubtasks = false

        func run() throws {
            let context = try Context(global)
            let found = try TaskResolver(store: context.store).resolve(tasks, scope: .all)
            let subtasks = try SubtaskQuestion(command: "delete", given: withSubtasks)
                .subtasks(of: found, in: context.store, includingCompleted: true)
                .filter { subtask in !found.contains { $0.id == subtask.id } }
            _ = try context.store.delete(ids: found.map(\.id) + subtasks.map(\.id), now: context.now)
            let describer = context.describer()
            for task in found + subtasks { print("Deleted: \(describer.name(task))") }
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear",
            abstract: "Delete every completed task.",
            discussion: "Asks first when run on a terminal; --yes skips the question."
        )

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Delete the completed tasks (required, so nothing is cleared by accident).")
        var completed = false

        @Flag(name: [.short, .long], help: "Do not ask for confirmation.")
        var yes = false

        func validate() throws {
            guard completed else {
                throw ValidationError("`clear` needs --completed: it deletes every completed task.")
            }
        }

        func run() throws {
            let context = try Context(global)
            let counts = try context.store.taskCounts()
            guard counts.completed > 0 else {
                print("No completed tasks to clear.")
                return
            }
            if !yes && isatty(STDIN_FILENO) == 1 {
                let noun = counts.completed == 1 ? "task" : "tasks"
                // Named before the question: what is asked about is seen.
                let done = try context.store.tasks(TaskQuery(includeOpen: false, includeCompleted: true))
                var question = done.prefix(Self.named).map { "  \($0.id) \($0.title.safeForTerminal)\n" }.joined()
                if counts.completed > Self.named { question += "  and \(counts.completed - Self.named) more\n" }
                question += "Delete \(counts.completed == 1 ? "this" : "these \(counts.completed)") completed \(noun)? [y/N] "
                StandardStream.error.write(question)
                let answer = readLine()?.trimmingSpaces().lowercased() ?? ""
                guard answer == "y" || answer == "yes" else {
                    print("Nothing deleted.")
                    throw ExitCode(1)
                }
            }
            let deleted = try context.store.deleteCompleted(now: context.now)
            print("Deleted \(deleted) completed \(deleted == 1 ? "task" : "tasks").")
        }

        /// How many completed tasks the question names, one a line.
        static let named = 10
    }
}
