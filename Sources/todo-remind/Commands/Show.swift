import ArgumentParser
import TodoCore
import TodoExchange
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
                context.describer().block(found, family: try family(of: found, in: context.store)).forEach { print($0) }
                try dependencies(of: found, in: context.store).forEach { print($0) }
            }
        }

        /// "Depends on: 4 “Buy paint”", for each task an imported task
        /// depends on (Taskwarrior's `depends`); a UID the store does not
        /// know is named as it is.
        private func dependencies(of task: TodoTask, in store: TaskStore) throws -> [String] {
            guard let uids = try store.origin(ofTask: task.id)?.dependencies, !uids.isEmpty else { return [] }
            let ids = try store.taskIDs(uids: uids)
            let tasks = try store.tasks(ids: Array(ids.values))
            return uids.map { uid in
                guard let id = ids[uid], let other = tasks[id] else { return "Depends on: \(uid.safeForTerminal) (not here)" }
                return "Depends on: \(id) “\(other.title.safeForTerminal)”"
            }
        }

        /// The task's parent and subtasks, as `list` shows them (`SubtaskTree`).
        private func family(of task: TodoTask, in store: TaskStore) throws -> TaskDescriber.Family {
            let hasSubtasks = try !store.subtasks(of: task.id).isEmpty
            guard task.parentID != nil || hasSubtasks else { return TaskDescriber.Family() }
            return try TaskDescriber.Family(of: task, tree: SubtaskTree(try store.subtaskNodes()), tasks: store.tasks(ids:))
        }
    }
}
