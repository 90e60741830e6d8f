import Foundation

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

    private var nodes: [Int64: Node] = [:]
    private var childIDs: [Int64: [Int64]] = [:]
    private var cyclic: Set<Int64> = []

    public init(_ nodes: some Sequence<Node>) {
        for node in nodes { self.nodes[node.id] = node }
        cyclic = Self.cycles(in: self.nodes)
        for node in self.nodes.values.sorted(by: { $0.id < $1.id }) {
            if let parent = shownParent(of: node.id) { childIDs[parent, default: []].append(node.id) }
        }
    }

    /// The parent the task is shown under; nil for a task of its own, and
    /// for one whose parent has a `problem(of:)`.
    public func shownParent(of id: Int64) -> Int64? {
        guard let node = nodes[id], let parentID = node.parentID, problem(of: id) == nil else { return nil }
        return parentID
    }

    /// Why the task is shown at the top level though it has a parent; nil
    /// when it has none, or is shown under it.
    public func problem(of id: Int64) -> Problem? {
        guard let node = nodes[id], let parentID = node.parentID else { return nil }
        guard let parent = nodes[parentID] else { return .missing(parentID: parentID) }
        if cyclic.contains(id) { return .cycle }
        if parent.list != node.list { return .otherList(parentID: parentID) }
        return nil
    }

    /// The tasks shown as the task's subtasks, by id.
    public func children(of id: Int64) -> [Int64] {
        childIDs[id] ?? []
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
        let children = children(of: id)
        guard !children.isEmpty else { return nil }
        return (children.filter { nodes[$0]?.isCompleted == true }.count, children.count)
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

    /// The tasks whose parents lead back to them.
    private static func cycles(in nodes: [Int64: Node]) -> Set<Int64> {
        var cyclic: Set<Int64> = []
        var settled: Set<Int64> = []
        for start in nodes.keys where !settled.contains(start) {
            var path: [Int64] = []
            var onPath: [Int64: Int] = [:]
            var current: Int64? = start
            while let id = current, nodes[id] != nil, !settled.contains(id) {
                if let index = onPath[id] {
                    cyclic.formUnion(path[index...])
                    break
                }
                onPath[id] = path.count
                path.append(id)
                current = nodes[id]?.parentID
            }
            settled.formUnion(path)
        }
        return cyclic
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
