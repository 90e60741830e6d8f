import FoundationEssentials
import TodoCore

/// What the daemon tells other processes about itself through the store: the
/// reminder its timer is armed for, how far it has planned, and when it
/// started on this store. The `daemon` table's one row.
///
/// A typed row rather than text: `todo-remind status` reads the same columns
/// the daemon writes, and no side parses what the other formatted. The last
/// reminder fired is not here: the ledger has it (`Ledger.lastFiredTaskReminder()`).
public struct DaemonState: Codable, Hashable, Sendable {
    /// Always 1: the table holds one row.
    private var id: Int64 = 1
    /// The armed reminder's task, kind (`ReminderKind`'s raw value) and
    /// occurrence (as the ledger writes it), and its instant: all four or none.
    private var armedTaskID: Int64?
    private var armedKind: String?
    private var armedOccurrence: String?
    private var armedAt: Date?
    /// The instant up to which the daemon has looked at reminders: a restart
    /// looks back from here, no further than the catch-up window allows.
    public var plannedThrough: Date?
    /// When a daemon last started planning from this store (at its own start,
    /// or when it opened a store put at the path while it ran).
    public var startedAt: Date?

    public init(armed: Reminder? = nil, plannedThrough: Date? = nil, startedAt: Date? = nil) {
        self.plannedThrough = plannedThrough
        self.startedAt = startedAt
        self.armed = armed
    }

    /// The reminder the daemon's timer is armed for; nil when it has armed
    /// none since it started, or the row holds a kind or occurrence this
    /// version does not know (a newer daemon's).
    public var armed: Reminder? {
        get {
            guard let armedTaskID, let armedAt, let kind = armedKind.flatMap(ReminderKind.init(rawValue:)),
                  let occurrence = armedOccurrence.flatMap(Reminder.Occurrence.init(text:))
            else { return nil }
            return Reminder(taskID: armedTaskID, kind: kind, occurrence: occurrence, at: armedAt)
        }
        set {
            // Only a task's reminder is kept: `status` names what fires next
            // from the tasks' plan.
            let newValue = newValue?.taskID == nil ? nil : newValue
            armedTaskID = newValue?.taskID
            armedKind = newValue?.kind.rawValue
            armedOccurrence = newValue?.occurrence.description
            armedAt = newValue?.at
        }
    }

    /// Whether the daemon that took its instance lock at `lockTaken` plans
    /// from this store: it recorded a start on it since.
    ///
    /// A daemon records a start on each store it opens (at its own start,
    /// and when it opens a store put at the path while it ran), and nothing
    /// while it has none open: a start older than the lock is another run's,
    /// so a store deleted or replaced since the daemon opened it, or made
    /// after and not opened yet, has none. This is how `status` tells a
    /// daemon waiting for a store from one at work. A store that refused the
    /// daemon's writes (a full disk) reads as waiting too: it cannot say
    /// otherwise.
    public func isPlanned(byDaemonLockedAt lockTaken: Date) -> Bool {
        guard let startedAt else { return false }
        return startedAt >= lockTaken
    }

    /// The columns, named as the rest of the store names them.
    enum CodingKeys: String, CodingKey {
        case id
        case armedTaskID = "armed_task_id"
        case armedKind = "armed_kind"
        case armedOccurrence = "armed_occurrence"
        case armedAt = "armed_at"
        case plannedThrough = "planned_through"
        case startedAt = "started_at"
    }
}

extension DaemonState {
    /// The row, if the table has one; instants are seconds since 1970, as
    /// every table of the store keeps them.
    static func fetchOne(_ db: Database) throws -> DaemonState? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT id, armed_task_id, armed_kind, armed_occurrence, armed_at, planned_through, started_at FROM daemon LIMIT 1
            """)) else { return nil }
        var state = DaemonState()
        state.id = try row[0]
        state.armedTaskID = try row[1]
        state.armedKind = try row[2]
        state.armedOccurrence = try row[3]
        state.armedAt = try (row[4] as Double?).map(Date.init(timeIntervalSince1970:))
        state.plannedThrough = try (row[5] as Double?).map(Date.init(timeIntervalSince1970:))
        state.startedAt = try (row[6] as Double?).map(Date.init(timeIntervalSince1970:))
        return state
    }

    /// Writes every column of the row: an update of the row there is, or
    /// an insert when there is none.
    func save(_ db: Database) throws {
        let values: StatementArguments = [
            armedTaskID, armedKind, armedOccurrence, armedAt?.timeIntervalSince1970,
            plannedThrough?.timeIntervalSince1970, startedAt?.timeIntervalSince1970,
        ]
        try db.cachedStatement(sql: """
            UPDATE daemon SET armed_task_id = ?, armed_kind = ?, armed_occurrence = ?, armed_at = ?, planned_through = ?, started_at = ?
            WHERE id = ?
            """).execute(arguments: values + [id])
        guard db.changesCount == 0 else { return }
        try db.cachedStatement(sql: """
            INSERT INTO daemon (armed_task_id, armed_kind, armed_occurrence, armed_at, planned_through, started_at, id)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: values + [id])
    }
}
