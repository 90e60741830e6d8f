import Foundation
import TodoCore

extension ConfigKey {
    /// The moment snooze choices are read against: Thursday 2026-01-01 00:00 UTC.
    ///
    /// A choice is read when it is picked, as `todo-remind snooze` reads its
    /// WHEN; reading it once at a fixed moment checks its form, and that it
    /// can lie ahead ("yesterday" and "0m" never do). Midnight is the moment
    /// of a day at which the most choices lie ahead, so none that can is refused.
    static let snoozeCheckInstant = Date(timeIntervalSince1970: 1_767_225_600)

    /// Checks one entry of `snooze`, given the entries before it.
    static func checkSnoozeChoice(
        _ choice: String, among earlier: [String], reminderTime: TimeOfDay, path: String
    ) throws(ConfigError) {
        func bad(_ reason: String) -> ConfigError {
            .badEntry(path: path, key: ConfigKey.snooze.rawValue, entry: choice, reason: reason)
        }
        let parser = WhenParser(now: snoozeCheckInstant, clock: WallClock(timeZone: .gmt))
        do {
            _ = try parser.snoozeInstant(from: choice, dayTime: reminderTime)
        } catch {
            throw bad(error.message)
        }
        guard !earlier.contains(choice) else {
            throw bad("it is listed twice, and each choice is an action of its own.")
        }
    }
}
