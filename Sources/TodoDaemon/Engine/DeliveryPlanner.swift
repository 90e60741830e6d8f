import Foundation
import TodoCore
import TodoStore

/// Decides which reminders fire now and which are skipped (DESIGN.md §2).
///
/// Pure: given `now`, the tasks that can have reminders in the window, and
/// what the ledger already holds, it returns decisions. A reminder fires when
/// its instant has come, it is no older than the catch-up window, and the
/// ledger has no record of it; one older than the window, after the daemon's
/// last look, is skipped. A reminder whose instant came before the task last
/// changed (a task added at 10:00 with its morning reminder at 09:00) was never
/// due to fire, and is neither fired nor skipped.
struct DeliveryPlanner {
    let scheduler: Scheduler

    /// How far back a daemon that was off for long records skips: older
    /// reminders are left out of the ledger instead of writing a row for each.
    static let longestLookback: TimeInterval = 31 * 86_400

    /// How late a reminder may be shown and still count as on time.
    static let onTimeGrace: TimeInterval = 60

    /// How old a reminder may be and still fire: the policy's catch-up window,
    /// but never less than `onTimeGrace`. The timer wakes the daemon a moment
    /// after a reminder's instant, never at it, so with `catch-up-hours = 0`
    /// the bare window would skip every reminder, even one on time.
    var catchUpWindow: TimeInterval {
        max(scheduler.policy.catchUpWindow, Self.onTimeGrace)
    }

    /// The earliest instant `plan` needs tasks and ledger records from.
    func lookbackStart(now: Date, watermark: Date?) -> Date {
        let windowStart = now.addingTimeInterval(-catchUpWindow)
        let oldest = windowStart.addingTimeInterval(-Self.longestLookback)
        guard let watermark, watermark < windowStart else { return windowStart }
        return max(watermark, oldest)
    }

    struct Decisions {
        /// Reminders to fire now, earliest first, with their tasks.
        var fire: [(reminder: Reminder, task: TodoTask)] = []
        /// Reminders whose time passed longer ago than the catch-up window.
        var skip: [Reminder] = []
    }

    /// - Parameters:
    ///   - watermark: the instant up to which an earlier run looked, if any.
    ///   - tasks: every remindable task with a reminder in `lookbackStart...now`.
    ///   - recorded: the reminders the ledger already has.
    func decide(now: Date, watermark: Date?, tasks: [TodoTask], recorded: Set<ReminderKey>) -> Decisions {
        let windowStart = now.addingTimeInterval(-catchUpWindow)
        let skipFrom = watermark.map { max($0, lookbackStart(now: now, watermark: $0)) }
        var decisions = Decisions()
        for task in tasks {
            for reminder in scheduler.reminders(for: task) where reminder.at <= now {
                guard reminder.at > task.updatedAt, !recorded.contains(ReminderKey(reminder)) else { continue }
                if reminder.at >= windowStart {
                    decisions.fire.append((reminder, task))
                } else if let skipFrom, reminder.at > skipFrom {
                    decisions.skip.append(reminder)
                }
            }
        }
        decisions.fire.sort { ($0.reminder.at, $0.reminder.taskID) < ($1.reminder.at, $1.reminder.taskID) }
        return decisions
    }
}
