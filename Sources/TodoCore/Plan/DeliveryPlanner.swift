import FoundationEssentials

/// The daemon's plan (docs/ARCHITECTURE.md §4): from `now`, the tasks' reminders,
/// what the ledger holds, the retries and what is being shown, what to show,
/// what to record (`plan`) and when to wake (`wake`). The daemon's engine
/// reads those inputs from the store and carries out the answer.
///
/// Pure: no I/O, no clock. A reminder fires when its fire time has come (its
/// instant, or the end of the quiet hours holding it), that fire time is no
/// older than the catch-up window, and the ledger has no record of it; one
/// whose fire time is older than the window, after the daemon's last look, is
/// skipped. A reminder whose instant came before the task's due was set (a
/// task added at 10:00 with its morning reminder at 09:00) was never due to
/// fire, and is neither fired nor skipped; any other edit (notes, title,
/// priority, the reminder switched off and on) leaves a missed reminder to
/// fire. The ledger is matched by identity (`Reminder.ID`), so a reminder
/// whose instant moved with the time zone is still the one on record.
public struct DeliveryPlanner: Sendable {
    public let timeRules: TimeRules

    public init(timeRules: TimeRules) {
        self.timeRules = timeRules
    }

    /// How far back a daemon that was off for long records skips: older
    /// reminders are left out of the ledger instead of writing a row for each.
    static let longestLookback: TimeInterval = 31 * 86_400

    /// How old a reminder may be and still fire: the policy's catch-up window,
    /// but never less than on time allows (`ReminderPolicy.onTimeGrace`). The
    /// timer wakes the daemon a moment after a reminder's instant, never at it,
    /// so with `catch-up-hours = 0` the bare window would skip every reminder,
    /// even one on time: a reminder on time always fires.
    public var catchUpWindow: TimeInterval {
        max(timeRules.policy.catchUpWindow, ReminderPolicy.onTimeGrace)
    }

    /// The earliest instant `plan` needs tasks and ledger records from.
    ///
    /// With quiet hours, a reminder held since the start of a stretch fires
    /// at its end, so the look goes back to the start of the stretch holding
    /// `now` or the window's start: those reminders are to fire later, or
    /// are firing now.
    public func lookbackStart(now: Date, watermark: Date?) -> Date {
        let start = plainLookbackStart(now: now, watermark: watermark)
        guard let quietHours = timeRules.policy.quietHours else { return start }
        let clock = timeRules.clock
        let stretchStarts = [start, now].compactMap { quietHours.stretch(containing: $0, clock: clock)?.lowerBound }
        return ([start] + stretchStarts).min() ?? start
    }

    private func plainLookbackStart(now: Date, watermark: Date?) -> Date {
        let windowStart = now.addingTimeInterval(-catchUpWindow)
        let oldest = windowStart.addingTimeInterval(-Self.longestLookback)
        guard let watermark, watermark < windowStart else { return windowStart }
        return max(watermark, oldest)
    }

    /// Which of the reminders that have come fire now, which are skipped,
    /// and which quiet hours still hold: the one rule for every owner.
    ///
    /// - Parameters:
    ///   - watermark: the instant up to which an earlier run looked, if any.
    ///   - entries: the reminders that may have come, with their subjects:
    ///     a task's own (`TimeRules.reminders(for:)`), an event's alarm
    ///     instants as the index holds them.
    ///   - daily: the daily reminders of overdue tasks to consider; never
    ///     skipped (none for events).
    ///   - recorded: those of the candidates the ledger already has.
    ///   - inFlight: those being shown, which do not fire again.
    /// - Returns: `fire`, the reminders to fire now with their subjects and
    ///   fire times (`TimeRules.fireTime`: their instant, or the end of the
    ///   quiet hours that held them), earliest first; `skip`, those whose
    ///   fire time passed longer ago than the catch-up window; `nextHeld`, of
    ///   those whose instant has come but that quiet hours hold until later,
    ///   the first to fire.
    func decide<Subject>(
        now: Date, watermark: Date?, entries: [ReminderOf<Subject>], daily: [ReminderOf<Subject>] = [],
        recorded: Set<Reminder.ID>, inFlight: Set<Reminder.ID> = []
    ) -> (fire: [(entry: ReminderOf<Subject>, fire: FireTime)], skip: [Reminder], nextHeld: ReminderOf<Subject>?) {
        let skipFrom = watermark.map { max($0, lookbackStart(now: now, watermark: $0)) }
        var fire: [(entry: ReminderOf<Subject>, fire: FireTime)] = []
        var skip: [Reminder] = []
        var nextHeld: (entry: ReminderOf<Subject>, at: Date)?
        func consider(_ entry: ReminderOf<Subject>, mayBeSkipped: Bool) {
            let id = entry.reminder.id
            guard isCandidate(entry, now: now), !recorded.contains(id), !inFlight.contains(id) else { return }
            let fireTime = timeRules.fireTime(of: entry)
            switch verdict(firesAt: fireTime.at, now: now, skipFrom: mayBeSkipped ? skipFrom : nil) {
            case .held: if nextHeld.map({ fireTime.at < $0.at }) ?? true { nextHeld = (entry, fireTime.at) }
            case .fire: fire.append((entry, fireTime))
            case .skip: skip.append(entry.reminder)
            case .none: break
            }
        }
        for entry in entries { consider(entry, mayBeSkipped: true) }
        for entry in daily { consider(entry, mayBeSkipped: false) }
        let ordered = fire.sorted { a, b in
            if a.fire.at != b.fire.at { return a.fire.at < b.fire.at }
            return TimeRules.precedes(a.entry.reminder, b.entry.reminder)
        }
        return (ordered, skip, nextHeld?.entry)
    }

    /// What becomes of a reminder that has come and is not on the ledger,
    /// firing at `firesAt`: the one rule for tasks' reminders and events'
    /// alarms alike.
    enum Verdict {
        /// Quiet hours hold it until later.
        case held
        /// It fires now.
        case fire
        /// Older than the catch-up window, and after `skipFrom` (the daemon's
        /// last look): given up, on record.
        case skip
        /// Older than the window and before the last look: nothing to do.
        case none
    }

    func verdict(firesAt: Date, now: Date, skipFrom: Date?) -> Verdict {
        if firesAt > now { return .held }
        if isWithinCatchUp(firesAt: firesAt, at: now) { return .fire }
        if let skipFrom, firesAt > skipFrom { return .skip }
        return .none
    }

    /// The reminders `decide` may fire or skip, whose records it needs: those
    /// of `entries` and `daily` that have come and were due when they came.
    public func candidates<Subject>(now: Date, entries: [ReminderOf<Subject>], daily: [ReminderOf<Subject>] = []) -> [Reminder.ID] {
        (entries + daily).filter { isCandidate($0, now: now) }.map(\.reminder.id)
    }

    /// Whether the reminder has come and was due to fire when it came
    /// (`ReminderSubject.wasDue`).
    private func isCandidate<Subject>(_ entry: ReminderOf<Subject>, now: Date) -> Bool {
        entry.reminder.at <= now && entry.subject.wasDue(entry.reminder)
    }
}
