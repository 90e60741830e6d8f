import Foundation
import TestSupport
import Testing

/// `config`, the config file, and where the store lives.
@Suite("config and paths", .ownThread)
struct ConfigTests {
    @Test("config prints the default store and config paths under the XDG folders, and the defaults")
    func defaults() throws {
        let cli = try CLI()
        defer { cli.remove() }

        let lines = try cli.lines("config")

        #expect(lines.contains("store                  \(cli.storePath) (not created yet)"))
        #expect(lines.contains("config file            \(cli.path("config/todo-remind/config.toml")) (not present: defaults in use)"))
        #expect(lines.contains("time zone              Europe/Berlin (from TZ)"))
        #expect(lines.contains("reminder-time          \"09:00\""))
        #expect(lines.contains("due-soon-hours         24"))
        #expect(lines.contains("remind-at-due-time     true"))
        #expect(lines.contains("default-reminder       true"))
        #expect(lines.contains("catch-up-hours         12"))
        #expect(lines.contains("snooze                 [\"10m\", \"1h\", \"tomorrow 09:00\"]"))
        #expect(lines.contains("digest                 true"))
        #expect(lines.contains("digest-threshold       3"))
        #expect(lines.contains("overdue-in-digest      true"))
        #expect(lines.contains("quiet-hours            \"\""))
        #expect(lines.contains("quiet-hours-allow-high false"))
    }

    @Test("config shows the store path once the store exists, and still when the store is not ours")
    func existingAndForeignStore() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.ok("add", "Something")
        #expect(try cli.lines("config").contains("store                  \(cli.storePath)"))

