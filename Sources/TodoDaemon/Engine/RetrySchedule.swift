import Foundation

/// When to try a failed notification again: 2 s, 4 s, 8 s… at most a minute
/// apart, so a notification server that comes back is used within a minute,
/// and one that stays away costs a wake-up a minute, not a busy loop.
struct RetrySchedule {
    static let first: TimeInterval = 2
    static let longest: TimeInterval = 60

    /// The wait after the given number of failed attempts (1 or more).
    static func delay(afterAttempts attempts: Int) -> TimeInterval {
        let exponent = min(max(attempts - 1, 0), 10)
        return min(first * Double(1 << exponent), longest)
    }
}
