import ArgumentParser
import TodoLibNotify
import TodoNotify

extension TodoRemindNotifier {
    /// `todo-remind notify-test`, which replaces itself with this.
    struct NotifyTest: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "notify-test",
            abstract: "Send one notification now and report what the server answered."
        )

        func run() throws {
            let notifier = LibNotifyNotifier()
            let server = try notifier.serverInfo()
            print("Notification server: \(server.description)")
            print("Capabilities: \(server.capabilities.joined(separator: ", "))")
            let notification = ReminderNotification(
                summary: "todo-remind works",
                body: "If you can read this, your reminders will show up here.",
                urgency: .normal,
                iconPath: IconLocator.iconPath(),
                owner: .test
            )
            let id = try notifier.show(notification)
            print("Sent: the server showed it as notification \(id).")
        }
    }
}
