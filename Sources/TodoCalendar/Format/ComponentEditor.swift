/// Replaces, inserts and removes the property lines of one component, leaving
/// every other line (its child components included) as it was.
struct ComponentEditor {
    /// The component's lines, from its BEGIN to its END.
    private(set) var lines: [ContentLine]

    init(lines: some Sequence<ContentLine>) {
        self.lines = Array(lines)
    }

    /// The indices of the component's own lines named `name` (not those of
    /// its children).
    func indices(of name: String) -> [Int] {
        var depth = 0
        var found: [Int] = []
        for (index, line) in lines.enumerated() {
            if line.isBegin() {
                depth += 1
            } else if line.isEnd() {
                depth -= 1
            } else if depth == 1, line.name == name {
                found.append(index)
            }
        }
        return found
    }

    /// The component's first own line named `name`.
    func first(_ name: String) -> ContentLine? {
        indices(of: name).first.map { lines[$0] }
    }

    /// Makes `replacement` the component's lines named `name`: they take the
    /// place of the first existing one (the others go), or, when there is
    /// none, come before the first child component (a VALARM) or the END, so
    /// that properties stay above alarms as clients write them.
    /// An empty replacement removes the property.
    mutating func set(_ name: String, to replacement: [ContentLine]) {
        let existing = indices(of: name)
        if let first = existing.first {
            for index in existing.reversed() { lines.remove(at: index) }
            lines.insert(contentsOf: replacement, at: first)
        } else if !replacement.isEmpty {
            lines.insert(contentsOf: replacement, at: insertionPoint)
        }
    }

    /// Puts `replacement` in place of the line at `index`, or removes it
    /// when nil; with no `index`, adds `replacement` where `set` adds a new
    /// property.
    mutating func replace(at index: Int?, with replacement: ContentLine?) {
        switch (index, replacement) {
        case (let index?, let line?): lines[index] = line
        case (let index?, nil): lines.remove(at: index)
        case (nil, let line?): lines.insert(line, at: insertionPoint)
        case (nil, nil): break
        }
    }

    /// Removes the child components (a VALARM) whose lines match.
    mutating func removeChildren(where matches: ([ContentLine]) -> Bool) {
        var index = 1
        while index < lines.count - 1 {
            guard lines[index].isBegin() else {
                index += 1
                continue
            }
            let end = childEnd(from: index)
            if matches(Array(lines[index...end])) {
                lines.removeSubrange(index...end)
            } else {
                index = end + 1
            }
        }
    }

    /// Adds a child component's lines last, before the component's END.
    mutating func appendChild(_ child: [ContentLine]) {
        lines.insert(contentsOf: child, at: max(lines.count - 1, 0))
    }

    /// The index of the END of the child that begins at `begin`.
    private func childEnd(from begin: Int) -> Int {
        var depth = 0
        for index in begin..<lines.count {
            if lines[index].isBegin() { depth += 1 } else if lines[index].isEnd() { depth -= 1 }
            if depth == 0 { return index }
        }
        return lines.count - 1
    }

    /// Where a new property goes: before the first child's BEGIN, else before END.
    private var insertionPoint: Int {
        let child = lines.indices.dropFirst().first { lines[$0].isBegin() }
        return child ?? max(lines.count - 1, 0)
    }
}
