import Foundation
import GRDB
import TodoCore

/// The conversions between a `TodoTask` and a row of the `task` table.
///
/// Rows are decoded by column position from a fixed selection, straight from
/// the statement (GRDB's `StatementColumnConvertible` fast path), so listing
/// 100,000 tasks costs no dictionary or name lookups per row.
enum TaskRow {
    /// The columns read for a task, in the order `task(from:)` decodes them,
    /// for a query whose FROM clause names the `task` table. The last is the
    /// task's snooze, looked up by its primary key.
    static let selection = """
        task.id, task.title, task.notes, task.category, task.priority, task.due_day, task.due_time, \
        task.completed_at, task.created_at, task.updated_at, task.reminder, \
        (SELECT snoozed.until FROM snooze AS snoozed WHERE snoozed.task_id = task.id)
        """

    /// The position of the first column after `selection`, for queries that read more.
    static let selectionCount = 12

    /// The columns every insert and update writes (all but `id`), in the
    /// order of `arguments(for:)`.
    private static let writtenColumns = [
        "title", "notes", "category", "priority", "due_day", "due_time", "due_key",
        "completed_at", "created_at", "updated_at", "reminder",
        "title_key", "notes_key", "category_key",
    ]

    static let insertSQL = """
        INSERT INTO task (\(writtenColumns.joined(separator: ", ")))
        VALUES (\(writtenColumns.map { _ in "?" }.joined(separator: ", ")))
        """

    /// Updates every written column of the task whose id is the last argument.
    static let updateSQL = """
        UPDATE task SET \(writtenColumns.map { "\($0) = ?" }.joined(separator: ", "))
        WHERE id = ?
        """

    /// The values of `writtenColumns` for a task, folded keys included.
    static func arguments(for task: TodoTask) -> StatementArguments {
        var dueDay: String?
        var dueTime: Double?
        switch task.due {
        case .day(let day): dueDay = day.description
        case .time(let instant): dueTime = instant.timeIntervalSince1970
        case nil: break
        }
        let values: [(any DatabaseValueConvertible)?] = [
            task.title,
            task.notes,
            task.category,
            task.priority.rank,
            dueDay,
            dueTime,
            task.due?.sortKey,
            task.completedAt?.timeIntervalSince1970,
            task.createdAt.timeIntervalSince1970,
            task.updatedAt.timeIntervalSince1970,
            task.reminderOn,
            TextFolding.fold(task.title),
            task.notes.map(TextFolding.fold),
            TextFolding.foldCase(task.category),
        ]
        return StatementArguments(values)
    }

    /// Decodes the columns of `selection`, which must come first in the row.
    ///
    /// - Throws: `UnreadableValue` when a column holds what no version of the
    ///   schema writes, or a GRDB decoding error for a NULL in a required column.
    static func task(from row: Row) throws -> TodoTask {
        let id = try row.decode(Int64.self, atIndex: 0)
        let rank = try row.decode(Int.self, atIndex: 4)
        guard let priority = Priority(rank: rank) else {
            throw UnreadableValue(taskID: id, column: "priority", value: String(rank))
        }
        var due: Due?
        if let text = try row.decode(String?.self, atIndex: 5) {
            guard let day = LocalDay(iso: text) else {
                throw UnreadableValue(taskID: id, column: "due_day", value: text)
            }
            due = .day(day)
        } else if let seconds = try row.decode(Double?.self, atIndex: 6) {
            due = .time(Date(timeIntervalSince1970: seconds))
        }
        return TodoTask(
            id: id,
            title: try row.decode(String.self, atIndex: 1),
            notes: try row.decode(String?.self, atIndex: 2),
            category: try row.decode(String.self, atIndex: 3),
            priority: priority,
            due: due,
            completedAt: try row.decode(Double?.self, atIndex: 7).map(Date.init(timeIntervalSince1970:)),
            createdAt: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: 8)),
            updatedAt: Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: 9)),
            reminderOn: try row.decode(Bool.self, atIndex: 10),
            snoozedUntil: try row.decode(Double?.self, atIndex: 11).map(Date.init(timeIntervalSince1970:))
        )
    }

    /// A stored value this version cannot turn back into a task.
    struct UnreadableValue: Error {
        var taskID: Int64
        var column: String
        var value: String

        var reason: String {
            "task \(taskID) has “\(value)” in its \(column) column"
        }
    }
}

extension TaskRow {
    /// Sets or removes the task's row in the `snooze` table.
    static func saveSnooze(_ db: Database, taskID: Int64, until: Date?) throws {
        if let until {
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO snooze (task_id, until) VALUES (?, ?)")
                .execute(arguments: [taskID, until.timeIntervalSince1970])
        } else {
            try db.cachedStatement(sql: "DELETE FROM snooze WHERE task_id = ?").execute(arguments: [taskID])
        }
    }

    /// The tasks a query selects, decoded one row at a time from the
    /// statement: no intermediate copy of each row is made.
    static func fetchAll(_ db: Database, sql: String, arguments: StatementArguments) throws -> [TodoTask] {
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
        var tasks: [TodoTask] = []
        while let row = try rows.next() {
            tasks.append(try task(from: row))
        }
        return tasks
    }
}
