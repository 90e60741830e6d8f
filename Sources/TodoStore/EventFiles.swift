import FoundationEssentials
import TodoCore

/// The store's side of the events in the lists' folders, within the same
/// write transaction as the tasks' files (`TaskFiles.events`): the files
/// read, the events they hold, and the index of their coming alarm
/// instants (`event_alarm`), which `EventIndex` (TodoSync) keeps.
public struct EventFiles {
    let db: Database

    /// The files known in `folder`, by name.
    public func files(in folder: String) throws -> [String: EventFile] {
        var files: [String: EventFile] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT id, name, uid, etag, problem FROM event WHERE folder = ?", arguments: [folder])
        while let row = try rows.next() {
            let name: String = try row[1]
            files[name] = try EventFile(id: row[0], folder: folder, name: name, uid: row[2], etag: row[3], problem: row[4])
        }
        return files
    }

    /// Remembers what the file `name` of `folder` holds as last read: an
    /// event (`series`, with where its occurrences begin and end), or none
    /// (`series` nil, with the `problem` that keeps it from being followed,
    /// if any). The row keeps its id, and so its ledger, across reads.
    ///
    /// - Returns: the row's id.
    @discardableResult
    public func save(
        folder: String, name: String, uid: String?, etag: String, series: EventSeries?, problem: String?,
        span: (firstStart: Date, lastEnd: Date?)?, changedAt: Date? = nil
    ) throws -> Int64 {
        let encoded = try series.map { try JSONEncoder.events.encode($0) }
        try db.execute(sql: """
            INSERT INTO event (folder, name, uid, etag, series, problem, first_start, last_end, changed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (folder, name) DO UPDATE SET uid = excluded.uid, etag = excluded.etag, series = excluded.series,
                problem = excluded.problem, first_start = excluded.first_start, last_end = excluded.last_end,
                changed_at = excluded.changed_at
            """, arguments: [
                folder, name, uid, etag, encoded, problem, span?.firstStart.timeIntervalSince1970,
                span?.lastEnd?.timeIntervalSince1970, changedAt?.timeIntervalSince1970,
            ])
        return try Int64.fetchOne(db, sql: "SELECT id FROM event WHERE folder = ? AND name = ?", arguments: [folder, name]) ?? 0
    }

    /// The name of the file in `folder`, other than `name`, whose event
    /// with this UID is followed (read without a problem); nil when none is.
    public func followedFile(uid: String, in folder: String, besides name: String) throws -> String? {
        try String.fetchOne(db, sql: """
            SELECT name FROM event INDEXED BY event_by_uid
            WHERE folder = ? AND uid = ? AND name != ? AND problem IS NULL ORDER BY name LIMIT 1
            """, arguments: [folder, uid, name])
    }

    /// Forgets the file `name` of `folder` (removed, or now holding a
    /// task), its index and its ledger with it.
    public func forget(folder: String, name: String) throws {
        try db.execute(sql: "DELETE FROM event WHERE folder = ? AND name = ?", arguments: [folder, name])
    }

    /// Forgets every file of the folders not in `folders`: no list any more.
    public func forgetFolders(besides folders: Set<String>) throws {
        let known = try String.fetchAll(db, sql: "SELECT DISTINCT folder FROM event")
        for folder in known where !folders.contains(folder) {
            try db.execute(sql: "DELETE FROM event WHERE folder = ?", arguments: [folder])
        }
    }

    /// Every event followed, with its folder and what a dismissal here left.
    public func allSeries() throws -> [(id: Int64, folder: String, series: EventSeries, acknowledgedHere: Date?)] {
        try Row.fetchAll(db, sql: "SELECT id, folder, series, acknowledged_here FROM event WHERE series IS NOT NULL ORDER BY id")
            .compactMap { row in
                guard let series = try? JSONDecoder().decode(EventSeries.self, from: row[2] as Data) else { return nil }
                return try (row[0], row[1], series, (row[3] as Double?).map(Date.init(timeIntervalSince1970:)))
            }
    }

    /// One event followed.
    public func series(id: Int64) throws -> (folder: String, series: EventSeries, acknowledgedHere: Date?)? {
        guard let row = try Row.fetchOne(db, sql: "SELECT folder, series, acknowledged_here FROM event WHERE id = ? AND series IS NOT NULL",
                                         arguments: [id]),
              let series = try? JSONDecoder().decode(EventSeries.self, from: row[1] as Data)
        else { return nil }
        return try (row[0], series, (row[2] as Double?).map(Date.init(timeIntervalSince1970:)))
    }

    // MARK: - The index

    /// The window the index covers and the zone it was worked out in; nil
    /// before the first index.
    public func indexState() throws -> (zone: String, from: Date, through: Date)? {
        try Row.fetchOne(db, sql: "SELECT zone, indexed_from, indexed_through FROM event_index WHERE id = 1").map { row in
            try (row[0], Date(timeIntervalSince1970: row[1]), Date(timeIntervalSince1970: row[2]))
        }
    }

