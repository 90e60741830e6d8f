/// Where a task stands at a given instant (DESIGN.md §2, first match wins).
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

    public static func < (lhs: TaskGroup, rhs: TaskGroup) -> Bool {
        let order = TaskGroup.allCases
        return order.firstIndex(of: lhs) ?? 0 < order.firstIndex(of: rhs) ?? 0
    }
}
