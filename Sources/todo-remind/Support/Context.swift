import FoundationEssentials
import TodoConfig
import TodoCore
import TodoListing
import TodoStore
import TodoSync

/// Everything a command needs, resolved once from the global options and the
/// environment: this is the one place the CLI reads the clock and environment.
struct Context {
    /// What a command does to the store: reading commands never create it or
    /// write to it, so they work on a store the user may only read.
    enum Access {
        case read
        case write
    }

    let settings: Settings
    let configFile: ConfigFile
    private let storeOpener: StoreOpener
    let timeRules: TimeRules
    let zone: SystemTimeZone.Choice
    /// The one moment the command works at: the real now, or `--now`. Every
    /// relative phrase and every date word of one command counts from it.
    let now: Date
    let style: Style
    /// The lists of the config's `[[calendar]]` folders; empty without.
    let lists: ConfiguredLists

    /// - Parameters:
    ///   - access: whether the command writes to the store.
    ///   - now: the text of `--now`, if the command takes it and it was given.
    ///   - syncing: whether opening the store first reads in what changed
    ///     in the lists' folders (all but `sync --check`, which compares).
    init(_ options: GlobalOptions, access: Access = .write, now nowText: String? = nil, syncing: Bool = true) throws {
        let environment = ProcessEnvironment.values
        zone = SystemTimeZone.choice(tz: environment["TZ"])
        if let warning = zone.warning {
            Warning.write(warning)
        }
        configFile = ConfigFile.resolve(explicit: options.config, environment: environment)
        settings = try configFile.load()
        let timeRules = TimeRules(zone: zone.zone, policy: settings.policy)
        self.timeRules = timeRules
        let realNow = Date()
        now = try nowText.map { try WhenParser(now: realNow, clock: timeRules.clock).instant(from: $0) } ?? realNow
        let location = StoreLocation(explicit: options.store, environment: environment)
        lists = ConfiguredLists(settings.calendars, home: environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path, addresses: settings.addresses)
        storeOpener = StoreOpener(
            path: location.path, access: access, isDefault: location.isDefault,
            folders: lists.isEmpty || !syncing ? nil : CommandSync(lists: lists, timeRules: timeRules, now: now, realNow: realNow)
        )
        style = Style(mode: options.color, environment: environment)
    }

    /// The store, opened when first asked for (`StoreOpener`).
    var store: TaskStore {
        get throws { try storeOpener.store() }
    }

    /// The store's path, known without opening it.
    var storePath: String { storeOpener.path }

    var clock: WallClock { timeRules.clock }

    /// Reads WHEN relative to the command's now.
    func parseDue(_ text: String) throws -> Due {
        try WhenParser(now: now, clock: clock).due(from: text)
    }

    /// The local reading a `--due` value was typed as (`WhenParser.typedReading(of:)`),
    /// which a series started in a DST gap keeps as its anchor.
    func typedReading(_ text: String) throws -> WallReading? {
        try WhenParser(now: now, clock: clock).typedReading(of: text)
    }

    /// Reads a `--remind` value (`WhenParser.alarms`) relative to the command's now.
    func parseAlarms(_ text: String) throws -> [TaskAlarm] {
        try WhenParser(now: now, clock: clock).alarms(from: text)
    }

    /// Reads WHEN as the moment a snooze asks for: a day alone means the
    /// reminder time on that day (see `WhenParser.snoozeInstant`).
    func snoozeInstant(_ text: String) throws -> Date {
        try WhenParser(now: now, clock: clock).snoozeInstant(from: text, dayTime: timeRules.policy.reminderTime)
    }

    func describer() -> TaskDescriber {
        var describer = TaskDescriber(timeRules: timeRules, now: now, style: style)
        describer.listNames = listNames
        return describer
    }

    /// The JSON of tasks as of the command's now.
    func taskJSON() -> TaskJSON {
        var json = TaskJSON(timeRules: timeRules, now: now)
        json.listNames = listNames
        return json
    }

    /// The lists' names by folder path (`TodoTask.list`).
    var listNames: [String: String] {
        Dictionary(lists.lists.map { ($0.path, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// A list's name by its folder path (`TodoTask.list`): "local" for the
    /// store's own.
    func listName(_ path: String?) -> String {
        path.map { listNames[$0] ?? $0 } ?? "local"
    }

    /// The folder path of the list `name` names, for a --list option; nil for none given.
    func listPath(named name: String?) throws -> String? {
        try name.map { name in try lists.list(named: name).path }
    }
}
