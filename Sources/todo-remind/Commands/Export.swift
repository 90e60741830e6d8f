import ArgumentParser
import FoundationEssentials
import TodoCore
import TodoExchange
import TodoLinux
import TodoStore

extension TodoRemind {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write every task to stdout: a JSON array, or one iCalendar file.",
            discussion: """
                The JSON objects are those of `list --json`; `import` reads them back. With \
                --format ics, one VCALENDAR holds every task as a VTODO and the time zones they use.
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case json
            case ics
        }

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("json (the default) or ics.", valueName: "format"))
        var format: Format = .json

        func run() throws {
            let context = try Context(global, access: .read)
            let store = try context.store
            let query = TaskQuery(includeOpen: true, includeCompleted: true)
            if format == .ics {
                var tasks: [TodoTask] = []
                try store.forEachTask(query) { tasks.append($0) }
                let bytes = try CalendarExport(timeRules: context.timeRules, now: context.now).write(tasks, store: store)
                StandardStream.output.write(bytes)
                return
            }
            let output = OutputBuffer()
            var json = context.taskJSON()
            json.completions = try store.recentCompletions(limit: Int.max)
            // Each task is written as it is read: memory stays flat however
            // many there are.
            try json.writeArray(into: output) { write in
                try store.forEachTask(query, write)
            }
            output.flush()
        }
    }
}
