import Foundation
import TestSupport

extension PrivateDesktop {
    /// A `CLI` whose commands, the daemon among them, use this desktop.
    ///
    /// Its config puts the morning reminder half a day away, so that a task
    /// due seconds from now never gets a morning reminder inside the test too
    /// (as it would, run a few seconds after 09:00), and turns off the daily
    /// reminder of overdue tasks, so that a task that has fired is not armed
    /// again for the next morning before the test's later tasks.
    func cli() throws -> CLI {
        var cli = try CLI()
        cli.environment.merge(environment) { _, desktop in desktop }
        cli.environment["TODO_REMIND_CONFIG"] = try cli.write("config.toml", Self.farMorningConfig)
        return cli
    }

    /// `reminder-time` twelve hours from now, local time (TZ of the CLI),
    /// and `overdue-in-digest = false`.
    static var farMorningConfig: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .current
        let later = calendar.dateComponents([.hour, .minute], from: Date().addingTimeInterval(12 * 3600))
        return String(format: "reminder-time = \"%02d:%02d\"\n", later.hour ?? 21, later.minute ?? 0)
            + "overdue-in-digest = false\n"
    }
}
