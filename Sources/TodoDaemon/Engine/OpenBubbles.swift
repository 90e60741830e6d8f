import FoundationEssentials
import TodoCore

/// The bubbles the daemon showed, one per owner (a task or an event; a
/// digest stays open for its other tasks), while they may still be on
/// screen: the reminder each shows, and for an event's alarm the occurrence
/// its actions act on. One is closed when what it reminds of is handled
/// elsewhere.
struct OpenBubbles {
    /// More bubbles than anyone leaves open on a screen; beyond it the
    /// earliest shown are forgotten (and left to the server's timeout).
    static let capacity = 256

    /// Why a bubble's reminder needs it no longer.
    enum Reason: String {
        case deleted, completed, off, acknowledged
        /// An event's alarm that no longer fires as it was shown, though
        /// nobody acknowledged it: its occurrence cancelled, moved or
        /// declined, or its alarm removed.
        case cancelled
    }

    /// A bubble shown: its reminder, and an event's occurrence.
    private struct Shown {
        var reminder: Reminder
        var event: EventInstance?
    }

    private var open: [Reminder.Owner: Shown] = [:]
    /// The tasks of the digest shown last, which its actions act on: a new
    /// digest replaces the one still open (`BubbleOwner.digest`).
    private(set) var digestTasks: [Int64] = []

    /// A digest of these tasks is shown now.
    mutating func shownDigest(of taskIDs: [Int64]) {
        var seen: Set<Int64> = []
        digestTasks = taskIDs.filter { seen.insert($0).inserted }
    }

    /// The owner's bubble shows `reminder` now (for an event's alarm, for
    /// the occurrence `event`).
    mutating func shown(_ reminder: Reminder, event: EventInstance? = nil) {
        open[reminder.owner] = Shown(reminder: reminder, event: event)
        if open.count > Self.capacity, let earliest = open.values.min(by: { $0.reminder.at < $1.reminder.at }) {
            open[earliest.reminder.owner] = nil
        }
    }

    /// The alarm the event's bubble shows, if it may still be open.
    func shownEvent(_ eventID: Int64) -> ReminderOf<EventInstance>? {
        guard let shown = open[.event(eventID)], let event = shown.event else { return nil }
        return ReminderOf(shown.reminder, of: event)
    }

    /// An action was chosen on the owner's bubble, which closes it.
    mutating func actedOn(_ owner: Reminder.Owner) {
        open[owner] = nil
    }

    /// The bubbles whose reminders were handled since they were shown, with
    /// why, forgotten here.
    ///
    /// A task's: its task (`task(id)` as it is now) completed, deleted or
    /// switched off, or its reminders acknowledged at or after the one shown
    /// (dismissed or snoozed on another device, or here through the CLI):
    /// the rule by which the time rules show no reminder
    /// (`TimeRules.isUnhandled`).
    ///
    /// An event's: by the rule that fires it, while the index of alarms holds
    /// it (`stillFires`); an acknowledgement (`X-MOZ-LASTACK`, RFC 9074's
    /// `ACKNOWLEDGED`), a cancelled or moved occurrence, or a deleted event
    /// takes it out. `event(id)` is the event as the store holds it now, nil
    /// when its file is gone, which only says why.
    mutating func handled(
        task: (Int64) throws -> TodoTask?, event: (Int64) throws -> EventSeries?, stillFires: (Reminder.ID) throws -> Bool
    ) rethrows -> [(owner: Reminder.Owner, reason: Reason)] {
        var handled: [(owner: Reminder.Owner, reason: Reason)] = []
        for (owner, shown) in open.sorted(by: { $0.key < $1.key }) {
            let reason: Reason?
            switch owner {
            case .task(let taskID): reason = Self.reason(shown.reminder, of: try task(taskID))
            case .event(let eventID): reason = try stillFires(shown.reminder.id) ? nil : Self.reason(shown, of: try event(eventID))
            }
            guard let reason else { continue }
            open[owner] = nil
            handled.append((owner, reason))
        }
        return handled
    }

    private static func reason(_ reminder: Reminder, of task: TodoTask?) -> Reason? {
        switch task {
        case nil: .deleted
        case let task? where task.isCompleted: .completed
        case let task? where !task.reminderOn: .off
        case let task? where !TimeRules.isUnhandled(reminder, of: task): .acknowledged
        default: nil
        }
    }

    /// Why an event's alarm no longer fires: acknowledged at or after it,
    /// else cancelled; deleted with its file.
    private static func reason(_ shown: Shown, of series: EventSeries?) -> Reason {
        guard let series else { return .deleted }
        let alarms = series.details.alarms + series.overrides.flatMap(\.details.alarms)
        let acknowledged = ([series.acknowledgedAt] + alarms.filter { $0.id == shown.event?.alarmID }.map(\.acknowledgedAt))
            .compactMap { $0 }.max()
        return acknowledged.map { $0 >= shown.reminder.at } == true ? .acknowledged : .cancelled
    }
}
