import Foundation
import TodoCore
import TodoStore

/// What one plan decided (`DeliveryPlanner.plan`), for the engine to carry
/// out in this order: write `records`, then hand `jobs` to the notifier, then
/// arm the timer no later than `nextHeld`.
struct DeliveryPlan {
    /// Every reminder fired (`sending`) or given up (`skipped`), in the order
    /// decided: on the ledger before anything is shown.
    var records: [DeliveryRecord] = []
    /// The notifications to show: a bubble each, or a digest, first attempts
    /// before retries.
    var jobs: [DeliveryJob] = []
    /// How many reminders were skipped as older than the catch-up window.
    var skippedCount = 0
    /// The earliest reminder whose instant has come but that quiet hours
    /// hold, and when it fires, if any.
    var nextHeld: (reminder: Reminder, at: Date)?
}
