import FoundationEssentials
import TodoCore

extension ConfigKey {
    /// The moment snooze choices are read against: Thursday 2026-01-01 00:00 UTC.
    ///
    /// A choice is read when it is picked, as `todo-remind snooze` reads its
    /// WHEN; reading it once at a fixed moment checks its form, and that it
    /// can lie ahead ("yesterday" and "0m" never do). Midnight is the moment
    /// of a day at which the most choices lie ahead, so none that can is refused.
    static let snoozeCheckInstant = Date(timeIntervalSince1970: 1_767_225_600)

    /// How many choices `snooze` may list: a bubble shows a handful of
    /// actions, and each choice is one of them.
    static let snoozeChoiceLimit = 10

    /// Checks one entry of `snooze`, given the entries before it and the
    /// instants they end at when picked at `snoozeCheckInstant`; returns its own.
    static func checkSnoozeChoice(
        _ choice: String, among earlier: [(choice: String, instant: Date)], reminderTime: TimeOfDay, path: String
    ) throws(ConfigError) -> Date {
        func bad(_ reason: String) -> ConfigError {
            .badEntry(path: path, key: ConfigKey.snooze.rawValue, entry: choice, reason: reason)
        }
        // A choice naming a calendar date lies ahead only until that date
        // has passed; the others are read again each time they are picked.
        if choice.trimmingBlanks().prefix(5).allSatisfy({ $0.isNumber || $0 == "-" }),
           choice.trimmingBlanks().count >= 10 {
            throw bad("a fixed date stops lying ahead once it has passed: give a length (1h), a time (17:00) or a day (tomorrow 09:00).")
        }
        guard earlier.count < snoozeChoiceLimit else {
            throw bad("a bubble offers at most \(snoozeChoiceLimit) snooze choices, and this is one more.")
        }
        let instant = try checkInstant(of: choice, reminderTime: reminderTime, bad: bad)
        // Another form of the same moment (1h and 60m) would be the same action twice.
        if let other = earlier.first(where: { $0.instant == instant })?.choice {
            throw bad(other == choice
                ? "it is listed twice, and each choice is an action of its own."
                : "it is the same as “\(other)”, and each choice is an action of its own.")
        }
        return instant
    }

    /// Where a choice ends when picked at `snoozeCheckInstant`.
    private static func checkInstant(
        of choice: String, reminderTime: TimeOfDay, bad: (String) -> ConfigError
    ) throws(ConfigError) -> Date {
        let parser = WhenParser(now: snoozeCheckInstant, clock: WallClock(timeZone: .utc))
        do {
            return try parser.snoozeInstant(from: choice, dayTime: reminderTime)
        } catch {
            throw bad(error.message)
        }
    }
}
