import Foundation
import GRDB

extension TaskFiles {
    /// Records that the task's file repeats by `rule`, which todo-remind
    /// cannot follow (`message` says so, naming the file), or that it no
    /// longer does (nil): set each time the file is read in.
    public func setUnfollowedRule(_ rule: String?, message: String, taskID: Int64) throws {
        if let rule {
            try db.execute(sql: "INSERT OR REPLACE INTO unfollowed_rule (task_id, rule, message) VALUES (?, ?, ?)",
                           arguments: [taskID, rule, message])
        } else {
            try db.execute(sql: "DELETE FROM unfollowed_rule WHERE task_id = ?", arguments: [taskID])
        }
    }

    /// The sentences of the tasks in `folder` whose files repeat by a rule
    /// todo-remind cannot follow, by file name. A task given a rule here
    /// since (`edit --repeat`) follows its own and is left out.
    public func unfollowedRules(in folder: String) throws -> [String: String] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT f.name, u.message FROM unfollowed_rule u
            JOIN task t ON t.id = u.task_id JOIN task_file f ON f.task_id = u.task_id
            WHERE f.folder = ? AND f.name IS NOT NULL AND t.repeat_rule IS NULL
            """, arguments: [folder])
        return Dictionary(rows.map { ($0[0] as String, $0[1] as String) }, uniquingKeysWith: { first, _ in first })
    }
}
