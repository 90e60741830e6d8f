import FoundationEssentials
import TodoCore
import TodoNotify

/// One attempt to show one notification: a reminder's bubble (a task's or
/// an event's), or a digest standing for several tasks' reminders.
struct DeliveryJob: Sendable {
    /// Every reminder the notification stands for, the first one first: one
    /// for a bubble of its own, all of a digest's.
    let reminders: [Reminder]
    /// The event's occurrence an event's alarm is for, which its bubble's
    /// actions act on; nil for a task's.
    let event: EventInstance?
    /// What is shown, carrying the job's `stackTag`.
    let notification: ReminderNotification
    /// 1 for the first try.
    let attempt: Int
    /// When its reminders fire: their own instant, or the end of the quiet
    /// hours that held them. Catch-up counts from here.
    let firesAt: Date

    /// - Parameters:
    ///   - reminder: the reminder shown, or the first of a digest's.
    ///   - more: a digest's other reminders.
    ///   - event: for an event's alarm, the occurrence it is for.
    init(reminder: Reminder, more: [Reminder] = [], event: EventInstance? = nil, notification: ReminderNotification,
         attempt: Int, firesAt: Date) {
        self.reminders = [reminder] + more
        self.event = event
        self.attempt = attempt
        self.firesAt = firesAt
        // Set here, where the reminders are known, so that no path to the
        // notifier can send a reminder without its stable name.
        var tagged = notification
        tagged.stackTag = Self.stackTag(of: reminders, firesAt: firesAt)
        self.notification = tagged
    }

    /// The reminder shown: a bubble's only one, a digest's first.
    var reminder: Reminder { reminders[reminders.startIndex] }

    /// An event's alarm, with its occurrence: what its bubble's actions act on.
    var eventReminder: ReminderOf<EventInstance>? { event.map { ReminderOf(reminder, of: $0) } }

    /// A name for the notification that stays the same however often it is
    /// sent, across restarts and zones: the reminder's identity, or for a
    /// digest the instant it fires. A notifier gives it to the server as a
    /// stack tag, so a bubble re-sent after a crash replaces the first one
    /// where the server supports it, instead of showing twice.
    var stackTag: String { Self.stackTag(of: reminders, firesAt: firesAt) }

    private static func stackTag(of reminders: [Reminder], firesAt: Date) -> String {
        reminders.count == 1
            ? reminders[reminders.startIndex].id.description
            : "todo-remind digest \(Reminder.Occurrence.at(firesAt))"
    }
}

/// Shows notifications away from the engine's thread.
///
/// `deliver` must return at once: the engine never waits on a notification
/// server (a hung one blocks each call for 25 s). The outcome comes back
/// later through `ReminderEngine.deliveryFinished`, on the engine's thread.
protocol Deliverer: AnyObject {
    func deliver(_ job: DeliveryJob)
    /// Closes the task's or the event's bubble if it is still open: handled elsewhere.
    func close(_ owner: Reminder.Owner)
}

/// The one wall-clock timer the engine keeps armed at its next instant.
protocol WakeTimer: AnyObject {
    /// Fires once at `instant` (at once if it has passed); nil disarms.
    ///
    /// - Returns: true when the wall clock was set since the timer was last
    ///   armed or read, so instants worked out before may be wrong.
    @discardableResult
    func arm(at instant: Date?) throws -> Bool
}
