import FoundationEssentials
import Logging
import TodoCore
import TodoNotify

extension DeliveryJob {
    /// What a log line about this notification carries for programs: the
    /// tasks it is of, the attempt, when its reminders fire and whether
    /// quiet hours held them until then, and its summary; for a bubble of
    /// one reminder, that reminder's metadata too (`Reminder.logMetadata`),
    /// for a digest how many reminders it stands for.
    func logMetadata(clock: WallClock) -> Logger.Metadata {
        if let event, let eventID = reminder.owner.eventID {
            return [
                "event_id": .stringConvertible(eventID),
                "kind": .string("event-" + reminder.kind.rawValue),
                "occurrence": .string(reminder.occurrence.description),
                "at": .string(DateText.iso8601(reminder.at, clock: clock)),
                "start": .string(DateText.iso8601(event.occurrence.start, clock: clock)),
                "attempt": .stringConvertible(attempt),
                "fires_at": .string(DateText.iso8601(firesAt, clock: clock)),
                "held": .stringConvertible(isHeld),
                "summary": .string(notification.summary),
            ]
        }
        var metadata: Logger.Metadata = [
            "tasks": .array(reminders.compactMap(\.taskID).map { .stringConvertible($0) }),
            "attempt": .stringConvertible(attempt),
            "fires_at": .string(DateText.iso8601(firesAt, clock: clock)),
            "held": .stringConvertible(isHeld),
            "summary": .string(notification.summary),
        ]
        if reminders.count == 1 {
            metadata.merge(reminder.logMetadata(clock: clock)) { _, reminder in reminder }
        } else {
            metadata["reminders"] = .stringConvertible(reminders.count)
        }
        return metadata
    }

    /// Whether quiet hours held its reminder past its own instant.
    var isHeld: Bool { firesAt != reminder.at }
}
