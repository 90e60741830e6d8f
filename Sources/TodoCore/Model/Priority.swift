/// How much a task matters; orders tasks and sets a notification's urgency.
public enum Priority: String, CaseIterable, Comparable, Sendable {
    case low
    case medium
    case high

    /// 0 for low, 1 for medium, 2 for high: the order used for sorting and storage.
    public var rank: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .high: 2
        }
    }

    public init?(rank: Int) {
        guard let match = Priority.allCases.first(where: { $0.rank == rank }) else { return nil }
        self = match
    }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rank < rhs.rank }
}
