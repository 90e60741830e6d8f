import ArgumentParser

extension TodoRemind {
    struct Next: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "next", abstract: "Show the coming reminders across all tasks, in order.")

        @OptionGroup var global: GlobalOptions

        @Option(help: "How many reminders to show.")
        var limit = 10

        @Flag(help: "Print the reminders as a JSON array.")
        var json = false

        @Option(help: ArgumentHelp("Look from this instant instead of now (WHEN).", valueName: "when"))
        var now: String?

        func validate() throws {
            guard limit > 0 else { throw ValidationError("--limit must be a positive number, not \(limit).") }
        }

        func run() throws {
            let context = try Context(global, access: .read, now: now)
            let instant = context.now
            let reminders = try context.store.nextReminders(scheduler: context.scheduler, after: instant, limit: limit)
            let tasks = try context.store.tasks(ids: reminders.map(\.taskID))
            let output = OutputBuffer()
            if json {
                output.line(TaskJSON(scheduler: context.scheduler, now: instant).reminders(reminders, titles: tasks))
            } else if reminders.isEmpty {
                output.line("No reminders to come.")
            } else {
                let describer = context.describer()
                let whens = reminders.map { "\(describer.text.instant($0.at)) (\(describer.text.relative($0.at)))" }
                let width = whens.map(\.terminalWidth).max() ?? 0
                let kindWidth = reminders.map(\.kind.label.terminalWidth).max() ?? 0
                for (reminder, when) in zip(reminders, whens) {
                    let title = tasks[reminder.taskID].map(describer.name) ?? String(reminder.taskID)
                    let kind = reminder.kind.label
                    output.line(when + String(repeating: " ", count: width - when.terminalWidth) + "  "
                        + kind + String(repeating: " ", count: kindWidth - kind.terminalWidth) + "  " + title)
                }
            }
            output.flush()
        }
    }
}
