import FoundationEssentials

/// What an event's reminder is of: one occurrence of a calendar event, the
/// VALARM that fires for it, the folder of the event's file, and since when
/// the file reads as it does. The reminder itself (`Reminder`, owned by
/// `.event(id)`) carries the instant and the identity, as a task's does.
public struct EventInstance: ReminderSubject {
    /// The folder (the `[[calendar]]` list) the event's file is in.
    public var folder: String
    /// Which VALARM (`EventAlarm.id`); nil for Thunderbird's snooze
    /// (`X-MOZ-SNOOZE-TIME`), which is no VALARM.
    public var alarmID: String?
    public var occurrence: EventOccurrence
    /// When the event's file was last changed (`EventSeries.changedAt`): an
    /// alarm instant before it was never due to fire here.
    public var changedAt: Date?

    public init(folder: String, alarmID: String?, occurrence: EventOccurrence, changedAt: Date?) {
        self.folder = folder
        self.alarmID = alarmID
        self.occurrence = occurrence
        self.changedAt = changedAt
    }

    /// The event's priority (medium without one).
    public var priority: Priority { occurrence.details.priority }

    /// An event added on the phone after its alarm never fires it here.
    public func wasDue(_ reminder: Reminder) -> Bool {
        changedAt.map { reminder.at > $0 } ?? true
    }
}
