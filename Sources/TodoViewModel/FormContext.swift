import FoundationEssentials
import TodoCore
import TodoListing
import TodoStore
import TodoSync

/// What reading the form's fields takes, as a command's `Context` has it:
/// the moment relative WHENs count from, the clock and zone, the lists,
/// the default reminder, and the store a Parent is looked up in.
public struct FormContext: Sendable {
    public var now: Date
    public var timeRules: TimeRules
    /// The machine's zone, which a new series is anchored in.
    public var zone: Zone
    public var lists: ConfiguredLists
    public var defaultReminder: Bool
    /// Where the Parent field's task is found (`TaskResolver`); without
    /// one, a Parent is refused.
    public var store: TaskStore?

    public init(now: Date, timeRules: TimeRules, zone: Zone, lists: ConfiguredLists, defaultReminder: Bool, store: TaskStore? = nil) {
        self.store = store
        self.now = now
        self.timeRules = timeRules
        self.zone = zone
        self.lists = lists
        self.defaultReminder = defaultReminder
    }

    var parser: WhenParser { WhenParser(now: now, clock: timeRules.clock) }
}
