import FoundationEssentials

/// When a task is due: by the end of a local day, or at an exact instant.
public enum Due: Hashable, Sendable, Codable {
    /// Due by the end of this local day, wherever the machine is (floating).
    case day(LocalDay)
    /// Due at this instant, whatever time zone the machine moves to later.
    case time(Date)

    /// A number that orders dues without knowing the time zone, for an index.
    ///
    /// A timed due is its instant in seconds since 1970; a day due is the start
    /// of the following day read as if it were UTC. The real due instant lies
    /// within `Due.sortKeyZoneSlack` of the key, which is what lets the store
    /// feed the time rules from an index (see `ReminderQueue`).
    public var sortKey: Double {
        switch self {
        case .day(let day):
            return Double(day.adding(days: 1).daysSinceEpoch * 86_400)
        case .time(let instant):
            return instant.timeIntervalSince1970
        }
    }

    /// How far a day due's real instant can sit from its `sortKey`: the largest
    /// UTC offset any zone uses (+14 h), with room to spare.
    public static let sortKeyZoneSlack: TimeInterval = 15 * 3600

    public var isTimed: Bool {
        if case .time = self { return true }
        return false
    }
}
