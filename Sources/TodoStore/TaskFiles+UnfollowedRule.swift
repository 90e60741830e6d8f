import FoundationEssentials

extension TaskFiles {
    /// Records that the task's file repeats by `rule`, which todo-remind
    /// cannot follow (`message` says so, naming the file), or that it no
    /// longer does (nil): set each time the file is read in.
    public func setUnfollowedRule(_ rule: String?, message: String, taskID: Int64) throws {
        if let rule {
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO unfollowed_rule (task_id, rule, message) VALUES (?, ?, ?)")
                .execute(arguments: [taskID, rule, message])
        } else {
            try db.cachedStatement(sql: "DELETE FROM unfollowed_rule WHERE task_id = ?").execute(arguments: [taskID])
        }
    }

    /// The sentences of the tasks in `folder` whose files repeat by a rule
    /// todo-remind cannot follow, by file name.
    public func unfollowedRules(in folder: String) throws -> [String: String] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT f.name, u.message FROM (\(Self.unfollowedRulesSQL)) u JOIN task_file f ON f.task_id = u.task_id
            WHERE f.folder = ? AND f.name IS NOT NULL
            """, arguments: [folder])
        return try Dictionary(rows.map { try ($0[0] as String, $0[1] as String) }, uniquingKeysWith: { first, _ in first })
    }

    /// The rule todo-remind cannot follow that the task's file repeats by,
    /// for which `done` is refused (`CompletionRefusal`); nil for any other task.
    static func unfollowedRule(_ db: Database, taskID: Int64) throws -> String? {
        try String.fetchOne(db, sql: "SELECT rule FROM (\(unfollowedRulesSQL)) WHERE task_id = ?", arguments: [taskID])
    }

    /// The rows of `unfollowed_rule` that stand: those of tasks without a
    /// rule of their own. A rule todo-remind cannot follow is never a
    /// task's repeat (FolderSync reads it as none, the v13 migration took
    /// it off the tasks an older version had kept it on), so a task with a
    /// repeat was given one here since (`edit --repeat`) and follows it.
    private static let unfollowedRulesSQL = """
        SELECT u.task_id, u.rule, u.message FROM unfollowed_rule u JOIN task t ON t.id = u.task_id WHERE t.repeat_rule IS NULL
        """
}
