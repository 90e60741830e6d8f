import FoundationEssentials
import TodoCore

/// Reading the events' side of the store: the index of their coming alarm
/// instants (what the plan, `next` and `status` read) and the events of a
/// span of days (what `agenda` expands).
extension TaskStore {
    /// The folders that hold a calendar event file (followed or not).
    public func eventFolders() throws -> Set<String> {
        try read { db in Set(try String.fetchAll(db, sql: "SELECT DISTINCT folder FROM event")) }
    }

    /// The indexed alarm instants in `from...through`, earliest first.
    public func eventReminders(from: Date, through: Date) throws -> [ReminderOf<EventInstance>] {
        try read { db in
            try Self.eventReminders(db, where: "a.at >= ? AND a.at <= ? ORDER BY a.at, a.event_id, a.kind, a.occurrence",
                                    [from.timeIntervalSince1970, through.timeIntervalSince1970])
        }
    }

    /// The first `limit` indexed alarm instants after `instant`, earliest first.
    public func eventReminders(after instant: Date, limit: Int) throws -> [ReminderOf<EventInstance>] {
        try read { db in
            try Self.eventReminders(db, where: "a.at > ? ORDER BY a.at, a.event_id, a.kind, a.occurrence LIMIT ?",
                                    [instant.timeIntervalSince1970, limit])
        }
    }

    /// The event's reminder of this identity as the index holds it now;
    /// nil when it is no longer indexed (acknowledged, cancelled, moved, or
    /// its event deleted), or the identity is a task's.
    public func eventReminder(_ id: Reminder.ID) throws -> ReminderOf<EventInstance>? {
        guard case .event(let eventID) = id.owner else { return nil }
        return try read { db in
            try Self.eventReminders(db, where: "a.event_id = ? AND a.kind = ? AND a.occurrence = ?",
                                    [eventID, id.kind.rawValue, id.occurrence.description]).first
        }
    }

    /// Until when the index covers the events' alarms, and in which basis
    /// (`EventIndex`); nil when there is no index.
    public func eventIndexCoverage() throws -> (basis: String, through: Date)? {
        try read { db in try EventFiles(db: db).indexState().map { ($0.zone, $0.through) } }
    }

    /// The events followed whose occurrences may overlap `from..<to`, by
    /// what the store knows of their span, with their folders.
    public func events(overlapping from: Date, _ to: Date) throws -> [(id: Int64, folder: String, series: EventSeries)] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, folder, series FROM event INDEXED BY event_by_span
                WHERE series IS NOT NULL AND first_start < ? AND (last_end IS NULL OR last_end > ?)
                ORDER BY id
                """, arguments: [to.timeIntervalSince1970, from.timeIntervalSince1970])
                .compactMap { row in
                    guard let series = try? JSONDecoder().decode(EventSeries.self, from: row[2] as Data) else { return nil }
                    return try (row[0], row[1], series)
                }
        }
    }

    /// One event's file and series.
    public func event(id: Int64) throws -> (file: EventFile, series: EventSeries?)? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT id, folder, name, uid, etag, problem, series FROM event WHERE id = ?",
                                             arguments: [id]) else { return nil }
            let file = try EventFile(id: row[0], folder: row[1], name: row[2], uid: row[3], etag: row[4], problem: row[5])
            let series = try (row[6] as Data?).flatMap { try? JSONDecoder().decode(EventSeries.self, from: $0) }
            return (file, series)
        }
    }

    private static func eventReminders(_ db: Database, where clause: String, _ arguments: StatementArguments) throws
        -> [ReminderOf<EventInstance>] {
        try Row.fetchAll(db, sql: """
            SELECT a.event_id, e.folder, a.kind, a.occurrence, a.at, a.alarm, a.start, a.end, a.first_day, a.last_day,
                   a.recurrence, a.summary, a.location, a.priority, e.changed_at
            FROM event_alarm a JOIN event e ON e.id = a.event_id WHERE \(clause)
            """, arguments: arguments).compactMap { row in
            guard let kind = try ReminderKind(rawValue: row[2]), let identity = try Reminder.Occurrence(text: row[3]) else { return nil }
            let start = try Date(timeIntervalSince1970: row[6])
            let days: ClosedRange<LocalDay>? = try {
                guard let first = try (row[8] as String?).flatMap(LocalDay.init(iso:)),
                      let last = try (row[9] as String?).flatMap(LocalDay.init(iso:)), first <= last else { return nil }
                return first...last
            }()
            let occurrence = try EventOccurrence(
                id: days.map { .day($0.lowerBound) } ?? .at(start), recurrenceMicroseconds: row[10], start: start,
                end: Date(timeIntervalSince1970: row[7]), days: days,
                details: EventDetails(summary: row[11], location: row[12], priorityValue: row[13])
            )
            return try EventAlarmInstant(kind: kind, identity: identity, at: Date(timeIntervalSince1970: row[4]), alarmID: row[5],
                                     occurrence: occurrence)
                .reminder(ofEvent: row[0], folder: row[1], changedAt: (row[14] as Double?).map(Date.init(timeIntervalSince1970:)))
        }
    }
}
