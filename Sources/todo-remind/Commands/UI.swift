import ArgumentParser
import FoundationEssentials
import Glibc
import TodoConfig
import TodoListing
import TodoStore
import TodoTerminal
import TodoViewModel

extension TodoRemind {
    struct UI: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ui",
            abstract: "Browse, search and change the tasks in a full-screen view (also todo-remind alone, on a terminal).",
            discussion: """
                The list as `list` groups it, live as reminders fire and other commands or devices change it. \
                j/k move, a add, e edit, x done, d delete, r reminder on/off, s snooze, u undo, / search, \
                Tab the next list, p/c/o/h priority, category, sort, done, waiting shown; ? shows every key, q quits.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("The list to show first (see `lists`; default: all of them).", valueName: "name"))
        var list: String?

        func run() throws {
            if let refusal = TerminalError.check(environment: ProcessEnvironment.values, isTerminal: { isatty($0) == 1 }) {
                throw refusal
            }
            // First, before anything can start a thread: the signals the view reads.
            let signals = try InteractiveView.receiveSignals()
            let context = try Context(global, syncing: false)
            let listPath = try context.listPath(named: list)
            let store = try TaskStore(path: context.storePath, connections: .kept, author: .view(session: UUID().uuidString))
            defer { try? store.close() }
            let data = ViewStore(store: store, settings: context.settings, lists: context.lists, zone: context.zone.zone)
            try InteractiveView(signals: signals, data: data, list: listPath, colors: context.style.enabled).run()
        }
    }
}
