import Foundation
import TodoConfig
import TodoCore
import TodoStore

/// Everything a command needs, resolved once from the global options and the
/// environment: this is the one place the CLI reads the clock and environment.
struct Context {
    let settings: Settings
    let configFile: ConfigFile
    let store: TaskStore
    let scheduler: Scheduler
    let now: Date
    let style: Style

    init(_ options: GlobalOptions) throws {
        let environment = ProcessInfo.processInfo.environment
        configFile = ConfigFile.resolve(explicit: options.config, environment: environment)
        settings = try configFile.load()
        store = try TaskStore(path: TaskStore.resolvePath(explicit: options.store, environment: environment))
        scheduler = Scheduler(calendar: Calendar.current, policy: settings.policy)
        now = Date()
        style = Style(mode: options.color, environment: environment)
    }

    var clock: WallClock { scheduler.clock }

    /// Reads WHEN relative to the real now.
    func parseDue(_ text: String) throws -> Due {
        try WhenParser(now: now, clock: clock).due(from: text)
    }

    /// Reads WHEN as the moment a snooze asks for: a day alone means the
    /// reminder time on that day (see `WhenParser.snoozeInstant`).
    func snoozeInstant(_ text: String) throws -> Date {
        try WhenParser(now: now, clock: clock).snoozeInstant(from: text, dayTime: scheduler.policy.reminderTime)
    }

    /// The instant `--now` asks for, or the real now.
    func evaluationInstant(_ text: String?) throws -> Date {
        guard let text else { return now }
        return try WhenParser(now: now, clock: clock).instant(from: text)
    }

    func describer(at instant: Date? = nil) -> TaskDescriber {
        TaskDescriber(scheduler: scheduler, now: instant ?? now, style: style)
    }
}
