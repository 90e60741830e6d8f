import ArgumentParser

extension TodoRemind {
    struct Config: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the effective settings and every path in use.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try Context(global)
            let policy = context.settings.policy
            let source = context.configFile.exists ? "" : " (not present: defaults in use)"
            print("store              \(context.store.path)")
            print("config file        \(context.configFile.path)\(source)")
            print("time zone          \(context.clock.timeZone.identifier)")
            print("")
            print("reminder-time      \"\(policy.reminderTime)\"")
            print("due-soon-hours     \(Int(policy.dueSoonWindow / 3600))")
            print("remind-at-due-time \(policy.remindAtDueTime)")
            print("default-reminder   \(context.settings.defaultReminder)")
            print("catch-up-hours     \(Int(policy.catchUpWindow / 3600))")
        }
    }
}
