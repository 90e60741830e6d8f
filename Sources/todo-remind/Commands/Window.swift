import ArgumentParser

extension TodoRemind {
    struct Window: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "window",
            abstract: "Open the desktop window (GTK): the list, its filters and the add and edit form.",
            discussion: """
                One window per desktop session: a second `todo-remind window` raises the first. \
                Ctrl+N add, Ctrl+F search, Enter edit, Space done, Delete delete, Ctrl+Z undo, F1 the keys.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("The list to show first (see `lists`; default: all of them).", valueName: "name"))
        var list: String?

        @Option(help: ArgumentHelp("The task to select first, by its id.", valueName: "id"))
        var task: Int64?

        /// Becomes todo-remind-window, which links GTK (see SiblingProgram):
        /// the options the person gave, and only those, so that it resolves
        /// the store and the config exactly as any command.
        func run() throws {
            var arguments: [String] = []
            if let store = global.store { arguments += ["--store", store] }
            if let config = global.config { arguments += ["--config", config] }
            if let list { arguments += ["--list", list] }
            if let task { arguments += ["--task", String(task)] }
            try SiblingProgram.window.exec(arguments)
        }
    }
}
