import Foundation
import GRDB
import TodoCore

/// The ledger of events' alarms (`event_delivery`), as `delivery` is of
/// tasks' reminders: each alarm instant shown once per machine.
extension TaskStore {
    /// Writes the records, each replacing the one of its alarm instant, in
    /// one transaction; a record of an event gone meanwhile is dropped with it.
    public func recordEvents(_ records: [EventDeliveryRecord]) throws {
        guard !records.isEmpty else { return }
        try write { db in
            let statement = try db.cachedStatement(sql: """
                INSERT OR REPLACE INTO event_delivery (event_id, kind, occurrence, at, status, fired_at, attempts, detail)
                SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM event WHERE id = ?)
                """)
            for record in records {
                try statement.execute(arguments: [
                    record.id.eventID, record.id.kind.rawValue, record.id.occurrence.description, record.at.timeIntervalSince1970,
                    record.status.rawValue, record.firedAt.timeIntervalSince1970, record.attempts, record.detail, record.id.eventID,
                ])
            }
        }
    }

    /// Those of `ids` the ledger has a record of, whatever its status, as
    /// `recorded` is for tasks' reminders: one sending or failed is the
    /// retries' to show again (`unfinishedEventDeliveries`, and the retry a
    /// failure schedules), never the plan's to fire afresh.
    public func recordedEvents(_ ids: [EventReminder.ID]) throws -> Set<EventReminder.ID> {
        guard !ids.isEmpty else { return [] }
        return try read { db in
            var recorded = Set<EventReminder.ID>()
            let statement = try db.cachedStatement(sql: """
                SELECT 1 FROM event_delivery WHERE event_id = ? AND kind = ? AND occurrence = ?
                """)
            for id in ids where try Bool.fetchOne(statement, arguments: [id.eventID, id.kind.rawValue, id.occurrence.description]) != nil {
                recorded.insert(id)
            }
            return recorded
        }
    }

    /// The records not yet final (sending or failed), earliest alarm first:
    /// what a daemon stopped mid-delivery or between retries left, as
    /// `unfinishedDeliveries` is for tasks' reminders.
    public func unfinishedEventDeliveries() throws -> [EventDeliveryRecord] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT event_id, kind, occurrence, at, status, fired_at, attempts, detail FROM event_delivery
                WHERE status IN ('sending', 'failed') ORDER BY at
                """).compactMap { row in
                // A kind or status this version does not know is left alone.
                guard let kind = EventAlarmInstant.Kind(rawValue: row[1]), let occurrence = Reminder.Occurrence(text: row[2]),
                      let status = DeliveryStatus(rawValue: row[4]) else { return nil }
                return EventDeliveryRecord(
                    id: EventReminder.ID(eventID: row[0], kind: kind, occurrence: occurrence), at: Date(timeIntervalSince1970: row[3]),
                    status: status, firedAt: Date(timeIntervalSince1970: row[5]), attempts: row[6], detail: row[7]
                )
            }
        }
    }

    /// The ledger's status of one alarm instant, if it has one.
    public func eventDeliveryStatus(_ id: EventReminder.ID) throws -> DeliveryStatus? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT status FROM event_delivery WHERE event_id = ? AND kind = ? AND occurrence = ?",
                                arguments: [id.eventID, id.kind.rawValue, id.occurrence.description])
                .flatMap(DeliveryStatus.init(rawValue:))
        }
    }
}
