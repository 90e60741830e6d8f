import ArgumentParser
import FoundationEssentials
import Glibc
import TodoCore
import TodoLinux
import TodoTerminal

/// The `todo-remind` command: a to-do list whose reminders really fire.
@main
struct TodoRemind: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-remind",
        abstract: "A to-do list with reminders that fire on time.",
        discussion: """
            TASK is a task's id, or text that matches the title of exactly one task.
            WHEN is today, tomorrow, fri, +3d, in 2 hours, eod, 17:00, 5pm, \
            tomorrow 9:30, 2026-12-01 or 2026-12-01 17:00.
            """,
        version: BuildInfo.description,
        // Every subcommand spells its commandName: deriving it from the type's
        // name costs a String(describing:) per subcommand at every start, a
        // third of an empty `list`'s instructions.
        subcommands: [
            Add.self, List.self, Show.self, Edit.self,
            Done.self, Reopen.self, Delete.self, Clear.self, Undo.self,
            On.self, Off.self, Toggle.self, Snooze.self, Unsnooze.self,
            Next.self, Agenda.self, Lists.self, Tags.self, Sync.self, Config.self, Export.self, Import.self,
            Daemon.self, Status.self, NotifyTest.self, UI.self, Window.self,
        ]
    )

    /// The names of the subcommands, as typed.
    static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    }

    /// The subcommand on the command line, for a mistake's sentence to name.
    static var typedCommand: String? {
        CommandLine.arguments.dropFirst().first { commandNames.contains($0) }
    }

    /// The command the line names, parsed on its own.
    ///
    /// `parseAsRoot` builds and checks the model of every subcommand on its
    /// way to the one named: half of an empty `list`'s instructions
    /// (BENCHMARKS.md, "Starting a command"). A line the named command cannot
    /// read alone (a mistake) is read again from the root, so what is said
    /// about it is what the root has always said; so is a line that asks
    /// for help or the version, whose usage names the root command.
    static func parsed(_ arguments: [String]) throws -> any ParsableCommand {
        if let name = arguments.first,
           !arguments.contains(where: CommandLineArguments.rootWords.contains),
           let named = configuration.subcommands.first(where: { $0.configuration.commandName == name }),
           let command = try? named.parseAsRoot(Array(arguments.dropFirst())) {
            return command
        }
        return try parseAsRoot(arguments)
    }

    /// Runs the command, reporting a mistake as one line on stderr.
    ///
    /// ArgumentParser's own `main` follows a malformed command line with the
    /// usage block; the README promises one sentence, and `--help` has the usage.
    static func main() {
        do {
            // On a terminal, no command opens the interactive view.
            let onTerminal = TerminalError.check(environment: ProcessEnvironment.values, isTerminal: { isatty($0) == 1 }) == nil
            let arguments = try CommandLineArguments(commands: commandNames)
                .normalized(Array(CommandLine.arguments.dropFirst()), defaultCommand: onTerminal ? UI.configuration.commandName : nil)
            var command = try parsed(arguments)
            try command.run()
            StoreOpener.closeAll()
        } catch {
            StoreOpener.closeAll()
            let code: ExitCode = ExitStatus.of(error).map { ExitCode($0) } ?? exitCode(for: error)
            // Every sentence may quote what came from outside (an option's
            // value, TZ, an element of a file, a title): shown as `list`
            // shows text, so none of it reaches the terminal as a control.
            let said = ExitStatus.of(error) == nil ? ParserMessage.rephrased(message(for: error), command: typedCommand) : message(for: error)
            let sentence = said.safeForTerminal
            // Help, --version, and a silent `ExitCode` keep ArgumentParser's handling.
            guard code != .success, !sentence.isEmpty else { exit(withError: error) }
            StandardStream.error.write("Error: \(sentence)\n")
            exit(withError: code)
        }
    }
}
