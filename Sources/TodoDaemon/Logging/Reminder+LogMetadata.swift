import Logging
import TodoCore

extension Reminder {
    /// What a log line about this reminder carries for programs: its task
    /// (`task`) or its event (`event_id`), its kind (`ReminderKind.rawValue`),
    /// its occurrence as the ledger writes it, and its instant in ISO 8601
    /// on `clock`.
    func logMetadata(clock: WallClock) -> Logger.Metadata {
        let owner: (String, Int64) = switch owner {
        case .task(let taskID): ("task", taskID)
        case .event(let eventID): ("event_id", eventID)
        }
        return [
            owner.0: .stringConvertible(owner.1),
            "kind": .string(kind.rawValue),
            "occurrence": .string(occurrence.description),
            "at": .string(DateText.iso8601(at, clock: clock)),
        ]
    }
}