    public func setIndexState(zone: String, from: Date, through: Date) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO event_index (id, zone, indexed_from, indexed_through) VALUES (1, ?, ?, ?)",
                       arguments: [zone, from.timeIntervalSince1970, through.timeIntervalSince1970])
    }

    /// Replaces the index rows of an event from `from` on with `instants`.
    public func replaceAlarms(of eventID: Int64, from: Date, with instants: [EventAlarmInstant]) throws {
        try db.execute(sql: "DELETE FROM event_alarm WHERE event_id = ? AND at >= ?", arguments: [eventID, from.timeIntervalSince1970])
        try addAlarms(of: eventID, instants)
    }

    /// Adds index rows (an instant already there is left as it is).
    public func addAlarms(of eventID: Int64, _ instants: [EventAlarmInstant]) throws {
        guard !instants.isEmpty else { return }
        let statement = try db.cachedStatement(sql: """
            INSERT OR IGNORE INTO event_alarm (event_id, kind, occurrence, at, alarm, start, end, first_day, last_day,
                recurrence, summary, location, priority) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for instant in instants {
            let occurrence = instant.occurrence
            try statement.execute(arguments: [
                eventID, instant.kind.rawValue, instant.identity.description, instant.at.timeIntervalSince1970, instant.alarmID,
                occurrence.start.timeIntervalSince1970, occurrence.end.timeIntervalSince1970,
                occurrence.days?.lowerBound.description, occurrence.days?.upperBound.description,
                occurrence.recurrenceMicroseconds, occurrence.details.summary, occurrence.details.location,
                occurrence.details.priorityValue,
            ])
        }
    }

    /// Drops the index rows before `instant`: the plan looks no further back.
    public func dropAlarms(before instant: Date) throws {
        try db.execute(sql: "DELETE FROM event_alarm WHERE at < ?", arguments: [instant.timeIntervalSince1970])
    }

    /// Empties the index (its zone changed).
    public func dropAllAlarms() throws {
        try db.execute(sql: "DELETE FROM event_alarm")
    }

    /// The snoozes made here of an event whose file may not be written.
    public func localSnoozes(of eventID: Int64) throws -> [(until: Date, occurrence: String)] {
        try Row.fetchAll(db, sql: "SELECT until, occurrence FROM event_snooze WHERE event_id = ?", arguments: [eventID])
            .map { try (Date(timeIntervalSince1970: $0[0]), $0[1]) }
    }

    /// Records a dismissal made here of an event whose file is not written:
    /// its alarms at or before `instant` are handled on this machine.
    public func acknowledgeHere(eventID: Int64, at instant: Date) throws {
        try db.execute(sql: "UPDATE event SET acknowledged_here = max(coalesce(acknowledged_here, 0), ?) WHERE id = ?",
                       arguments: [instant.timeIntervalSince1970, eventID])
    }

    /// Records a snooze made here of the occurrence `occurrence` of an event
    /// whose file is not written.
    public func snoozeHere(eventID: Int64, until: Date, occurrence: Reminder.Occurrence) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO event_snooze (event_id, until, occurrence) VALUES (?, ?, ?)",
                       arguments: [eventID, until.timeIntervalSince1970, occurrence.description])
    }

    /// The problems of the events in `folder` not followed, by file name.
    public func problems(in folder: String) throws -> [String: String] {
        var problems: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, problem FROM event WHERE folder = ? AND problem IS NOT NULL", arguments: [folder]) {
            try problems[row[0]] = row[1]
        }
        return problems
    }
}

extension TaskFiles {
    /// The events' side of the same transaction.
    public var events: EventFiles { EventFiles(db: db) }
}

extension JSONEncoder {
    /// How an `EventSeries` is stored: keys sorted, so the same event is
    /// the same bytes.
    static var events: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}

extension TaskStore {
    /// Whether the events' index must be made anew or carried forward at
    /// `now` (`EventIndex.refresh`): a read, so that a sync that finds
    /// nothing to do writes nothing.
    public func eventIndexNeedsRefresh(basis: String, now: Date) throws -> Bool {
        try read { db in
            guard let state = try EventFiles(db: db).indexState(), state.zone == basis else {
                // No index is needed while no event is known.
                return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM event WHERE series IS NOT NULL)") ?? false
            }
            return state.through.timeIntervalSince(now) < EventIndexWindow.renewal
        }
    }
}

/// The index's renewal margin, which the store checks and `EventIndex`
/// (TodoSync) applies: one number in one place.
public enum EventIndexWindow {
    /// How close to its end the index may come before it is carried forward.
    public static let renewal: TimeInterval = 31 * 86_400
}
