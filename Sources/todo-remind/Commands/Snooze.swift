import ArgumentParser
import FoundationEssentials
import TodoCore
import TodoListing
import TodoStore

extension TodoRemind {
    struct Snooze: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "snooze",
            abstract: "Remind of a task once more, later (default: in 1 hour).",
            discussion: """
                WHEN is a length from now (10m, 1h, 1h30m, 2d, in 2 hours), a time (17:00, \
                tomorrow 9:30), or a day, which means the reminder time on that day (tomorrow, \
                fri). A task has one snooze: a new one replaces it. It fires once, with or \
                without a due date, and ends when the task is done, deleted, switched off or \
                given a new due date.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The task: its id or part of its title (among open tasks).")
        var task: String

        @Argument(help: ArgumentHelp("When to remind again (default: \(SnoozeLength.unsaid)).", valueName: "when"))
        var when: [String] = []

        @Option(help: ArgumentHelp("Snooze as of this instant instead of now (WHEN).", valueName: "when"))
        var now: String?

        func run() throws {
            let context = try Context(global, now: now)
            let until = try context.snoozeInstant(when.isEmpty ? SnoozeLength.unsaid : when.joined(separator: " "))
            let changed = try context.change([task], scope: .open, action: .snooze) { task in
                if task.isCompleted { throw SnoozeRefusal.completed(task) }
                if !task.reminderOn { throw SnoozeRefusal.reminderOff(task) }
                task.snooze(until: until, at: context.now)
            }
            let describer = context.describer()
            for (_, task) in changed {
                print("Snoozed \(describer.name(task)) until \(describer.text.instant(until)) (\(describer.text.relative(until)))")
            }
        }
    }

    struct Unsnooze: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unsnooze", abstract: "End tasks' snoozes; their other reminders stay.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The tasks: ids or parts of titles.")
        var tasks: [String]

        func run() throws {
            let context = try Context(global)
            let changed = try context.change(tasks, scope: .all, action: .unsnooze) { task in
                task.snoozedUntil = nil
            }
            let describer = context.describer()
            for (before, after) in changed {
                let what = before.isSnoozed(after: context.now)
                    ? "Unsnoozed \(describer.name(after))"
                    : "\(describer.name(after)) was not snoozed"
                print("\(what): \(describer.reminderWords(after))")
            }
        }
    }
}

/// A task that cannot be snoozed as it is.
enum SnoozeRefusal: LocalizedError {
    case completed(TodoTask)
    case reminderOff(TodoTask)

    var errorDescription: String? {
        switch self {
        case .completed(let task):
            "Task \(task.id) “\(task.title.safeForTerminal)” is done, so it has nothing to be reminded of: "
                + "`todo-remind reopen \(task.id)` first to snooze it."
        case .reminderOff(let task):
            "Task \(task.id) “\(task.title.safeForTerminal)” has its reminder off, so a snooze would never fire: "
                + "`todo-remind on \(task.id)` first to snooze it."
        }
    }
}
