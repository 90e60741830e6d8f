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
        var children: [Int: [Int]] = [:]
        var roots: [Int] = []
        for index in rows.indices {
            if let parent = parents[index] { children[parent, default: []].append(index) } else { roots.append(index) }
        }
        let sorted = children.isEmpty ? order(of: rows, titles: titles) : sort(roots, rows: rows, titles: titles)
        guard !children.isEmpty else { return (sorted, [Int](repeating: 0, count: rows.count)) }
        for (parent, siblings) in children { children[parent] = sort(siblings, rows: rows, titles: titles) }

        var positions: [Int] = []
        positions.reserveCapacity(rows.count)
        var depths = [Int](repeating: 0, count: rows.count)
        var stack: [Int] = []
        for root in sorted {
            stack.append(root)
            while let next = stack.popLast() {
                positions.append(next)
                guard let below = children[next] else { continue }
                for child in below.reversed() {
                    depths[child] = depths[next] + 1
                    stack.append(child)
                }
            }
        }
        return (positions, depths)
    }

    /// `indices` sorted as `order(of:titles:)` sorts every row.
    private func sort(_ indices: [Int], rows: [ListRow], titles: [String]) -> [Int] {
        switch self {
        case .title:
            indices.sorted { a, b in precedes(rows[a], rows[b], titles: (titles[a], titles[b])) }
        case .due, .priority, .created:
            indices.sorted { a, b in precedes(rows[a], rows[b]) }
        }
    }
}
