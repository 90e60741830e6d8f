import ArgumentParser
import TodoListing

extension TodoRemind {
    struct Next: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "next",
            abstract: "Show the coming reminders across all tasks, as the daemon will show them.",
            discussion: "Each at the moment it fires: a reminder held by quiet hours at their end (marked held), the daily reminder of overdue tasks (daily overdue), and those that come together in a digest (in digest)."
        )

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
            let firings = try context.store.forecast(scheduler: context.scheduler, after: instant, limit: limit)
            let output = OutputBuffer()
            if json {
                context.taskJSON().writeFirings(firings, into: output)
            } else if firings.isEmpty {
                output.line("No reminders to come.")
            } else {
                let describer = context.describer()
                let whens = firings.map { "\(describer.text.instant($0.fire.at)) (\(describer.text.relative($0.fire.at)))" }
                let labels = firings.map(describer.label)
                let width = whens.map(\.terminalWidth).max() ?? 0
                let labelWidth = labels.map(\.terminalWidth).max() ?? 0
                for (index, firing) in firings.enumerated() {
                    let (when, label) = (whens[index], labels[index])
                    output.line(when + String(repeating: " ", count: width - when.terminalWidth) + "  "
                        + label + String(repeating: " ", count: labelWidth - label.terminalWidth) + "  " + describer.name(firing.task))
                }
            }
            output.flush()
        }
    }
}
