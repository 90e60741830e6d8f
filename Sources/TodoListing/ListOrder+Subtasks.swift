import TodoCore

extension ListOrder {
    /// The positions of `rows` in this order with each subtask right under
    /// its parent, theirs under them, and how deep each is indented (by
    /// position): a row whose parent is shown goes into the parent's group,
    /// after it and its earlier siblings; siblings keep this order among
    /// themselves. A row whose parent is not shown (filtered out, waiting,
    /// done, or in no list with it: `SubtaskTree`) stands at the top level
    /// in its own group.
    ///
    /// - Parameters:
    ///   - parents: the position of each row's shown parent among `rows`,
    ///     by position; -1 for a row shown at the top level (`Int32`, as
    ///     `nest` takes them: a list of 100,000 rows makes no copy). They
    ///     form no cycle (`SubtaskLinks` shows none).
    ///   - titles: the rows' titles, by position; read by `title` only.
    public func order(of rows: [ListRow], titles: [String], parents: [Int32]) -> (positions: [Int], depths: [Int]) {
        let sorted = order(of: rows, titles: titles)
        var depths = [Int](repeating: 0, count: rows.count)
        guard parents.contains(where: { $0 >= 0 }) else { return (sorted, depths) }
        let nested = Self.nest(sorted.map { Int32($0) }, count: rows.count) { position in
            let parent = parents[Int(position)]
            return parent >= 0 ? parent : nil
        }
        for (position, depth) in zip(nested.positions, nested.depths) { depths[Int(position)] = depth }
        return (nested.positions.map { Int($0) }, depths)
    }

    /// Rows already in order, each subtask moved right under its parent,
    /// theirs under them, with how deep each is (in the order returned):
    /// the rule of `order(of:titles:parents:)`, for a reader that keeps its
    /// rows in order already (the interactive view). Siblings, and the rows
    /// at the top level, keep the order they came in.
    ///
    /// Children are linked in flat arrays by position, not kept in a table,
    /// and positions are `Int32`, not generic (unspecialised across modules,
    /// that cost a debug build five times the time): the view nests 100,000
    /// rows on every key of a search.
    ///
    /// - Parameters:
    ///   - count: the positions are below it.
    ///   - parent: the shown parent of a row, which is among `ordered`; nil
    ///     for a row at the top level. They form no cycle.
    public static func nest(_ ordered: [Int32], count: Int, parent: (Int32) -> Int32?) -> (positions: [Int32], depths: [Int]) {
        // Each row's first child and next sibling, -1 for none, linked from
        // the last row to the first so that siblings keep their order.
        var firstChild = [Int32](repeating: -1, count: count)
        var nextSibling = [Int32](repeating: -1, count: count)
        var isChild = [Bool](repeating: false, count: count)
        var anyChild = false
        for position in ordered.reversed() {
            guard let parent = parent(position) else { continue }
            nextSibling[Int(position)] = firstChild[Int(parent)]
            firstChild[Int(parent)] = position
            isChild[Int(position)] = true
            anyChild = true
        }
        guard anyChild else { return (ordered, [Int](repeating: 0, count: ordered.count)) }
        var positions: [Int32] = []
        var depths: [Int] = []
        positions.reserveCapacity(ordered.count)
        depths.reserveCapacity(ordered.count)
        var stack: [(position: Int32, depth: Int)] = []
        for root in ordered where !isChild[Int(root)] {
            stack.append((root, 0))
            while let next = stack.popLast() {
                positions.append(next.position)
                depths.append(next.depth)
                // Pushed, then turned round in place, so that the first
                // comes out first.
                let pushed = stack.count
                var child = firstChild[Int(next.position)]
                while child >= 0 {
                    stack.append((child, next.depth + 1))
                    child = nextSibling[Int(child)]
                }
                stack[pushed...].reverse()
            }
        }
        return (positions, depths)
    }
}
