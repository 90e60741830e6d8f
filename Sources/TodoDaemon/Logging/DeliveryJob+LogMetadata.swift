import Foundation
import Logging
import TodoCore

extension DeliveryJob {
    /// What a log line about this notification carries for programs: the
    /// tasks it is of, the attempt, when its reminders fire and whether
    /// quiet hours held them until then, and its summary; for a bubble of
    /// one reminder, that reminder's metadata too (`Reminder.logMetadata`),
    /// for a digest how many reminders it stands for.
    func logMetadata(clock: WallClock) -> Logger.Metadata {
        if let event {
            return [
                "event_id": .stringConvertible(event.eventID),
                "kind": .string("event-" + event.instant.kind.rawValue),
                "occurrence": .string(event.instant.identity.description),
                "at": .string(DateText.iso8601(event.at, clock: clock)),
                "start": .string(DateText.iso8601(event.instant.occurrence.start, clock: clock)),
                "attempt": .stringConvertible(attempt),
                "fires_at": .string(DateText.iso8601(firesAt, clock: clock)),
                "held": .stringConvertible(isHeld),
                "summary": .string(notification.summary),
            ]
        }
        var metadata: Logger.Metadata = [
            "tasks": .array(reminders.map { .stringConvertible($0.taskID) }),
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
    var isHeld: Bool { firesAt != (event?.at ?? reminder.at) }
}
