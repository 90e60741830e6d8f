import FoundationEssentials
import TodoCore

/// A key the config file may hold, with what it allows and how it applies.
enum ConfigKey: String, CaseIterable {
    case reminderTime = "reminder-time"
    case dueSoonHours = "due-soon-hours"
    case remindAtDueTime = "remind-at-due-time"
    case defaultReminder = "default-reminder"
    case catchUpHours = "catch-up-hours"
    case snooze = "snooze"
    case digest = "digest"
    case digestThreshold = "digest-threshold"
    case overdueInDigest = "overdue-in-digest"
    case quietHours = "quiet-hours"
    case quietHoursAllowHigh = "quiet-hours-allow-high"
    case calendar = "calendar"
    case myAddresses = "my-addresses"

    /// What a valid value looks like, for error messages.
    var allowed: String {
        switch self {
        case .reminderTime: "a time of day in quotes, such as \"09:00\""
        case .dueSoonHours: "a whole number of hours from 1 to 8760, such as 24"
        case .remindAtDueTime, .defaultReminder, .digest, .overdueInDigest, .quietHoursAllowHigh: "true or false"
        case .catchUpHours: "a whole number of hours from 0 to 8760, such as 12"
        case .snooze: "an array of up to 10 snooze times in quotes, such as [\"10m\", \"1h\", \"tomorrow 09:00\"], or [] for none"
        case .digestThreshold: "a whole number of tasks from 1 to 100000, such as 3"
        case .quietHours: "two times of day joined by a dash in quotes, such as \"22:00-07:00\", or \"\" for none"
        case .calendar: "one or more [[calendar]] tables, each with a path in quotes, such as path = \"~/.local/share/vdirsyncer/tasks/*\""
        case .myAddresses: "an array of your e-mail addresses in quotes, such as [\"alice@example.org\"]"
        }
    }

    func apply(_ value: TOMLValue, to settings: inout Settings, path: String) throws(ConfigError) {
        let bad = ConfigError.badValue(path: path, key: rawValue, allowed: allowed)
        switch self {
        case .reminderTime:
            guard let text = value.string, let time = TimeOfDay(hhmm: text) else { throw bad }
            settings.policy.reminderTime = time
        case .dueSoonHours:
            guard let hours = value.integer, (1...8760).contains(hours) else { throw bad }
            settings.policy.dueSoonWindow = Double(hours) * 3600
        case .remindAtDueTime:
            settings.policy.remindAtDueTime = try flag(value, or: bad)
        case .defaultReminder:
            settings.defaultReminder = try flag(value, or: bad)
        case .catchUpHours:
            guard let hours = value.integer, (0...8760).contains(hours) else { throw bad }
            settings.policy.catchUpWindow = Double(hours) * 3600
        case .snooze:
            // An empty array is a bubble with no Snooze action (README).
            guard let array = value.array else { throw bad }
            var choices: [(choice: String, instant: Date)] = []
            for element in array {
                guard let choice = element.string else { throw bad }
                let instant = try Self.checkSnoozeChoice(
                    choice, among: choices, reminderTime: settings.policy.reminderTime, path: path)
                choices.append((choice, instant))
            }
            settings.snoozeChoices = choices.map(\.choice)
        case .digest:
            settings.policy.digestEnabled = try flag(value, or: bad)
        case .digestThreshold:
            // Bounded, as every number here is: a count near Int.max
            // overflowed where the plan counts past it.
            guard let count = value.integer, (1...100_000).contains(count) else { throw bad }
            settings.policy.digestThreshold = count
        case .overdueInDigest:
            settings.policy.overdueInDigest = try flag(value, or: bad)
        case .quietHours:
            guard let text = value.string else { throw bad }
            do {
                settings.policy.quietHours = try QuietHours.parse(text)
            } catch {
                throw bad
            }
        case .quietHoursAllowHigh:
            settings.policy.quietHoursAllowHigh = try flag(value, or: bad)
        case .myAddresses:
            guard let array = value.array else { throw bad }
            settings.addresses = try array.map { element throws(ConfigError) in
                guard let address = element.string, address.contains("@") else { throw bad }
                return EventDetails.address(address)
            }
        case .calendar:
            guard let array = value.array, !array.isEmpty else { throw bad }
            settings.calendars = try array.map { element throws(ConfigError) in
                guard let table = element.table else { throw bad }
                return try calendarTable(table, path: path)
            }
            if settings.calendars.compactMap(\.defaultList).count > 1 {
                throw .badValue(path: path, key: rawValue, allowed: "tables of which at most one names a default-list")
            }
        }
    }

    /// One `[[calendar]]` table.
    private func calendarTable(_ table: [String: TOMLValue], path: String) throws(ConfigError) -> CalendarTable {
        func bad(_ key: String, _ allowed: String) -> ConfigError {
            .badValue(path: path, key: "calendar.\(key)", allowed: allowed)
        }
        if let unknown = table.keys.sorted().first(where: { !CalendarTable.keys.contains($0) }) {
            throw .badEntry(path: path, key: rawValue, entry: unknown,
                            reason: "a [[calendar]] table takes only " + CalendarTable.keys.joined(separator: ", ") + ".")
        }
        guard table["path"] != nil else {
            throw .missingKey(path: path, table: "[[calendar]]", key: "path", example: "path = \"~/.local/share/vdirsyncer/tasks/*\"")
        }
        guard let folders = table["path"]?.string, !folders.trimmingBlanks().isEmpty else {
            throw bad("path", "a folder or a glob of folders in quotes, such as \"~/.local/share/vdirsyncer/tasks/*\"")
        }
        var setting = CalendarTable(path: folders)
        if let value = table["default-list"] {
            guard let name = value.string, !name.trimmingBlanks().isEmpty else {
                throw bad("default-list", "the name of a list in quotes, such as \"personal\"")
            }
            setting.defaultList = name
        }
        if let value = table["defaults"] {
            guard let flag = value.bool else { throw bad("defaults", "true or false") }
            setting.reminderDefaults = flag
        }
        if let value = table["events"] {
            guard let flag = value.bool else { throw bad("events", "true or false") }
            setting.events = flag
        }
        if let value = table["tasks"] {
            guard let flag = value.bool else { throw bad("tasks", "true or false") }
            setting.tasks = flag
        }
        if let value = table["events-write"] {
            guard let flag = value.bool else { throw bad("events-write", "true or false") }
            setting.eventsWrite = flag
        }
        if let value = table["event-default-alarm"] {
            let allowed = "a length before the event's start in quotes, such as \"-10m\" or \"-1h\", or \"0\" for at its start"
            guard let text = value.string, let seconds = Self.eventAlarmSeconds(text) else { throw bad("event-default-alarm", allowed) }
            setting.eventDefaultAlarm = seconds
        }
        return setting
    }

    /// `"-10m"` as -600, `"+5m"` as 300, `"0"` as 0; nil for anything else.
    static func eventAlarmSeconds(_ text: String) -> Int? {
        let trimmed = text.trimmingBlanks()
        if ["0", "-0", "+0"].contains(trimmed) { return 0 }
        guard let sign = trimmed.first, sign == "-" || sign == "+",
              let seconds = SnoozeLength(String(trimmed.dropFirst()))?.seconds, seconds <= 366 * 86_400
        else { return nil }
        return sign == "-" ? -seconds : seconds
    }

    private func flag(_ value: TOMLValue, or bad: ConfigError) throws(ConfigError) -> Bool {
        guard let flag = value.bool else { throw bad }
        return flag
    }
}
