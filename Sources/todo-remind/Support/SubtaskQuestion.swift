import ArgumentParser
import FoundationEssentials
import Glibc
import TodoCore
import TodoLinux
import TodoStore

/// What `done` and `delete` do with a task's subtasks: with
/// `--with-subtasks`, the same to them; on a terminal, ask; otherwise
/// refuse, so that a script never completes or deletes more than it named.
struct SubtaskQuestion {
    /// "done" or "delete", as typed.
    let command: String
    /// Whether `--with-subtasks` was given.
    let given: Bool

    /// The subtasks of `tasks` the command applies to as well (open ones
    /// for `done`, all for `delete`), once agreed to; none when they have none.
    ///
    /// - Throws: `StateRefusal.hasSubtasks` when they have some and there is
    ///   neither the flag nor a terminal to ask on; `ExitCode(1)` when the
    ///   question is answered no. Nothing is changed either way.
    func subtasks(of tasks: [TodoTask], in store: TaskStore, includingCompleted: Bool) throws -> [TodoTask] {
        var all: [TodoTask] = []
        var seen = Set(tasks.map(\.id))
        for task in tasks {
            let subtasks = try store.subtasks(of: task.id, includingCompleted: includingCompleted)
            guard !subtasks.isEmpty else { continue }
            if !given {
                guard isatty(STDIN_FILENO) == 1 else {
                    throw StateRefusal.hasSubtasks(task, subtasks: subtasks, command: command)
                }
                let verb = command == "done" ? "Mark them done" : "Delete them"
                StandardStream.error.write(
                    "Task \(task.id) “\(task.title.safeForTerminal)” has \(StateRefusal.count(subtasks)). \(verb) too? [y/N] "
                )
                let answer = readLine()?.trimmingSpaces().lowercased() ?? ""
                guard answer == "y" || answer == "yes" else {
                    print("Nothing changed.")
                    throw ExitCode(1)
                }
            }
            for subtask in subtasks where seen.insert(subtask.id).inserted { all.append(subtask) }
        }
        return all
    }
}
