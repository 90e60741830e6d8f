import TOMLKit
import TodoCore

/// A key the config file may hold, with what it allows and how it applies.
enum ConfigKey: String, CaseIterable {
    case reminderTime = "reminder-time"
    case dueSoonHours = "due-soon-hours"
    case remindAtDueTime = "remind-at-due-time"
    case defaultReminder = "default-reminder"
    case catchUpHours = "catch-up-hours"

    /// What a valid value looks like, for error messages.
    var allowed: String {
        switch self {
        case .reminderTime: "a time of day in quotes, such as \"09:00\""
        case .dueSoonHours: "a whole number of hours from 1 to 8760, such as 24"
        case .remindAtDueTime, .defaultReminder: "true or false"
        case .catchUpHours: "a whole number of hours from 0 to 8760, such as 12"
        }
    }

    func apply(_ value: any TOMLValueConvertible, to settings: inout Settings, path: String) throws(ConfigError) {
        let bad = ConfigError.badValue(path: path, key: rawValue, allowed: allowed)
        switch self {
        case .reminderTime:
            guard let text = value.string, let time = TimeOfDay(hhmm: text) else { throw bad }
            settings.policy.reminderTime = time
        case .dueSoonHours:
            guard let hours = value.int, (1...8760).contains(hours) else { throw bad }
            settings.policy.dueSoonWindow = Double(hours) * 3600
        case .remindAtDueTime:
            guard let flag = value.bool else { throw bad }
            settings.policy.remindAtDueTime = flag
        case .defaultReminder:
            guard let flag = value.bool else { throw bad }
            settings.defaultReminder = flag
        case .catchUpHours:
            guard let hours = value.int, (0...8760).contains(hours) else { throw bad }
            settings.policy.catchUpWindow = Double(hours) * 3600
        }
    }
}
