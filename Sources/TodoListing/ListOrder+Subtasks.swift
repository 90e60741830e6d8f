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
    ///     by position; nil for a row shown at the top level. They form no
    ///     cycle (`SubtaskTree` shows none).
    ///   - titles: the rows' titles, by position; read by `title` only.
    public func order(of rows: [ListRow], titles: [String], parents: [Int?]) -> (positions: [Int], depths: [Int]) {
        let sorted = order(of: rows, titles: titles)
        var depths = [Int](repeating: 0, count: rows.count)
        guard parents.contains(where: { $0 != nil }) else { return (sorted, depths) }
        let nested = Self.nest(sorted) { parents[$0] }
        for (position, depth) in zip(nested.positions, nested.depths) { depths[position] = depth }
        return (nested.positions, depths)
    }

    /// Rows already in order, each subtask moved right under its parent,
    /// theirs under them, with how deep each is (in the order returned):
    /// the rule of `order(of:titles:parents:)`, for a reader that keeps its
    /// rows in order already (the interactive view). Siblings, and the rows
    /// at the top level, keep the order they came in.
    ///
    /// - Parameter parent: the shown parent of a row, which is among
    ///   `ordered`; nil for a row at the top level. They form no cycle.
    public static func nest<Position: Hashable>(_ ordered: [Position], parent: (Position) -> Position?) -> (positions: [Position], depths: [Int]) {
        var children: [Position: [Position]] = [:]
        var roots: [Position] = []
        roots.reserveCapacity(ordered.count)
        for position in ordered {
            if let parent = parent(position) { children[parent, default: []].append(position) } else { roots.append(position) }
        }
        guard !children.isEmpty else { return (ordered, [Int](repeating: 0, count: ordered.count)) }
        var positions: [Position] = []
        var depths: [Int] = []
        positions.reserveCapacity(ordered.count)
        depths.reserveCapacity(ordered.count)
        var stack: [(position: Position, depth: Int)] = []
        for root in roots {
            stack.append((root, 0))
            while let next = stack.popLast() {
                positions.append(next.position)
                depths.append(next.depth)
                guard let below = children[next.position] else { continue }
                for child in below.reversed() { stack.append((child, next.depth + 1)) }
            }
        }
        return (positions, depths)
    }
}
