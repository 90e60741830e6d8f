import ArgumentParser
import FoundationEssentials
import TodoConfig
import TodoCore
import TodoListing
import TodoStore

extension TodoRemind {
    struct Config: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "config", abstract: "Show the effective settings and every path in use.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            // No store is opened: `config` is where to look when the store is
            // the problem, so it must work when the store cannot be opened.
            let environment = ProcessEnvironment.values
            let configFile = ConfigFile.resolve(explicit: global.config, environment: environment)
            let settings = try configFile.load()
            let storePath = StoreLocation(explicit: global.store, environment: environment).path
            let policy = settings.policy
            let storeNote = FileManager.default.fileExists(atPath: storePath) ? "" : " (not created yet)"
            let zone = SystemTimeZone.choice(tz: environment["TZ"])
            if let warning = zone.warning {
                Warning.write(warning)
            }
            let configNote = configFile.exists ? "" : " (not present: defaults in use)"
            // One column for every value below, the longest key's and a space.
            let column = "quiet-hours-allow-high".count + 1
            func show(_ key: String, _ value: String) {
                print(key.padded(toLength: max(column, key.count + 1)) + value)
            }
            show("store", "\(storePath)\(storeNote)")
            show("config file", "\(configFile.path)\(configNote)")
            show("time zone", "\(zone.zone.identifier) (from \(zone.source))")
            print("")
            // The keys as a config file writes them, aligned.
            let snoozes = settings.snoozeChoices.map { "\"\($0)\"" }.joined(separator: ", ")
            let keys: [(String, String)] = [
                ("reminder-time", "\"\(policy.reminderTime)\""),
                ("due-soon-hours", "\(Int(policy.dueSoonWindow / 3600))"),
                ("remind-at-due-time", "\(policy.remindAtDueTime)"),
                ("default-reminder", "\(settings.defaultReminder)"),
                ("catch-up-hours", "\(Int(policy.catchUpWindow / 3600))"),
                ("snooze", "[\(snoozes)]"),
                ("digest", "\(policy.digestEnabled)"),
                ("digest-threshold", "\(policy.digestThreshold)"),
                ("overdue-in-digest", "\(policy.overdueInDigest)"),
                ("quiet-hours", "\"\(policy.quietHours?.description ?? "")\""),
                ("quiet-hours-allow-high", "\(policy.quietHoursAllowHigh)"),
            ]
            for (key, value) in keys { show(key, value) }
            if !settings.addresses.isEmpty {
                show("my-addresses", "[" + settings.addresses.map { "\"\($0.safeForTerminal)\"" }.joined(separator: ", ") + "]")
            }
            // Each folder table with its path as read: a relative one from
            // the config file's folder.
            for calendar in settings.calendars {
                print("")
                print("[[calendar]]")
                show("path", "\"\(calendar.path.safeForTerminal)\"")
                if let name = calendar.defaultList { show("default-list", "\"\(name.safeForTerminal)\"") }
                show("defaults", "\(calendar.reminderDefaults)")
                // The event keys where they differ from their defaults.
                if !calendar.events { show("events", "false") }
                if let seconds = calendar.eventDefaultAlarm { show("event-default-alarm", "\"\(seconds < 0 ? "-" : "+")\(abs(seconds) / 60)m\"") }
                if !calendar.eventsWrite { show("events-write", "false") }
                if let tasks = calendar.tasks { show("tasks", "\(tasks)") }
            }
        }
    }
}