        let foreign = cli.path("foreign.sqlite")
        try Data("not a database at all".utf8).write(to: URL(fileURLWithPath: foreign))
        #expect(try cli.lines("config", "--store", foreign).contains("store                  \(foreign)"))
    }

    @Test("without XDG variables, or with relative ones, the paths are under ~/.local/share and ~/.config", arguments: [
        [:], ["XDG_DATA_HOME": "relative/data", "XDG_CONFIG_HOME": "relative/config"],
    ])
    func homePaths(xdg: [String: String]) throws {
        var cli = try CLI()
        defer { cli.remove() }
        cli.environment["XDG_DATA_HOME"] = nil
        cli.environment["XDG_CONFIG_HOME"] = nil

        let lines = try cli.lines(["config"], environment: xdg)

        #expect(lines.contains("store                  \(cli.path(".local/share/todo-remind/tasks.sqlite")) (not created yet)"))
        #expect(lines.contains("config file            \(cli.path(".config/todo-remind/config.toml")) (not present: defaults in use)"))
    }

    @Test("the store is created under XDG_DATA_HOME, readable by its owner alone")
    func storeFile() throws {
        let cli = try CLI()
        defer { cli.remove() }

        try cli.ok("add", "Buy milk")

        let file = try FileManager.default.attributesOfItem(atPath: cli.storePath)
        let folder = try FileManager.default.attributesOfItem(atPath: (cli.storePath as NSString).deletingLastPathComponent)
        #expect((file[.posixPermissions] as? Int) == 0o600)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
    }

    @Test("--store and TODO_REMIND_STORE choose the store; config shows it", arguments: [true, false])
    func storePath(byOption: Bool) throws {
        let cli = try CLI()
        defer { cli.remove() }
        let store = cli.path("elsewhere/my tasks.sqlite")
        let options = byOption ? ["--store", store] : []
        let environment = byOption ? [:] : ["TODO_REMIND_STORE": store]

        try cli.ok(["add", "Buy milk"] + options, environment: environment)
        let config = try cli.ok(["config"] + options, environment: environment)

        #expect(config.contains("store                  \(store)\n"))
        #expect(FileManager.default.fileExists(atPath: store))
        #expect(!FileManager.default.fileExists(atPath: cli.storePath))
        #expect(try cli.ok(["list", "--json"] + options, environment: environment).contains("Buy milk"))
        #expect(try cli.objects("export").isEmpty)
    }

    @Test("--config wins over TODO_REMIND_CONFIG, which wins over the XDG config file")
    func configPrecedence() throws {
        let cli = try CLI()
        defer { cli.remove() }
        try FileManager.default.createDirectory(atPath: cli.path("config/todo-remind"), withIntermediateDirectories: true)
        try cli.write("config/todo-remind/config.toml", "due-soon-hours = 10\n")
        let fromEnvironment = try cli.write("env.toml", "due-soon-hours = 20\n")
        let fromOption = try cli.write("option.toml", "due-soon-hours = 30\n")

        let xdg = try cli.ok(["config"])
        let environment = try cli.ok(["config"], environment: ["TODO_REMIND_CONFIG": fromEnvironment])
        let option = try cli.ok(["config", "--config", fromOption], environment: ["TODO_REMIND_CONFIG": fromEnvironment])

        #expect(xdg.contains("config file            \(cli.path("config/todo-remind/config.toml"))\n"))
        #expect(xdg.contains("due-soon-hours         10\n"))
        #expect(environment.contains("config file            \(fromEnvironment)\n"))
        #expect(environment.contains("due-soon-hours         20\n"))
        #expect(option.contains("config file            \(fromOption)\n"))
        #expect(option.contains("due-soon-hours         30\n"))
    }

    @Test("snooze = [] and quiet hours that end when they start are accepted: no snooze choices, no quiet hours")
    func emptySnoozeAndQuietHours() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let config = try cli.write("config.toml", """
            snooze = []
            quiet-hours = "00:00-00:00"

            """)

        let settings = try cli.lines("config", "--config", config)
        try cli.ok("add", "Midnight call", "--due", "2026-12-02 00:00", "--now", "2026-12-01 12:00", "--config", config)
        let reminders = try cli.objects("next", "--json", "--now", "2026-12-01 12:00", "--config", config)

        #expect(settings.contains("snooze                 []"), "\(settings)")
        #expect(settings.contains("quiet-hours            \"\""), "\(settings)")
        // The reminder at midnight is not held: no stretch of quiet hours starts there.
        let atDue = try #require(reminders.first { $0["kind"] as? String == "atDueTime" }, "\(reminders)")
        #expect(atDue["at"] as? String == "2026-12-02T00:00:00+01:00" && atDue["held"] as? Bool == false, "\(atDue)")
    }

    @Test("every config key changes what the commands do")
    func settingsTakeEffect() throws {
        let cli = try CLI()
        defer { cli.remove() }
        let config = try cli.write("config.toml", """
            reminder-time = "07:30"
            due-soon-hours = 48
            remind-at-due-time = false
            default-reminder = false
            catch-up-hours = 6
            overdue-in-digest = false

            """)

        let settings = try cli.lines("config", "--config", config)
        try cli.ok("add", "Pay rent", "--due", "2026-12-01 17:00", "--config", config)
        let added = try cli.task("1")
        try cli.ok("on", "1", "--config", config)
        let reminders = try cli.objects("next", "--json", "--now", "2026-11-01", "--config", config)
        let footer = try cli.lines("list", "--now", "2026-11-30 12:00", "--config", config).last

        #expect(settings.contains("reminder-time          \"07:30\""))
        #expect(settings.contains("due-soon-hours         48"))
        #expect(settings.contains("remind-at-due-time     false"))
        #expect(settings.contains("default-reminder       false"))
        #expect(settings.contains("catch-up-hours         6"))
        #expect(added["reminder"] as? Bool == false)
        #expect(JSON.text(reminders) == #"[{"at":"2026-12-01T07:30:00+01:00","digest":false,"held":false,"kind":"morning","laterOccurrence":false,"taskId":1,"title":"Pay rent"}]"#)
        #expect(footer == "0 of 1 done · 0 overdue · 1 due within 48 h")
    }
}
