import ArgumentParser
import TodoCore
import TodoListing

extension TodoRemind {
    struct Agenda: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "agenda",
            abstract: "Show, day by day, the calendar events and the tasks due, with their coming reminders.",
            discussion: """
                Events come from the [[calendar]] folders; tasks are those due that day. Each \
                day lists its all-day events, then the tasks due that day without a time, then \
                events and tasks together in the order of their times. Events are shown, never \
                changed: their alarms fire from the daemon like task reminders.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The first day (today by default): a date or a day such as tomorrow or fri.", valueName: "when"))
        var when: String?

        @Option(help: "How many days to show.")
        var days = 1

        @Flag(help: "Print the days as a JSON array.")
        var json = false

        @Option(help: ArgumentHelp("Look from this instant instead of now (WHEN).", valueName: "when"))
        var now: String?

        func validate() throws {
            guard (1...366).contains(days) else { throw ValidationError("--days must be a number of days from 1 to 366, not \(days).") }
        }

        func run() throws {
            let context = try Context(global, access: .read, now: now)
            let clock = context.clock
            let first: LocalDay = try when.map { text in
                switch try context.parseDue(text) {
                case .day(let day): day
                case .time(let instant): clock.day(of: instant)
                }
            } ?? clock.day(of: context.now)
            let agenda = try TodoListing.Agenda(store: context.store, lists: context.lists, timeRules: context.timeRules,
                                             from: first, count: days, now: context.now)
            let output = OutputBuffer()
            if json {
                AgendaJSON(clock: clock).write(agenda, into: output)
            } else {
                AgendaText(context: context).write(agenda, into: output)
            }
            output.flush()
        }
    }
}
