import FoundationEssentials
import TodoCore

/// The delivery ledger (the `delivery` table): what the daemon did about each
/// reminder, a task's or an event's, keyed on its identity, each row deleted
/// with its owner. One concern of the store, reached as `store.ledger`.
public struct Ledger: Sendable {
    let store: TaskStore

    /// The ledger's records of reminders whose instants fall in `first...last`.
    public func records(from first: Date, through last: Date) throws -> [DeliveryRecord] {
        try store.read { db in
            try Self.records(db, sql: "SELECT \(Self.selection) FROM delivery WHERE at BETWEEN ? AND ? ORDER BY at",
                             arguments: [first.timeIntervalSince1970, last.timeIntervalSince1970])
        }
    }

    /// Which of these reminders the ledger has a record of, whatever its
    /// status, looked up by identity: a reminder whose instant moved with
    /// the time zone is found all the same. One sending or failed is the
    /// retries' to show again (`unfinished`, and the retry a
    /// failure schedules), never the plan's to fire afresh.
    public func recorded(_ ids: some Sequence<Reminder.ID>) throws -> Set<Reminder.ID> {
        try store.read { db in
            let ofTask = try db.cachedStatement(sql: "SELECT 1 FROM delivery WHERE task_id = ? AND kind = ? AND occurrence = ?")
            let ofEvent = try db.cachedStatement(sql: "SELECT 1 FROM delivery WHERE event_id = ? AND kind = ? AND occurrence = ?")
            var found: Set<Reminder.ID> = []
            for id in ids where !found.contains(id) {
                let (statement, ownerID) = switch id.owner {
                case .task(let taskID): (ofTask, taskID)
                case .event(let eventID): (ofEvent, eventID)
                }
                if try Bool.fetchOne(statement, arguments: [ownerID, id.kind.rawValue, id.occurrence.description]) != nil {
                    found.insert(id)
                }
            }
            return found
        }
    }

    /// The records not yet final (sending or failed), oldest first: what a
    /// daemon stopped mid-delivery or between retries left.
    public func unfinished() throws -> [DeliveryRecord] {
        try store.read { db in
            try Self.records(db, sql: "SELECT \(Self.selection) FROM delivery WHERE status IN ('sending', 'failed') ORDER BY at",
                             arguments: [])
        }
    }

    /// The task's reminder fired most recently (delivered, or on its way), if any.
    public func lastFiredTaskReminder() throws -> DeliveryRecord? {
        try store.read { db in
            try Self.records(db, sql: """
                SELECT \(Self.selection) FROM delivery
                WHERE task_id IS NOT NULL AND status IN ('sending', 'delivered', 'failed') ORDER BY fired_at DESC LIMIT 1
                """, arguments: []).first
        }
    }

    /// Writes these records, replacing earlier ones of the same reminders, in
    /// one transaction. Records of tasks or events deleted meanwhile are dropped.
    public func record(_ records: [DeliveryRecord]) throws {
        guard !records.isEmpty else { return }
        try store.write { db in
            let statement = try db.cachedStatement(sql: """
                INSERT OR REPLACE INTO delivery (task_id, event_id, kind, occurrence, at, status, fired_at, attempts, detail)
                SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
                WHERE EXISTS (SELECT 1 FROM task WHERE id = ?1) OR EXISTS (SELECT 1 FROM event WHERE id = ?2)
                """)
            for record in records {
                let reminder = record.reminder
                try statement.execute(arguments: [
                    reminder.owner.taskID, reminder.owner.eventID, reminder.kind.rawValue, reminder.occurrence.description,
                    reminder.at.timeIntervalSince1970,
                    record.status.rawValue, record.firedAt.timeIntervalSince1970, record.attempts, record.detail,
                ])
            }
        }
    }

    private static let selection = "task_id, event_id, kind, occurrence, at, status, fired_at, attempts, detail"

    private static func records(_ db: Database, sql: String, arguments: StatementArguments) throws -> [DeliveryRecord] {
        try Row.fetchAll(db, sql: sql, arguments: arguments).compactMap { row in
            // A kind or status this version does not know (a newer daemon's) is
            // left alone rather than misread.
            let owner: Reminder.Owner? = if let taskID = try row[0] as Int64? { .task(taskID) } else { (try row[1] as Int64?).map { .event($0) } }
            guard let owner, let kind = try ReminderKind(rawValue: row[2]), let occurrence = try Reminder.Occurrence(text: row[3]),
                  let status = try DeliveryStatus(rawValue: row[5])
            else {
                return nil
            }
            return try DeliveryRecord(
                reminder: Reminder(owner: owner, kind: kind, occurrence: occurrence, at: Date(timeIntervalSince1970: row[4])),
                status: status,
                firedAt: Date(timeIntervalSince1970: row[6]),
                attempts: row[7],
                detail: row[8]
            )
        }
    }
}

extension TaskStore {
    /// The delivery ledger.
    public var ledger: Ledger { Ledger(store: self) }
}
