import InMemoryLogging
import Logging

extension InMemoryLogHandler {
    /// The lines logged about `event` (their `event` metadata, see
    /// `LogTopic`), oldest first, with `outcome` when one is given.
    func entries(of event: String, outcome: String? = nil) -> [Entry] {
        entries.filter { entry in
            entry.metadata["event"] == .string(event) && (outcome.map { entry.metadata["outcome"] == .string($0) } ?? true)
        }
    }
}

extension InMemoryLogHandler.Entry {
    /// A metadata value as the JSON log would write it, or nil when the line has none.
    subscript(key: String) -> String? { metadata[key]?.description }
}
