import Foundation
import TodoCore

/// The bubbles the daemon showed for one task each (a digest stays open for
/// its other tasks) and for one event each, while they may still be on
/// screen: by task, the reminder shown; by event, the alarm shown (which its
/// bubble's actions act on). One is closed when what it reminds of is
/// handled elsewhere.
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

    private var reminders: [Int64: Reminder] = [:]
    private var events: [Int64: EventReminder] = [:]
    /// The tasks of the digest shown last, which its actions act on: a new
    /// digest replaces the one still open (`ReminderComposer.digestTaskID`).
    private(set) var digestTasks: [Int64] = []

    /// A digest of these tasks is shown now.
    mutating func shownDigest(of taskIDs: [Int64]) {
        var seen: Set<Int64> = []
        digestTasks = taskIDs.filter { seen.insert($0).inserted }
    }

    /// The task's bubble shows `reminder` now.
    mutating func shown(_ reminder: Reminder) {
        reminders[reminder.taskID] = reminder
        if reminders.count > Self.capacity, let earliest = reminders.values.min(by: { $0.at < $1.at }) {
            reminders[earliest.taskID] = nil
        }
    }

    /// The event's bubble shows `alarm` now.
    mutating func shown(_ alarm: EventReminder) {
        events[alarm.eventID] = alarm
        if events.count > Self.capacity, let earliest = events.values.min(by: { $0.at < $1.at }) {
            events[earliest.eventID] = nil
        }
    }

    /// The alarm the event's bubble shows, if it may still be open.
    func shownEvent(_ eventID: Int64) -> EventReminder? {
        events[eventID]
    }

    /// An action was chosen on the task's bubble, which closes it.
    mutating func actedOn(taskID: Int64) {
        reminders[taskID] = nil
    }

    /// An action was chosen on the event's bubble, which closes it.
    mutating func actedOn(eventID: Int64) {
        events[eventID] = nil
    }

    /// The bubbles whose reminders were handled since they were shown, with
    /// why, forgotten here: their task (`task(id)` as it is now) completed,
    /// deleted or switched off, or its reminders acknowledged at or after the
    /// one shown (dismissed or snoozed on another device, or here through the
    /// CLI): the rule by which the scheduler shows no reminder
    /// (`Scheduler.isUnhandled`).
    mutating func handled(_ task: (Int64) throws -> TodoTask?) rethrows -> [(taskID: Int64, reason: Reason)] {
        var handled: [(taskID: Int64, reason: Reason)] = []
        for (taskID, reminder) in reminders.sorted(by: { $0.key < $1.key }) {
            let reason: Reason? = switch try task(taskID) {
            case nil: .deleted
            case let task? where task.isCompleted: .completed
            case let task? where !task.reminderOn: .off
            case let task? where !Scheduler.isUnhandled(reminder, of: task): .acknowledged
            default: nil
            }
            guard let reason else { continue }
            reminders[taskID] = nil
            handled.append((taskID, reason))
        }
        return handled
    }

    /// The events' bubbles whose alarms were handled since they were shown,
    /// with why, forgotten here. The rule is the one that fires them: an
    /// alarm fires while the index of alarms holds it (`stillFires`), and an
    /// acknowledgement (`X-MOZ-LASTACK`, RFC 9074's `ACKNOWLEDGED`), a
    /// cancelled or moved occurrence, or a deleted event takes it out.
    /// `event(id)` is the event as the store holds it now, nil when its
    /// file is gone, which only says why.
    mutating func handledEvents(
        event: (Int64) throws -> EventSeries?, stillFires: (EventReminder.ID) throws -> Bool
    ) rethrows -> [(eventID: Int64, reason: Reason)] {
        var handled: [(eventID: Int64, reason: Reason)] = []
        for (eventID, alarm) in events.sorted(by: { $0.key < $1.key }) where try !stillFires(alarm.id) {
            let reason: Reason
            if let series = try event(eventID) {
                let alarms = series.details.alarms + series.overrides.flatMap(\.details.alarms)
                let acknowledged = ([series.acknowledgedAt] + alarms.filter { $0.id == alarm.instant.alarmID }.map(\.acknowledgedAt))
                    .compactMap { $0 }.max()
                reason = acknowledged.map { $0 >= alarm.at } == true ? .acknowledged : .cancelled
            } else {
                reason = .deleted
            }
            events[eventID] = nil
            handled.append((eventID, reason))
        }
        return handled
    }
}
