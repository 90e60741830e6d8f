import ArgumentParser

extension TodoRemind {
    struct NotifyTest: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "notify-test",
            abstract: "Send one notification now and report what the server answered.",
            discussion: "The first thing to try when reminders do not show up."
        )

        func run() throws {
            try SiblingProgram.notifier.exec(["notify-test"])
        }
    }
}
