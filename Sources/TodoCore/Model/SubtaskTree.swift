import FoundationEssentials

/// Which tasks are shown as whose subtasks (docs/ARCHITECTURE.md §7.3).
///
/// A task's parent (`TodoTask.parentID`) is kept as the file or the user gave
/// it; it is its parent for showing only when that parent is there, in the
/// same list, and not in a cycle of parents. Otherwise the task is shown at
/// the top level, never lost, and `problem(of:)` says why (`sync --check`
/// reports it).
public struct SubtaskTree: Sendable {
    /// What the tree needs of one task.
    public struct Node: Hashable, Sendable {
        public var id: Int64
        public var parentID: Int64?
        public var list: String?
        public var isCompleted: Bool

        public init(id: Int64, parentID: Int64?, list: String?, isCompleted: Bool) {
            self.id = id
            self.parentID = parentID
            self.list = list
            self.isCompleted = isCompleted
        }

        public init(_ task: TodoTask) {
            self.init(id: task.id, parentID: task.parentID, list: task.list, isCompleted: task.isCompleted)
        }
    }

    /// Why a task with a parent is shown at the top level.
    public enum Problem: Hashable, Sendable {
        /// No task has the parent's id (or, in a file, its UID).
        case missing(parentID: Int64)
        /// The parent is in another list.
        case otherList(parentID: Int64)
        /// Following parents leads back to the task.
        case cycle
    }

    /// The tasks that have a parent, and the rule.
    private var links = SubtaskLinks([])
    /// The others (parents of their own), each id once, by position.
    private var roots: [Node] = []
    private var rootPositions = IDTable()

    /// The tree of `nodes`; of several with one id, the last counts.
    public init(_ nodes: some Sequence<Node>) {
        var nodes = Array(nodes)
        let positions = IDTable(positionsOf: nodes.map { $0.id })
        if nodes.indices.contains(where: { positions[nodes[$0].id] != Int32($0) }) {
            nodes = nodes.indices.filter { positions[nodes[$0].id] == Int32($0) }.map { nodes[$0] }
        }
        // Each node is held once: by the links when it has a parent.
        links = SubtaskLinks(nodes)
        roots = nodes.filter { $0.parentID == nil }
        rootPositions = IDTable(positionsOf: roots.map { $0.id })
    }

    /// The parent the task is shown under; nil for a task of its own, and
    /// for one whose parent has a `problem(of:)`.
    public func shownParent(of id: Int64) -> Int64? {
        guard let parentID = node(id)?.parentID, links.problem(of: id, parent: node(parentID)) == nil else { return nil }
        return parentID
    }

    /// Why the task is shown at the top level though it has a parent; nil
    /// when it has none, or is shown under it.
    public func problem(of id: Int64) -> Problem? {
        guard let parentID = node(id)?.parentID else { return nil }
        return links.problem(of: id, parent: node(parentID))
    }

    /// The tasks shown as the task's subtasks, by id.
    public func children(of id: Int64) -> [Int64] {
        node(id).map(links.children(of:)) ?? []
    }

    /// The task's subtasks, theirs after each, depth first.
    public func descendants(of id: Int64) -> [Int64] {
        var result: [Int64] = []
        var stack = Array(children(of: id).reversed())
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: children(of: next).reversed())
        }
        return result
    }

    /// How many of the task's subtasks (theirs not counted) are done, of
    /// how many; nil for a task without subtasks.
    public func progress(of id: Int64) -> (done: Int, total: Int)? {
        node(id).flatMap(links.progress(of:))
    }

    /// How deep the task is shown: 0 at the top level, 1 for a subtask.
    public func depth(of id: Int64) -> Int {
        var depth = 0
        var current = id
        while let parent = shownParent(of: current) {
            depth += 1
            current = parent
        }
        return depth
    }

    private func node(_ id: Int64) -> Node? {
        links.node(id) ?? rootPositions[id].map { roots[Int($0)] }
    }
}

/// The rule for giving a task a parent: not itself, not one of its own
/// subtasks (which would make a cycle).
public enum ParentRule {
    /// Refuses `parent` as the parent of `child`.
    ///
    /// - Parameter ancestors: the ids of `parent`'s parent, its parent's
    ///   parent and so on, as the store holds them.
    /// - Throws: `ParentRefusal`; nothing is changed.
    public static func check(child: TodoTask, parent: TodoTask, ancestors: [Int64]) throws(ParentRefusal) {
        if child.id == parent.id { throw .itself(taskID: child.id, title: child.title) }
        if ancestors.contains(child.id) {
            throw .descendant(taskID: child.id, title: child.title, parentID: parent.id, parentTitle: parent.title)
        }
    }

    /// Refuses moving `child` to `list` while it keeps `parent`, a task of
    /// its present list: a subtask is in its parent's list, and moving the
    /// parent takes its subtasks with it.
    ///
    /// - Parameter parent: the parent `child` keeps after the change, nil
    ///   when the change gives it another parent or none.
    public static func checkMove(of child: TodoTask, to list: String?, keeping parent: TodoTask?) throws(ParentRefusal) {
        guard let parent, list != child.list, parent.list == child.list else { return }
        throw .movedAlone(taskID: child.id, title: child.title, parentID: parent.id, parentTitle: parent.title)
    }
}

/// A parent a task cannot have: the README's exit status 1, nothing changed.
public enum ParentRefusal: LocalizedError, Hashable, Sendable {
    case itself(taskID: Int64, title: String)
    case descendant(taskID: Int64, title: String, parentID: Int64, parentTitle: String)
    case movedAlone(taskID: Int64, title: String, parentID: Int64, parentTitle: String)

    public var errorDescription: String? {
        switch self {
        case .itself(let id, let title):
            "Task \(id) “\(title)” cannot be its own parent, so nothing was changed: give another task as --parent."
        case .descendant(let id, let title, let parentID, let parentTitle):
            "Task \(parentID) “\(parentTitle)” is a subtask of task \(id) “\(title)”, so it cannot be its parent: nothing was changed."
        case .movedAlone(let id, let title, let parentID, let parentTitle):
            "Task \(id) “\(title)” is a subtask of task \(parentID) “\(parentTitle)”, and a subtask is in its parent's list, "
                + "so nothing was changed: move the parent, or take the task out of it too (--no-parent, or an empty Parent)."
        }
    }
}
