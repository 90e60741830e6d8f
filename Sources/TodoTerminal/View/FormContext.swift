import Foundation
import TodoCore
import TodoSync

/// What reading the form's fields takes, as a command's `Context` has it:
/// the moment relative WHENs count from, the clock and zone, the lists,
/// and the default reminder.
public struct FormContext: Sendable {
    public var now: Date
    public var scheduler: Scheduler
    /// The machine's zone, which a new series is anchored in.
    public var zone: TimeZone
    public var lists: ConfiguredLists
    public var defaultReminder: Bool

    public init(now: Date, scheduler: Scheduler, zone: TimeZone, lists: ConfiguredLists, defaultReminder: Bool) {
        self.now = now
        self.scheduler = scheduler
        self.zone = zone
        self.lists = lists
        self.defaultReminder = defaultReminder
    }

    var parser: WhenParser { WhenParser(now: now, clock: scheduler.clock) }
}
