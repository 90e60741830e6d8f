import Logging
import TodoCore

extension Reminder {
    /// What a log line about this reminder carries for programs: its task,
    /// its kind (`ReminderKind.rawValue`), its occurrence as the ledger
    /// writes it, and its instant in ISO 8601 on `clock`.
    func logMetadata(clock: WallClock) -> Logger.Metadata {
        [
            "task": .stringConvertible(taskID),
            "kind": .string(kind.rawValue),
            "occurrence": .string(occurrence.description),
            "at": .string(DateText.iso8601(at, clock: clock)),
        ]
    }
}
