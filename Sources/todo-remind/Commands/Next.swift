import ArgumentParser
import FoundationEssentials
import TodoCore
import TodoListing
import TodoStore
import TodoSync

extension TodoRemind {
    struct Next: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "next",
            abstract: "Show the coming reminders across all tasks and calendar events, as the daemon will show them.",
            discussion: "Each at the moment it fires: a reminder held by quiet hours at their end (marked held), the daily reminder of overdue tasks (daily overdue), those that come together in a digest (in digest), and the alarms of the [[calendar]] folders' events (event)."
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
            let store = try context.store
            let tasks = try store.forecast(timeRules: context.timeRules, after: instant, limit: limit)
            // Strictly after the start of the quiet hours now is in, as for tasks.
            let start = context.timeRules.forecastStart(at: instant).addingTimeInterval(-0.001)
            // With `limit` tasks' reminders, no event alarm after the last of them is listed.
            let cutoff = tasks.count >= limit ? tasks.map(\.fire.at).max() : nil
            let events = try EventIndex(lists: context.lists, zone: context.clock.timeZone)
                .comingAlarms(in: store, after: start, limit: limit + TimeRules.forecastLookahead, through: cutoff)
            let firings = context.timeRules.comingFirings(tasks: tasks, events: events, after: instant, limit: limit)
            let output = OutputBuffer()
            if json {
                context.taskJSON().writeFirings(firings, calendars: context.listNames, into: output)
            } else if firings.isEmpty {
                output.line("No reminders to come.")
            } else {
                let describer = context.describer()
                let whens = firings.map { "\(describer.text.instant($0.at)) (\(describer.text.relative($0.at)))" }
                let labels = firings.map { firing in
                    switch firing {
                    case .task(let firing): describer.label(firing)
                    case .event(let firing):
                        (firing.entry.reminder.kind == .snoozed ? "event, snoozed" : "event") + (firing.fire.isHeld ? ", held" : "")
                    }
                }
                let width = whens.map(\.terminalWidth).max() ?? 0
                let labelWidth = labels.map(\.terminalWidth).max() ?? 0
                for (index, firing) in firings.enumerated() {
                    let (when, label) = (whens[index], labels[index])
                    let name = switch firing {
                    case .task(let firing): describer.name(firing.task)
                    case .event(let firing): describer.eventName(firing.entry.subject, calendars: context.listNames)
                    }
                    output.line(when + String(repeating: " ", count: width - when.terminalWidth) + "  "
                        + label + String(repeating: " ", count: labelWidth - label.terminalWidth) + "  " + name)
                }
            }
            output.flush()
        }
    }
}
