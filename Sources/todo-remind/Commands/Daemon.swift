import ArgumentParser
import Foundation
import Logging
import TodoConfig
import TodoDaemon
import TodoNotify
import TodoStore

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

        func run() throws {
            let environment = ProcessInfo.processInfo.environment
            let configFile = ConfigFile.resolve(explicit: global.config, environment: environment)
            // A bad config is an error now, before anything runs.
            _ = try configFile.load()
            let storePath = TaskStore.resolvePath(explicit: global.store, environment: environment)
            let level: Logger.Level = verbose ? .debug : .info
            let logger = Logger(label: "todo-remind") { _ in ConsoleLogHandler(logLevel: level) }
            let console = ConsoleNotifier { line in
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
            var options = ReminderDaemon.Options(storePath: storePath, iconPath: IconLocator.iconPath()) {
                let settings = try configFile.load()
                return DaemonSettings(policy: settings.policy, snoozeChoices: settings.snoozeChoices)
            }
            options.debounce = .milliseconds(30)
            let daemon = ReminderDaemon(
                options: options,
                makeNotifier: { onAction in LibNotifyNotifier(onAction: onAction) },
                console: console,
                logger: logger
            )
            try daemon.run()
        }
    }
}
