import Foundation
import TodoCore

/// The bubbles the daemon showed for one task each (a digest stays open for
/// its other tasks), while they may still be on screen: by task, the
/// reminder shown. One is closed when its reminder is handled elsewhere.
struct OpenBubbles {
    /// More bubbles than anyone leaves open on a screen; beyond it the
    /// earliest shown are forgotten (and left to the server's timeout).
    static let capacity = 256

    /// Why a bubble's reminder needs it no longer.
    enum Reason: String {
        case deleted, completed, off, acknowledged
    }

    private var reminders: [Int64: Reminder] = [:]

    /// The task's bubble shows `reminder` now.
    mutating func shown(_ reminder: Reminder) {
        reminders[reminder.taskID] = reminder
        if reminders.count > Self.capacity, let earliest = reminders.values.min(by: { $0.at < $1.at }) {
            reminders[earliest.taskID] = nil
        }
    }

    /// An action was chosen on the task's bubble, which closes it.
    mutating func actedOn(taskID: Int64) {
        reminders[taskID] = nil
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
}
