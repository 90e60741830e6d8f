import Foundation
import TestSupport
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
        #expect(settings.snoozeChoices == ["10m", "1h", "tomorrow 09:00"])
        #expect(settings.policy.digestEnabled)
        #expect(settings.policy.digestThreshold == 3)
        #expect(settings.policy.overdueInDigest)
        #expect(settings.policy.quietHours == nil)
        #expect(!settings.policy.quietHoursAllowHigh)
    }

    @Test("Every key is read")
    func everyKeyIsRead() throws {
        let settings = try ConfigFile.settings(fromTOML: """
            reminder-time = "07:30"
            due-soon-hours = 48
            remind-at-due-time = false
            default-reminder = false
            catch-up-hours = 2
            snooze = ["5m", "in 2 hours", "fri 17:00"]
            digest = false
            digest-threshold = 7
            overdue-in-digest = false
            quiet-hours = "22:30-06:45"
            quiet-hours-allow-high = true
            """, path: "/c.toml")
        #expect(settings.policy.reminderTime == TimeOfDay(hour: 7, minute: 30))
        #expect(settings.policy.dueSoonWindow == 48 * 3600)
        #expect(!settings.policy.remindAtDueTime)
        #expect(!settings.defaultReminder)
        #expect(settings.policy.catchUpWindow == 2 * 3600)
        #expect(settings.snoozeChoices == ["5m", "in 2 hours", "fri 17:00"])
        #expect(!settings.policy.digestEnabled)
        #expect(settings.policy.digestThreshold == 7)
        #expect(!settings.policy.overdueInDigest)
        #expect(settings.policy.quietHours == QuietHours(start: TimeOfDay(hour: 22, minute: 30)!, end: TimeOfDay(hour: 6, minute: 45)!))
        #expect(settings.policy.quietHoursAllowHigh)
    }

    @Test("Good values of the digest, quiet-hours and snooze keys", arguments: [
        ("digest-threshold = 1", Settings(policy: ReminderPolicy(digestThreshold: 1))),
        ("digest-threshold = 1000", Settings(policy: ReminderPolicy(digestThreshold: 1000))),
        ("digest = true", Settings()),
        ("overdue-in-digest = true", Settings()),
        ("quiet-hours = \"\"", Settings()),
        ("quiet-hours = \"9:00-17:00\"", Settings(policy: ReminderPolicy(
            quietHours: QuietHours(start: TimeOfDay(hour: 9, minute: 0)!, end: TimeOfDay(hour: 17, minute: 0)!)))),
        ("quiet-hours = \"23:59-00:00\"", Settings(policy: ReminderPolicy(
            quietHours: QuietHours(start: TimeOfDay(hour: 23, minute: 59)!, end: .midnight)))),
        ("quiet-hours-allow-high = false", Settings()),
        ("snooze = [\"1h\"]", Settings(snoozeChoices: ["1h"])),
        ("[[calendar]]\npath = \"~/.local/share/vdirsyncer/tasks/*\"\ndefault-list = \"personal\"\n[[calendar]]\npath = \"/srv/work\"\ndefaults = false",
         Settings(calendars: [
            CalendarTable(path: "~/.local/share/vdirsyncer/tasks/*", defaultList: "personal"),
            CalendarTable(path: "/srv/work", reminderDefaults: false),
         ])),
        ("snooze = [\"tomorrow\", \"+2d\", \"fri 17:00\", \"17:00\", \"in 30 min\", \"1h30m\", \"today\"]",
         Settings(snoozeChoices: ["tomorrow", "+2d", "fri 17:00", "17:00", "in 30 min", "1h30m", "today"])),
    ])
    func goodValue(toml: String, settings: Settings) throws {
        #expect(try ConfigFile.settings(fromTOML: toml, path: "/c.toml") == settings)
    }

    @Test("A bad value names the file, the key and what is allowed", arguments: [
        ("reminder-time = \"25:00\"", "The config file /c.toml has a bad value for “reminder-time”: it must be a time of day in quotes, such as \"09:00\"."),
        ("reminder-time = 9", "The config file /c.toml has a bad value for “reminder-time”: it must be a time of day in quotes, such as \"09:00\"."),
        ("due-soon-hours = 0", "The config file /c.toml has a bad value for “due-soon-hours”: it must be a whole number of hours from 1 to 8760, such as 24."),
        ("due-soon-hours = \"24\"", "The config file /c.toml has a bad value for “due-soon-hours”: it must be a whole number of hours from 1 to 8760, such as 24."),
        ("remind-at-due-time = \"yes\"", "The config file /c.toml has a bad value for “remind-at-due-time”: it must be true or false."),
        ("catch-up-hours = -1", "The config file /c.toml has a bad value for “catch-up-hours”: it must be a whole number of hours from 0 to 8760, such as 12."),
        ("digest = 1", "The config file /c.toml has a bad value for “digest”: it must be true or false."),
        ("digest = \"false\"", "The config file /c.toml has a bad value for “digest”: it must be true or false."),
        ("digest-threshold = 0", "The config file /c.toml has a bad value for “digest-threshold”: it must be a whole number of tasks from 1 to 100000, such as 3."),
        ("digest-threshold = -3", "The config file /c.toml has a bad value for “digest-threshold”: it must be a whole number of tasks from 1 to 100000, such as 3."),
        ("digest-threshold = 100001", "The config file /c.toml has a bad value for “digest-threshold”: it must be a whole number of tasks from 1 to 100000, such as 3."),
        ("digest-threshold = 9223372036854775807", "The config file /c.toml has a bad value for “digest-threshold”: it must be a whole number of tasks from 1 to 100000, such as 3."),
        ("digest-threshold = 2.5", "The config file /c.toml has a bad value for “digest-threshold”: it must be a whole number of tasks from 1 to 100000, such as 3."),
        ("digest-threshold = \"3\"", "The config file /c.toml has a bad value for “digest-threshold”: it must be a whole number of tasks from 1 to 100000, such as 3."),
        ("overdue-in-digest = \"yes\"", "The config file /c.toml has a bad value for “overdue-in-digest”: it must be true or false."),
        ("quiet-hours-allow-high = 0", "The config file /c.toml has a bad value for “quiet-hours-allow-high”: it must be true or false."),
        ("quiet-hours = \"22:00\"", "The config file /c.toml has a bad value for “quiet-hours”: it must be two times of day joined by a dash in quotes, such as \"22:00-07:00\", or \"\" for none."),
        ("quiet-hours = \"22:00-24:00\"", "The config file /c.toml has a bad value for “quiet-hours”: it must be two times of day joined by a dash in quotes, such as \"22:00-07:00\", or \"\" for none."),
        ("quiet-hours = \"22-7\"", "The config file /c.toml has a bad value for “quiet-hours”: it must be two times of day joined by a dash in quotes, such as \"22:00-07:00\", or \"\" for none."),
        ("quiet-hours = 22", "The config file /c.toml has a bad value for “quiet-hours”: it must be two times of day joined by a dash in quotes, such as \"22:00-07:00\", or \"\" for none."),
        ("quiet-hours = false", "The config file /c.toml has a bad value for “quiet-hours”: it must be two times of day joined by a dash in quotes, such as \"22:00-07:00\", or \"\" for none."),
        ("snooze = \"1h\"", "The config file /c.toml has a bad value for “snooze”: it must be an array of up to 10 snooze times in quotes, such as [\"10m\", \"1h\", \"tomorrow 09:00\"], or [] for none."),
        ("snooze = [\"1h\", 10]", "The config file /c.toml has a bad value for “snooze”: it must be an array of up to 10 snooze times in quotes, such as [\"10m\", \"1h\", \"tomorrow 09:00\"], or [] for none."),
        ("snooze = [\"next year\"]", "The config file /c.toml has a bad entry “next year” in “snooze”: “next year” is not a date or time: try today, tomorrow, fri, +3d, in 2 hours, 17:00, 2026-12-01 or 2026-12-01 17:00."),
        ("snooze = [\"1h\", \"tomorrow 25:00\"]", "The config file /c.toml has a bad entry “tomorrow 25:00” in “snooze”: “25:00” is not a time of day: hours go from 0 to 23."),
        ("snooze = [\"10x\"]", "The config file /c.toml has a bad entry “10x” in “snooze”: “10x” is not a date or time: try today, tomorrow, fri, +3d, in 2 hours, 17:00, 2026-12-01 or 2026-12-01 17:00."),
        ("snooze = [\"\"]", "The config file /c.toml has a bad entry “” in “snooze”: No date or time was given: try today, tomorrow, fri, +3d, in 2 hours, 17:00, 2026-12-01 or 2026-12-01 17:00."),
        ("snooze = [\"yesterday\"]", "The config file /c.toml has a bad entry “yesterday” in “snooze”: “yesterday” is yesterday 09:00, which has already come: snooze to a later time, such as 1h, 17:00 or tomorrow."),
        ("snooze = [\"2025-06-01 10:00\"]", "The config file /c.toml has a bad entry “2025-06-01 10:00” in “snooze”: a fixed date stops lying ahead once it has passed: give a length (1h), a time (17:00) or a day (tomorrow 09:00)."),
        ("snooze = [\"2099-06-01 10:00\"]", "The config file /c.toml has a bad entry “2099-06-01 10:00” in “snooze”: a fixed date stops lying ahead once it has passed: give a length (1h), a time (17:00) or a day (tomorrow 09:00)."),
        ("snooze = [\"1h\", \"60m\"]", "The config file /c.toml has a bad entry “60m” in “snooze”: it is the same as “1h”, and each choice is an action of its own."),
        ("snooze = [\"eod\"]", "The config file /c.toml has a bad entry “eod” in “snooze”: “eod” is not a moment to snooze to: give a length such as 1h, a time such as 17:00, or a day such as tomorrow."),
        ("snooze = [\"0m\"]", "The config file /c.toml has a bad entry “0m” in “snooze”: “0m” is a length of no time at all: snooze for a length such as 10m or 1h."),
        ("snooze = [\"1h\", \"10m\", \"1h\"]", "The config file /c.toml has a bad entry “1h” in “snooze”: it is listed twice, and each choice is an action of its own."),
        ("snooze = [" + (1...11).map { "\"\($0)m\"" }.joined(separator: ", ") + "]", "The config file /c.toml has a bad entry “11m” in “snooze”: a bubble offers at most 10 snooze choices, and this is one more."),
        ("calendar = \"~/tasks\"", "The config file /c.toml has a bad value for “calendar”: it must be one or more [[calendar]] tables, each with a path in quotes, such as path = \"~/.local/share/vdirsyncer/tasks/*\"."),
        // A path left out is said to be missing, not bad.
        ("[[calendar]]\ndefault-list = \"x\"", "The config file /c.toml has a [[calendar]] table without a path: give it one, such as path = \"~/.local/share/vdirsyncer/tasks/*\"."),
        ("[[calendar]]\npath = \"\"", "The config file /c.toml has a bad value for “calendar.path”: it must be a folder or a glob of folders in quotes, such as \"~/.local/share/vdirsyncer/tasks/*\"."),
        ("[[calendar]]\npath = \"/a\"\ndefaults = \"no\"", "The config file /c.toml has a bad value for “calendar.defaults”: it must be true or false."),
        ("[[calendar]]\npath = \"/a\"\ncolour = \"red\"", "The config file /c.toml has a bad entry “colour” in “calendar”: a [[calendar]] table takes only path, default-list, defaults, events, event-default-alarm, events-write, tasks."),
        ("[[calendar]]\npath = \"/a\"\ntasks = 1", "The config file /c.toml has a bad value for “calendar.tasks”: it must be true or false."),
        ("[[calendar]]\npath = \"/a\"\ndefault-list = \"a\"\n[[calendar]]\npath = \"/b\"\ndefault-list = \"b\"", "The config file /c.toml has a bad value for “calendar”: it must be tables of which at most one names a default-list."),
    ])
    func badValue(toml: String, message: String) {
        #expect(throws: ConfigError.self) { try ConfigFile.settings(fromTOML: toml, path: "/c.toml") }
        do {
            _ = try ConfigFile.settings(fromTOML: toml, path: "/c.toml")
        } catch {
            #expect(error.errorDescription == message)
        }
    }

    @Test("A snooze list of 4,000 entries is refused at its eleventh, without reading the rest")
    func longSnoozeList() throws {
        // Each entry was once compared with every earlier one, read again
        // each time: 4,000 entries cost 14 s on every command.
        let toml = "snooze = [" + (1...4000).map { "\"\($0)m\"" }.joined(separator: ", ") + "]"
        let error = #expect(throws: ConfigError.self) { try ConfigFile.settings(fromTOML: toml, path: "/c.toml") }
        #expect(error == .badEntry(path: "/c.toml", key: "snooze", entry: "11m",
                                   reason: "a bubble offers at most 10 snooze choices, and this is one more."))
        let ten = try ConfigFile.settings(fromTOML: "snooze = [" + (1...10).map { "\"\($0)m\"" }.joined(separator: ", ") + "]", path: "/c.toml")
        #expect(ten.snoozeChoices.count == 10)
    }

    @Test("An unknown key is refused with the list of keys")
    func unknownKey() {
        do {
            _ = try ConfigFile.settings(fromTOML: "remindertime = \"09:00\"", path: "/c.toml")
            Issue.record("an unknown key was accepted")
        } catch {
            #expect(error == .unknownKey(path: "/c.toml", key: "remindertime"))
            #expect(error.errorDescription?.contains("reminder-time, due-soon-hours") == true)
            #expect(error.errorDescription?.hasSuffix("catch-up-hours, snooze, digest, digest-threshold, "
                + "overdue-in-digest, quiet-hours, quiet-hours-allow-high, calendar, my-addresses.") == true)
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

    @Test("A syntax error is one sentence naming the file, the line and what is wrong")
    func syntaxSentence() {
        #expect(throws: ConfigError.self) { try ConfigFile.settings(fromTOML: "digest = true\nthis is = = not TOML\n", path: "/c.toml") }
        do {
            _ = try ConfigFile.settings(fromTOML: "digest = true\nthis is = = not TOML\n", path: "/c.toml")
        } catch {
            #expect(error.errorDescription
                == "The config file /c.toml is not valid TOML at line 2: expected “=” after the key “this”, found “i”.")
        }
    }

    @Test("/dev/null reads as an empty file; a folder and a file that is not UTF-8 are refused with their own sentences")
    func specialFiles() throws {
        #expect(try ConfigFile(path: "/dev/null", isExplicit: true).load() == .defaults)
        let folder = try TemporaryFolder()
        #expect(throws: ConfigError.isFolder(path: folder.path)) { try ConfigFile(path: folder.path, isExplicit: true).load() }
        let binary = folder.file("binary.toml")
        try Data([0x61, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22, 0x0A]).write(to: URL(fileURLWithPath: binary))
        #expect(throws: ConfigError.notText(path: binary)) { try ConfigFile(path: binary, isExplicit: true).load() }
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
        // An empty HOME is unset: the home folder comes from the password database, as for the store.
        let withoutHome = ConfigFile.resolve(explicit: nil, environment: ["HOME": ""]).path
        #expect(withoutHome.hasPrefix("/") && withoutHome.hasSuffix("/.config/todo-remind/config.toml"), "\(withoutHome)")
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

/// The calendar events' keys.
@Suite struct EventConfigTests {
    static func load(_ text: String) throws -> Settings {
        let folder = try TemporaryFolder()
        try text.write(toFile: folder.file("c.toml"), atomically: true, encoding: .utf8)
        return try ConfigFile(path: folder.file("c.toml"), isExplicit: true).load()
    }

    @Test("events, event-default-alarm and events-write are read per [[calendar]] table; my-addresses lower-cased, mailto: dropped")
    func read() throws {
        let settings = try Self.load("""
            my-addresses = ["Me@Example.org", "mailto:other@example.org"]
            [[calendar]]
            path = "/a"
            [[calendar]]
            path = "/b"
            events = false
            event-default-alarm = "-10m"
            events-write = false
            """)
        #expect(settings.addresses == ["me@example.org", "other@example.org"])
        #expect(settings.calendars.map(\.events) == [true, false])
        #expect(settings.calendars.map(\.eventDefaultAlarm) == [nil, -600])
        #expect(settings.calendars.map(\.eventsWrite) == [true, false])
    }

    @Test("A bad value names the key and what is allowed", arguments: [
        ("[[calendar]]\npath = \"/a\"\nevent-default-alarm = \"soon\"\n", "calendar.event-default-alarm"),
        ("[[calendar]]\npath = \"/a\"\nevents = \"yes\"\n", "calendar.events"),
        ("my-addresses = [\"nobody\"]\n", "my-addresses"),
    ])
    func refused(text: String, key: String) throws {
        do {
            _ = try Self.load(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.localizedDescription.contains(key), "\(error.localizedDescription)")
        }
    }
}

/// A relative `[[calendar]]` path is read from the
/// config file's folder, never from the working folder.
@Suite struct CalendarPathTests {
    @Test("A relative path is read from the config file's folder; a home or absolute one is kept", arguments: [
        ("cal/*", "/home/u/.config/todo-remind/cal/*"),
        ("../tasks/*", "/home/u/.config/todo-remind/../tasks/*"),
        ("~/tasks/*", "~/tasks/*"),
        ("/srv/tasks", "/srv/tasks"),
    ])
    func resolved(written: String, read: String) {
        #expect(CalendarTable(path: written).resolved(from: "/home/u/.config/todo-remind").path == read)
    }

    @Test("The config file's folder is a glob's prefix: its own wildcards match only themselves")
    func escaped() {
        #expect(CalendarTable(path: "cal/*").resolved(from: "/home/u/my[1]*?").path == "/home/u/my\\[1]\\*\\?/cal/*")
    }

    @Test("Loading a config reads its relative calendar paths from the file's folder")
    func loaded() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("conf"), withIntermediateDirectories: true)
        try "[[calendar]]\npath = \"cal/*\"\n".write(toFile: folder.file("conf/c.toml"), atomically: true, encoding: .utf8)
        let settings = try ConfigFile(path: folder.file("conf/c.toml"), isExplicit: true).load()
        #expect(settings.calendars.map(\.path) == [folder.file("conf") + "/cal/*"])
    }
}
