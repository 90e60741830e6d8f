import Foundation
import TestSupport
import Testing

extension CLI {
    /// Adds a task due at the exact instant `due` and returns its id, read
    /// from `add`'s "Added 3 Pay rent: …".
    func addTask(_ title: String, due: Date, _ options: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let output = try ok(["add", title, "--due", WallTime.iso(due)] + options, sourceLocation: sourceLocation)
        return try Self.addedTaskID(output, sourceLocation: sourceLocation)
    }

    /// The id in `add`'s output, "Added 3 Pay rent: …".
    static func addedTaskID(_ output: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let id = output.hasPrefix("Added ") ? output.split(separator: " ").dropFirst().first.flatMap { Int($0) } : nil
        return try #require(id, "no task id in “\(output)”", sourceLocation: sourceLocation)
    }

    /// One row of the delivery ledger: what the daemon did about a reminder.
    struct LedgerRow: CustomStringConvertible {
        var taskID: Int
        var kind: String
        var at: Date
        var status: String
        var firedAt: Date
        var attempts: Int
        var detail: String?

        /// A row as Python's json writes it: `[1, "atDueTime", 1763720000.0, "delivered", …]`.
        init?(_ row: [Any]) {
            guard row.count == 7, let taskID = row[0] as? Int, let kind = row[1] as? String, let at = row[2] as? Double,
                  let status = row[3] as? String, let firedAt = row[4] as? Double, let attempts = row[5] as? Int
            else { return nil }
            self.taskID = taskID
            self.kind = kind
            self.at = Date(timeIntervalSince1970: at)
            self.status = status
            self.firedAt = Date(timeIntervalSince1970: firedAt)
            self.attempts = attempts
            detail = row[6] as? String
        }

        var description: String {
            "task \(taskID) \(kind) at \(WallTime.iso(at)): \(status) at \(WallTime.iso(firedAt)), \(attempts) attempts, \(detail ?? "-")"
        }
    }

    /// The tasks' rows of the delivery ledger as the store holds it, read with Python's sqlite3
    /// (the store is in WAL mode, so it can be read while the daemon writes).
    func ledger(sourceLocation: SourceLocation = #_sourceLocation) throws -> [LedgerRow] {
        let output = try python("""
            import json, sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            rows = db.execute("SELECT task_id, kind, at, status, fired_at, attempts, detail FROM delivery WHERE task_id IS NOT NULL ORDER BY at, task_id").fetchall()
            print(json.dumps(rows))
            """, storePath)
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[Any]],
            "the ledger is not a list of rows: \(output)",
            sourceLocation: sourceLocation
        )
        return try rows.map { row in
            try #require(LedgerRow(row), "a ledger row of another shape: \(row)", sourceLocation: sourceLocation)
        }
    }

    /// The ledger's rows of one task.
    func ledger(task: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> [LedgerRow] {
        try ledger(sourceLocation: sourceLocation).filter { $0.taskID == task }
    }

    /// The statuses of one task's ledger rows once they are `expected`, or as
    /// they are after `timeout`: the daemon logs a delivery's end just before
    /// it writes it to the ledger.
    func ledgerStatuses(task: Int, becoming expected: [String], within timeout: Duration = .seconds(5)) throws -> [String] {
        var statuses: [String] = []
        _ = try eventually(within: timeout) {
            statuses = try ledger(task: task).map(\.status)
            return statuses == expected
        }
        return statuses
    }

    /// Makes it as if `seconds` had passed while no daemon ran: every instant
    /// the store holds moves that far into the past (the tasks' due times,
    /// creation, change and completion times, a series' start and its
    /// completed occurrences, snoozes, the ledger's instants, and the
    /// daemon's bookkeeping), which is all a daemon started now can tell of
    /// the time that went by.
    ///
    /// A reminder older than the grace of a minute, or than the catch-up
    /// window, so takes no minutes to make. Only for tasks due at a time (a
    /// due day does not move by seconds), and only while no daemon runs.
    func letTimePass(_ seconds: TimeInterval) throws {
        try python("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            d = float(sys.argv[2])
            with db:
                if db.execute("SELECT count(*) FROM task WHERE due_day IS NOT NULL OR repeat_start_day IS NOT NULL").fetchone()[0]:
                    sys.exit("letTimePass moves only tasks due at a time")
                db.execute(
                    "UPDATE task SET due_time = due_time - ?1, due_key = due_key - ?1, created_at = created_at - ?1, "
                    "updated_at = updated_at - ?1, completed_at = completed_at - ?1, due_set_at = due_set_at - ?1, "
                    "repeat_start_time = repeat_start_time - ?1", (d,))
                db.execute("UPDATE completion SET due_time = due_time - ?1, completed_at = completed_at - ?1", (d,))
                db.execute("UPDATE snooze SET until = until - ?1", (d,))
                db.execute("UPDATE delivery SET at = at - ?1, fired_at = fired_at - ?1", (d,))
                # A timed reminder is identified by its instant in ms (Reminder.Occurrence).
                db.execute(
                    "UPDATE delivery SET occurrence = 'instant ' || (CAST(substr(occurrence, 9) AS INTEGER) - CAST(round(?1 * 1000) AS INTEGER)) "
                    "WHERE occurrence LIKE 'instant %'", (d,))
                db.execute(
                    "UPDATE daemon SET armed_at = armed_at - ?1, planned_through = planned_through - ?1, "
                    "started_at = started_at - ?1", (d,))
                db.execute(
                    "UPDATE daemon SET armed_occurrence = 'instant ' || (CAST(substr(armed_occurrence, 9) AS INTEGER) - CAST(round(?1 * 1000) AS INTEGER)) "
                    "WHERE armed_occurrence LIKE 'instant %'", (d,))
            """, storePath, String(seconds))
    }
}
