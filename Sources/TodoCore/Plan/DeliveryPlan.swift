import FoundationEssentials

/// What one plan decided (`DeliveryPlanner.plan`), for the engine to carry
/// out in this order: write `records`, then show `batches`, then arm the
/// timer (`DeliveryPlanner.wake`, given `nextHeld`).
public struct DeliveryPlan: Sendable {
    /// Every reminder fired (`sending`) or given up (`skipped`), in the order
    /// decided: on the ledger before anything is shown.
    public var records: [DeliveryRecord] = []
    /// What to show, first attempts before retries: the tasks' reminders
    /// firing at each instant as a bubble each or one digest
    /// (`TimeRules.batch`), then each event's alarm, a bubble of its own;
    /// each with the instant it fires at (their own, or the end of the
    /// quiet hours that held them: catch-up counts from it) and the attempt
    /// it is (1 for the first).
    public var batches: [(batch: ReminderBatch, firesAt: Date, attempt: Int)] = []
    /// The reminders among `batches` that quiet hours held past their own
    /// instant: their bubbles say so.
    public var held: Set<Reminder.ID> = []
    /// How many reminders were skipped as older than the catch-up window.
    public var skippedCount = 0
    /// Of the tasks' reminders whose instant has come but that quiet hours
    /// hold until later, the first to fire, with its task; nil for none.
    public var nextHeld: TaskReminder?
    /// The same of events' alarms.
    public var nextHeldEvent: ReminderOf<EventInstance>?
}
