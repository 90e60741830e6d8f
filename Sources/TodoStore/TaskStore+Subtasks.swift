import FoundationEssentials
import TodoCore

/// Reading the parents, subtasks and tags of tasks.
extension TaskStore {
    /// The ids of the task's parent, its parent's parent and so on, as the
    /// store holds them (a cycle is followed once round): what
    /// `ParentRule.check` looks for a new subtask among.
    public func ancestors(of id: Int64) throws -> [Int64] {
        try read { db in
            try Int64.fetchAll(db, sql: """
                WITH RECURSIVE up(id) AS (
                    SELECT parent_id FROM task WHERE id = ? AND parent_id IS NOT NULL
                    UNION
                    SELECT task.parent_id FROM task JOIN up ON task.id = up.id WHERE task.parent_id IS NOT NULL
                )
                SELECT id FROM up
                """, arguments: [id])
        }
    }

    /// The task's subtasks and theirs, at any depth, in id order: those
    /// shown under it (`SubtaskTree`), in its list. Open ones only unless
    /// `includingCompleted`.
    public func subtasks(of id: Int64, includingCompleted: Bool = true) throws -> [TodoTask] {
        try read { db in
            var tasks = try TaskRow.fetchAll(db, sql: """
                WITH RECURSIVE down(id) AS (
                    SELECT child.id FROM task AS child JOIN task AS parent ON parent.id = child.parent_id
                    WHERE child.parent_id = ? AND child.list IS parent.list
                    UNION
                    SELECT child.id FROM task AS child JOIN down ON child.parent_id = down.id
                    JOIN task AS parent ON parent.id = child.parent_id
                    WHERE child.list IS parent.list
                )
                SELECT \(TaskRow.selectionWithoutSnoozes) FROM task WHERE id IN down AND id <> ?\(includingCompleted ? "" : " AND completed_at IS NULL")
                ORDER BY id
                """, arguments: [id, id])
            try TaskRow.fillSnoozes(&tasks, db)
            return tasks
        }
    }

    /// What `SubtaskTree` needs of every task.
    public func subtaskNodes() throws -> [SubtaskTree.Node] {
        try read { db in
            var nodes: [SubtaskTree.Node] = []
            try TaskRow.forEach(db, sql: "SELECT id, parent_id, list, completed_at FROM task", arguments: []) { statement in
                let columns = TaskRow.Columns(statement: statement)
                if let id = columns.int64(0) {
                    nodes.append(.init(id: id, parentID: columns.int64(1), list: columns.text(2), isCompleted: !columns.isNull(3)))
                }
                return true
            }
            return nodes
        }
    }

    /// The tasks that have a parent (`SubtaskLinks`), and no other: read
    /// from the parent index alone, which holds the columns. `list` comes
    /// upon the parents it can show as it reads the tasks, so their rows
    /// are not looked up here one by one (a tenth of its time at 20,000).
    public func subtaskLinks() throws -> SubtaskLinks {
        try read { db in
            var nodes: [SubtaskLinks.Node] = []
            let sql = "SELECT id, parent_id, list, completed_at FROM task INDEXED BY task_by_parent WHERE parent_id IS NOT NULL"
            try TaskRow.forEach(db, sql: sql, arguments: []) { statement in
                let columns = TaskRow.Columns(statement: statement)
                if let id = columns.int64(0) {
                    nodes.append(.init(id: id, parentID: columns.int64(1), list: columns.text(2), isCompleted: !columns.isNull(3)))
                }
                return true
            }
            return SubtaskLinks(nodes)
        }
    }

    /// One tag and how many tasks have it.
    public struct TagCount: Hashable, Sendable {
        /// As first spelled, in id order (tags match without regard to case).
        public var tag: String
        public var open: Int
        public var total: Int

        public init(tag: String, open: Int, total: Int) {
            self.tag = tag
            self.open = open
            self.total = total
        }
    }

    /// Every tag with its counts, in order of the keys (`TaskTags.key`).
    public func tagCounts() throws -> [TagCount] {
        try read { db in
            var counts: [String: TagCount] = [:]
            try TaskRow.forEach(db, sql: "SELECT tags, category, completed_at FROM task WHERE tags IS NOT NULL ORDER BY id", arguments: []) { statement in
                let columns = TaskRow.Columns(statement: statement)
                let open = columns.isNull(2)
                for tag in TaskRow.tags(fromText: columns.text(0), category: columns.text(1) ?? TodoTask.defaultCategory) {
                    let key = TaskTags.key(tag)
                    var count = counts[key] ?? TagCount(tag: tag, open: 0, total: 0)
                    count.total += 1
                    if open { count.open += 1 }
                    counts[key] = count
                }
                return true
            }
            return counts.sorted { $0.key < $1.key }.map(\.value)
        }
    }
}
