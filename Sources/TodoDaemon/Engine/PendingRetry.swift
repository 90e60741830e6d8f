import Foundation
import TodoCore

/// A notification to try again: a bubble's one reminder, or a digest's.
struct PendingRetry {
    var reminders: [Reminder]
    /// The attempts made so far.
    var attempts: Int
    /// When the next attempt is due.
    var nextAt: Date
    /// When its reminders fire; catch-up counts from here.
    var firesAt: Date
}
