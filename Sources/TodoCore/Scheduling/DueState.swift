/// Where a task stands at a given instant (docs/ARCHITECTURE.md §2, first match wins).
public enum DueState: String, CaseIterable, Sendable {
    case completed
    case noDueDate
    case overdue
    case dueSoon
    case upcoming
}

/// The sections `list` shows, in display order.
public enum TaskGroup: String, CaseIterable, Comparable, Sendable {
    case overdue
    case today
    case upcoming
    case someday
    case completed

    public var title: String {
        switch self {
        case .overdue: "Overdue"
        case .today: "Today"
        case .upcoming: "Upcoming"
        case .someday: "Someday"
        case .completed: "Completed"
        }
    }

    /// In display order, the order of the cases above.
    public static func < (lhs: TaskGroup, rhs: TaskGroup) -> Bool {
        lhs.rank < rhs.rank
    }

    /// The position in display order: a switch, since sorting a long list
    /// compares groups at every step.
    private var rank: Int {
        switch self {
        case .overdue: 0
        case .today: 1
        case .upcoming: 2
        case .someday: 3
        case .completed: 4
        }
    }
}
