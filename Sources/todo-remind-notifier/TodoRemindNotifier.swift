import ArgumentParser
import TodoCore

/// `todo-remind-notifier`: the part of todo-remind that talks to the
/// notification server, started by `todo-remind daemon`, `notify-test` and
/// `status` from beside itself.
///
/// It is an executable of its own because libnotify and the GLib stack it
/// loads (eleven libraries) add 1.4 ms to the start of any process that links
/// them: every other command of todo-remind starts without them.
@main
struct TodoRemindNotifier: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-remind-notifier",
        abstract: "Shows todo-remind's notifications; run through `todo-remind daemon`, `notify-test` or `status`.",
        version: BuildInfo.description,
        subcommands: [Daemon.self, NotifyTest.self, ServerInfoCommand.self]
    )
}
