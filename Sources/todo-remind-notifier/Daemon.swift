import ArgumentParser
import FoundationEssentials
import Logging
import TodoConfig
import TodoDaemon
import TodoLibNotify
import TodoLinux
import TodoNotify
import TodoStore

extension TodoRemindNotifier {
    /// The reminder daemon, which `todo-remind daemon` replaces itself with
    /// (same process, same arguments): its help and options are that command's.
    struct Daemon: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "daemon",
            abstract: "Fire the reminders as desktop notifications (runs in the foreground)."
        )

        @Option(name: .long, help: ArgumentHelp("The task store to use.", valueName: "path"))
        var store: String?

        @Option(name: .long, help: ArgumentHelp("The config file to read.", valueName: "path"))
        var config: String?

        @Flag(name: [.short, .long], help: "Log every step, with exact times.")
        var verbose = false

        @Option(name: .long, help: ArgumentHelp(LogFormat.help, valueName: "text|json"))
        var logFormat: LogFormat = .text

        func run() throws {
            let environment = ProcessInfo.processInfo.environment
            let configFile = ConfigFile.resolve(explicit: config, environment: environment)
            // A bad config is an error now, before anything runs.
            _ = try configFile.load()
            let storePath = StoreLocation(explicit: store, environment: environment).path
            let level: Logger.Level = verbose ? .debug : .info
            let format = logFormat
            let logger = Logger(label: "todo-remind") { _ -> any LogHandler in
                switch format {
                case .text: ConsoleLogHandler(logLevel: level)
                case .json: JSONLogHandler(logLevel: level)
                }
            }
            let console = ConsoleNotifier { line in
                StandardStream.output.write(line + "\n")
            }
            var options = ReminderDaemon.Options(storePath: storePath, iconPath: IconLocator.iconPath()) {
                try configFile.load()
            }
            options.debounce = .milliseconds(30)
            options.configPath = configFile.path
            if let launcher = WindowLauncher(storePath: storePath, configPath: config) {
                options.openTask = { task in
                    do {
                        try launcher.open(task: task)
                    } catch {
                        logger.error("Could not open the window on task \(task): \(error.readableDescription)")
                    }
                }
            }
            let daemon = ReminderDaemon(
                options: options,
                makeNotifier: { onAction in LibNotifyNotifier(onAction: onAction) },
                console: console,
                logger: logger
            )
            do {
                try daemon.run()
            } catch InstanceLockError.held(_, let pid, let since) {
                throw AlreadyRunning(storePath: storePath, pid: pid, since: since)
            }
        }
    }
}

extension LogFormat: ExpressibleByArgument {}
