import Foundation
import TodoCore

extension DeliveryPlanner {
    /// When the daemon wakes next, and the reminder it waits for (what
    /// `status` shows as armed).
    struct Wake: Equatable {
        /// nil: nothing to wake for.
        var at: Date?
        /// The reminder whose firing is the next instant, if a reminder is
        /// what the daemon waits for; nil when only a retry or a write is.
        var reminder: Reminder?
    }

    /// The earliest of what is to come: the reminders that fire next, as
    /// the plan held them (`DeliveryPlan.nextHeld`) or the store found them
    /// (`upcoming`, each with its fire time: its instant, or the end of the
    /// quiet hours holding it), the next attempt of a failed delivery, and
    /// `flushBy` (when records kept in memory are tried again). Among
    /// reminders firing together, the one whose own instant is earliest.
    func wake(upcoming: [(reminder: Reminder, at: Date)], retries: [PendingRetry], flushBy: Date?) -> Wake {
        let next = upcoming.min { ($0.at, $0.reminder.at) < ($1.at, $1.reminder.at) }
        let at = [next?.at, retries.map(\.nextAt).min(), flushBy].compactMap { $0 }.min()
        return Wake(at: at, reminder: next?.reminder)
    }
}
