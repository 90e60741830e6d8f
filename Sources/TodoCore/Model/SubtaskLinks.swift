/// The tasks that have a parent, and the rule by which each is shown under
/// it (`problem(of:parent:)`): what `SubtaskTree` is made of, and all that
/// a reader that comes upon the parents itself needs (`list`, which reads
/// every task it shows, and so every parent it can show a subtask under).
///
/// A parent without a parent of its own is not held: it is given when
/// asked about. Every task of a cycle of parents has a parent, so the
/// links alone say which are in one.
///
/// Kept in arrays by position, not in tables by id: `list` asks each of
/// 100,000 tasks for its progress, and the view makes the links again on a
/// change to a subtask.
public struct SubtaskLinks: Sendable {
    public typealias Node = SubtaskTree.Node

    /// The tasks that have a parent, each id once.
    private var nodes: [Node] = []
    private var positions = IDTable()
    /// Whether following its parents leads back to the node.
    private var cyclic: [Bool] = []
    /// The nodes whose parent has the id, whether shown under it or not:
    /// `children` from `childStarts[group]` to `childStarts[group + 1]`,
    /// in id order, where `groups[parentID]` is the group.
    private var groups = IDTable()
    private var childStarts: [Int32] = []
    private var children: [Int32] = []

    /// The links of the tasks of `nodes` that have a parent; of several
    /// nodes with one id, the last counts.
    public init(_ nodes: some Sequence<Node>) {
        var nodes = Array(nodes)
        positions = IDTable(positionsOf: nodes.map { $0.id })
        if nodes.indices.contains(where: { nodes[$0].parentID == nil || positions[nodes[$0].id] != Int32($0) }) {
            nodes = nodes.indices.filter { nodes[$0].parentID != nil && positions[nodes[$0].id] == Int32($0) }.map { nodes[$0] }
            positions = IDTable(positionsOf: nodes.map { $0.id })
        }
        self.nodes = nodes
        cyclic = Self.cycles(parents: nodes.map { node in node.parentID.flatMap { positions[$0] } ?? -1 })
        // The parents' ids, each once (sorted: the store reads them so
        // already); each node's group is its parent's.
        var parentIDs = nodes.compactMap { $0.parentID }
        parentIDs.sort()
        parentIDs = parentIDs.indices.filter { $0 == 0 || parentIDs[$0 - 1] != parentIDs[$0] }.map { parentIDs[$0] }
        let groups = IDTable(positionsOf: parentIDs)
        let groupOf = nodes.map { node in node.parentID.flatMap { groups[$0] } ?? 0 }
        // Counted, then placed: each group's nodes one after the other.
        var starts = [Int32](repeating: 0, count: parentIDs.count + 1)
        for group in groupOf { starts[Int(group) + 1] += 1 }
        for group in parentIDs.indices { starts[group + 1] += starts[group] }
        var next = starts
        var children = [Int32](repeating: 0, count: nodes.count)
        for (position, group) in groupOf.enumerated() {
            children[Int(next[Int(group)])] = Int32(position)
            next[Int(group)] += 1
        }
        // The nodes come in any order (the store reads them by parent).
        for group in parentIDs.indices where starts[group + 1] - starts[group] > 1 {
            children[Int(starts[group])..<Int(starts[group + 1])].sort { nodes[Int($0)].id < nodes[Int($1)].id }
        }
        self.groups = groups
        childStarts = starts
        self.children = children
    }

    /// Why the task with this id is not shown under its parent, `parent`
    /// (nil when no task has the parent's id): the rule. Nil when it is
    /// shown under it, or when the task has no parent.
    public func problem(of id: Int64, parent: Node?) -> SubtaskTree.Problem? {
        guard let position = positions[id].map(Int.init), let parentID = nodes[position].parentID else { return nil }
        return problem(at: position, parentID: parentID, parent: parent)
    }

    /// The task with this id, when it has a parent.
    func node(_ id: Int64) -> Node? {
        positions[id].map { nodes[Int($0)] }
    }

    /// The tasks shown as `parent`'s subtasks, by id, in id order.
    public func children(of parent: Node) -> [Int64] {
        shownChildren(of: parent).map { nodes[Int($0)].id }
    }

    /// How many of `parent`'s subtasks (theirs not counted) are done, of
    /// how many; nil for a task without subtasks.
    public func progress(of parent: Node) -> (done: Int, total: Int)? {
        guard let group = groups[parent.id] else { return nil }
        var done = 0
        var total = 0
        for child in children[Int(childStarts[Int(group)])..<Int(childStarts[Int(group) + 1])]
        where problem(at: Int(child), parentID: parent.id, parent: parent) == nil {
            total += 1
            if nodes[Int(child)].isCompleted { done += 1 }
        }
        return total > 0 ? (done, total) : nil
    }

    private func shownChildren(of parent: Node) -> [Int32] {
        guard let group = groups[parent.id] else { return [] }
        return children[Int(childStarts[Int(group)])..<Int(childStarts[Int(group) + 1])].filter { child in
            problem(at: Int(child), parentID: parent.id, parent: parent) == nil
        }
    }

    /// The rule: a task is shown under its parent when the parent is
    /// there, in the same list, and not in a cycle with it.
    private func problem(at position: Int, parentID: Int64, parent: Node?) -> SubtaskTree.Problem? {
        guard let parent else { return .missing(parentID: parentID) }
        if cyclic[position] { return .cycle }
        if parent.list != nodes[position].list { return .otherList(parentID: parentID) }
        return nil
    }

    /// Which nodes, by position, lead back to themselves by their parents
    /// (`parents`, by position, -1 for one not among them): each is walked
    /// up once, the walk ending at a node already settled, at one whose
    /// parent is not among them, or on itself.
    private static func cycles(parents: [Int32]) -> [Bool] {
        var cyclic = [Bool](repeating: false, count: parents.count)
        // 0: not reached yet; 1: on the walk under way; 2: settled.
        var state = [UInt8](repeating: 0, count: parents.count)
        var path: [Int32] = []
        for start in parents.indices where state[start] == 0 {
            path.removeAll(keepingCapacity: true)
            var current = Int32(start)
            while current >= 0, state[Int(current)] == 0 {
                state[Int(current)] = 1
                path.append(current)
                current = parents[Int(current)]
            }
            if current >= 0, state[Int(current)] == 1, let index = path.firstIndex(of: current) {
                for member in path[index...] { cyclic[Int(member)] = true }
            }
            for member in path { state[Int(member)] = 2 }
        }
        return cyclic
    }
}
