import FoundationEssentials

/// When to try again what failed: a wait that doubles from `first` after
/// each failed attempt, up to `longest`. Something that comes back is used
/// again within `longest`, and one that stays away costs a wake-up per
/// `longest`, not a busy loop.
public struct RetrySchedule: Sendable {
    /// The wait after the first failed attempt.
    public let first: TimeInterval
    /// The longest wait.
    public let longest: TimeInterval

    /// Notifications: 2 s, 4 s, 8 s… at most a minute apart, so a
    /// notification server that comes back is used within a minute.
    public static let notifications = RetrySchedule(first: 2, longest: 60)

    /// Files of the list folders that could not be written: 1 s, 2 s, 4 s,
    /// then every 8 s, so a change is written within seconds of its folder
    /// taking writes again (space freed, remounted, put back), while a
    /// fault that lasts costs a wake-up every 8 s.
    public static let folderWrites = RetrySchedule(first: 1, longest: 8)

    /// The wait after the given number of failed attempts (1 or more).
    public func delay(afterAttempts attempts: Int) -> TimeInterval {
        let exponent = min(max(attempts - 1, 0), 10)
        return min(first * Double(1 << exponent), longest)
    }
}
