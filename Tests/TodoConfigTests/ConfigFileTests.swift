import Foundation
import Testing
import TodoConfig
import TodoCore

@Suite("The config file")
struct ConfigFileTests {
    @Test("An empty file gives the defaults")
    func emptyFileGivesDefaults() throws {
        let settings = try ConfigFile.settings(fromTOML: "", path: "/c.toml")
        #expect(settings == .defaults)
        #expect(settings.policy.reminderTime == TimeOfDay(hour: 9, minute: 0))
        #expect(settings.policy.dueSoonWindow == 24 * 3600)
        #expect(settings.policy.remindAtDueTime)
        #expect(settings.defaultReminder)
        #expect(settings.policy.catchUpWindow == 12 * 3600)
    }

    @Test("Every key is read")
    func everyKeyIsRead() throws {
        let settings = try ConfigFile.settings(fromTOML: """
            reminder-time = "07:30"
            due-soon-hours = 48
            remind-at-due-time = false
            default-reminder = false
            catch-up-hours = 2
            """, path: "/c.toml")
        #expect(settings.policy.reminderTime == TimeOfDay(hour: 7, minute: 30))
        #expect(settings.policy.dueSoonWindow == 48 * 3600)
        #expect(!settings.policy.remindAtDueTime)
        #expect(!settings.defaultReminder)
        #expect(settings.policy.catchUpWindow == 2 * 3600)
    }

    @Test("A bad value names the file, the key and what is allowed", arguments: [
        ("reminder-time = \"25:00\"", "The config file /c.toml has a bad value for “reminder-time”: it must be a time of day in quotes, such as \"09:00\"."),
        ("reminder-time = 9", "The config file /c.toml has a bad value for “reminder-time”: it must be a time of day in quotes, such as \"09:00\"."),
        ("due-soon-hours = 0", "The config file /c.toml has a bad value for “due-soon-hours”: it must be a whole number of hours from 1 to 8760, such as 24."),
        ("due-soon-hours = \"24\"", "The config file /c.toml has a bad value for “due-soon-hours”: it must be a whole number of hours from 1 to 8760, such as 24."),
        ("remind-at-due-time = \"yes\"", "The config file /c.toml has a bad value for “remind-at-due-time”: it must be true or false."),
        ("catch-up-hours = -1", "The config file /c.toml has a bad value for “catch-up-hours”: it must be a whole number of hours from 0 to 8760, such as 12."),
    ])
    func badValue(toml: String, message: String) {
        #expect(throws: ConfigError.self) { try ConfigFile.settings(fromTOML: toml, path: "/c.toml") }
        do {
            _ = try ConfigFile.settings(fromTOML: toml, path: "/c.toml")
        } catch {
            #expect(error.errorDescription == message)
        }
    }

    @Test("An unknown key is refused with the list of keys")
    func unknownKey() {
        do {
            _ = try ConfigFile.settings(fromTOML: "remindertime = \"09:00\"", path: "/c.toml")
            Issue.record("an unknown key was accepted")
        } catch {
            #expect(error == .unknownKey(path: "/c.toml", key: "remindertime"))
            #expect(error.errorDescription?.contains("reminder-time, due-soon-hours") == true)
        }
    }

    @Test("Broken TOML is refused with its line")
    func brokenTOML() {
        do {
            _ = try ConfigFile.settings(fromTOML: "due-soon-hours = 24\nreminder-time = ", path: "/c.toml")
            Issue.record("broken TOML was accepted")
        } catch {
            guard case .syntax(let path, let line, _) = error else {
                Issue.record("expected a syntax error, got \(error)")
                return
            }
            #expect(path == "/c.toml")
            #expect(line == 2)
        }
    }

    @Test("The path: --config, then TODO_REMIND_CONFIG, then XDG_CONFIG_HOME, then ~/.config")
    func pathPrecedence() {
        let environment = ["TODO_REMIND_CONFIG": "/env.toml", "XDG_CONFIG_HOME": "/xdg", "HOME": "/home/me"]
        #expect(ConfigFile.resolve(explicit: "/flag.toml", environment: environment).path == "/flag.toml")
        #expect(ConfigFile.resolve(explicit: nil, environment: environment).path == "/env.toml")
        #expect(ConfigFile.resolve(explicit: nil, environment: ["XDG_CONFIG_HOME": "/xdg", "HOME": "/home/me"]).path
            == "/xdg/todo-remind/config.toml")
        #expect(ConfigFile.resolve(explicit: nil, environment: ["HOME": "/home/me"]).path
            == "/home/me/.config/todo-remind/config.toml")
        // A relative XDG_CONFIG_HOME is invalid per the XDG spec and ignored.
        #expect(ConfigFile.resolve(explicit: nil, environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/me"]).path
            == "/home/me/.config/todo-remind/config.toml")
    }

    @Test("A missing default file means defaults; a missing named file is an error")
    func missingFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
        #expect(try ConfigFile(path: folder + "/config.toml", isExplicit: false).load() == .defaults)
        #expect(throws: ConfigError.missing(path: folder + "/config.toml")) {
            try ConfigFile(path: folder + "/config.toml", isExplicit: true).load()
        }
    }

    @Test("A real file on disk is read")
    func realFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config.toml")
        try Data("due-soon-hours = 6\n".utf8).write(to: file)
        let settings = try ConfigFile(path: file.path, isExplicit: true).load()
        #expect(settings.policy.dueSoonWindow == 6 * 3600)
    }
}

@Suite("The example config")
struct ExampleConfigTests {
    @Test("Resources/config.example.toml is valid and holds the defaults")
    func exampleIsValid() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("Resources/config.example.toml").path
        #expect(try ConfigFile(path: path, isExplicit: true).load() == .defaults)
    }
}
