import ArgumentParser
import TodoCore
import TodoListing
import TodoStore

/// The three reminder switches share one shape: resolve, set, report.
struct ReminderSwitch {
    let global: GlobalOptions
    let tasks: [String]

    func run(_ flip: @escaping (Bool) -> Bool) throws {
        let context = try Context(global)
        let changed = try context.change(tasks, scope: .all, action: .reminder) { task in
            task.reminderOn = flip(task.reminderOn)
        }
        let describer = context.describer()
        for (_, task) in changed {
            print("\(describer.name(task)): \(describer.reminderWords(task))")
        }
    }
}

extension TodoRemind {
    struct On: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "on", abstract: "Switch tasks' reminders on.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The tasks: ids or parts of titles.") var tasks: [String]
        func run() throws { try ReminderSwitch(global: global, tasks: tasks).run { _ in true } }
    }

    struct Off: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "off", abstract: "Switch tasks' reminders off.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The tasks: ids or parts of titles.") var tasks: [String]
        func run() throws { try ReminderSwitch(global: global, tasks: tasks).run { _ in false } }
    }

    struct Toggle: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "toggle", abstract: "Switch tasks' reminders the other way.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The tasks: ids or parts of titles.") var tasks: [String]
        func run() throws { try ReminderSwitch(global: global, tasks: tasks).run { !$0 } }
    }
}
