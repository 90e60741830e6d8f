import ArgumentParser
import TodoConfig

extension TodoRemind {
    struct Daemon: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "daemon",
            abstract: "Fire the reminders as desktop notifications (runs in the foreground).",
            discussion: """
                Keeps running until SIGTERM or SIGINT; SIGHUP re-reads the config. One daemon \
                per store. Run it from systemd (`systemctl --user enable --now todo-remind`) or \
                your desktop's autostart.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Flag(name: [.short, .long], help: "Log every step, with exact times.")
        var verbose = false

        @Option(name: .long, help: ArgumentHelp(LogFormat.help, valueName: "text|json"))
        var logFormat: LogFormat = .text

        /// Becomes todo-remind-notifier's daemon, which links libnotify (see
        /// SiblingProgram): the options the person gave, and only those, so
        /// that it resolves the store and the config exactly as any command.
        func run() throws {
            var arguments = ["daemon"]
            if let store = global.store { arguments += ["--store", store] }
            if let config = global.config { arguments += ["--config", config] }
            if verbose { arguments.append("--verbose") }
            if logFormat != .text { arguments += ["--log-format", logFormat.rawValue] }
            try SiblingProgram.notifier.exec(arguments)
        }
    }
}

extension LogFormat: ExpressibleByArgument {}
