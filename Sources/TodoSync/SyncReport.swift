import FoundationEssentials

/// What one sync did: how many tasks it read in and wrote out, and what it
/// had to leave alone.
public struct SyncReport: Sendable {
    /// A file (or folder) left as it is, and why, in a sentence.
    public struct Skipped: Hashable, Sendable {
        public var path: String
        public var reason: String
    }

    /// A task whose fields were changed both here and elsewhere.
    public struct Conflict: Hashable, Sendable {
        public var taskID: Int64
        public var fields: [String]
        public var keptHere: Bool
    }

    /// Tasks added, changed or deleted because their files were.
    public var readIn = 0
    /// Calendar events added, changed or removed because their files were
    /// (or the index of their alarms carried forward).
    public var eventsReadIn = 0
    /// Files written or deleted because their tasks changed here.
    public var writtenOut = 0
    public var skipped: [Skipped] = []
    /// Files of tasks changed here that could not be written (or removed):
    /// still pending, each costing only its own task.
    public var unwritten: [UnwrittenFile] = []
    public var conflicts: [Conflict] = []

    public init() {}

    /// Whether the store changed.
    public var changedStore: Bool { readIn > 0 || eventsReadIn > 0 || !conflicts.isEmpty }
}
