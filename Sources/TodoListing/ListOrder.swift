import FoundationEssentials
import TodoCore

/// How `list` orders the tasks within each group.
public enum ListOrder: String, CaseIterable, Sendable {
    case due
    case priority
    case title
    case created

    /// The positions of `rows` in this order: groups first, then this order's
    /// keys, then the id.
    ///
    /// - Parameter titles: the rows' titles, by position; read by `title` only.
    public func order(of rows: [ListRow], titles: [String]) -> [Int] {
        var order = Array(rows.indices)
        switch self {
        case .title:
            order.sort { a, b in precedes(rows[a], rows[b], titles: (titles[a], titles[b])) }
        case .due, .priority, .created:
            order.sort { a, b in precedes(rows[a], rows[b]) }
        }
        return order
    }

    /// Whether row `a` comes before row `b` in this order: groups first,
    /// then this order's keys, then the id. Sooner dues first and no due
    /// date last (an infinite key); higher priority first.
    ///
    /// Inlinable: the interactive view sorts 100,000 rows with it, from
    /// another module.
    ///
    /// - Parameter titles: the two rows' titles; read by `title` only.
    @inlinable
    public func precedes(_ a: ListRow, _ b: ListRow, titles: (String, String)? = nil) -> Bool {
        if a.group != b.group { return a.group < b.group }
        switch self {
        case .due:
            if a.dueKey != b.dueKey { return a.dueKey < b.dueKey }
            if a.priority != b.priority { return a.priority > b.priority }
        case .priority:
            if a.priority != b.priority { return a.priority > b.priority }
            if a.dueKey != b.dueKey { return a.dueKey < b.dueKey }
        case .created:
            if a.created != b.created { return a.created < b.created }
        case .title:
            if let titles {
                let comparison = Collation.titles.compare(titles.0, titles.1)
                if comparison != 0 { return comparison < 0 }
            }
        }
        return a.id < b.id
    }
}
