import Foundation

/// Calendar events' alarms in the same plan as the tasks' reminders, by the
/// same rules (`verdict`): each instant fires once per machine (the event
/// ledger), late within the catch-up window when it was missed, never when
/// it came before the event's file was last changed, and held by quiet
/// hours by the event's priority. They are shown a bubble each, never in a
/// task digest: an event's bubble is its when and where and its Snooze, which
/// a digest's line would lose.
extension DeliveryPlanner {
    /// What the plan decided about events' alarms.
    public struct EventPlan: Sendable {
        /// What fires now, earliest first, with when (the end of the quiet
        /// hours that held it, or its own instant) and the attempt it is (1
        /// for the first).
        public var fire: [(reminder: EventReminder, fire: FireTime, attempt: Int)] = []
        /// `sending` for what fires, `skipped` for what is given up.
        public var records: [EventDeliveryRecord] = []
        /// Of those quiet hours hold until later, the first to fire.
        public var nextHeld: EventReminder?
        /// How many were skipped as older than the catch-up window (not
        /// counting retries given up, as `DeliveryPlan.skippedCount`).
        public var skippedCount = 0
    }

    /// - Parameters:
    ///   - events: the indexed alarm instants in `lookbackStart...now`.
    ///   - recorded: those of them the ledger holds (delivered, sending or skipped).
    ///   - inFlight: those being shown.
    ///   - dueRetries: retries of events' alarms whose time has come, none
    ///     of them in flight: tried again by the tasks' rule (`retryVerdict`).
    ///   - retryEvents: the alarm instants of those retries as the index
    ///     holds them now; one missing no longer fires (acknowledged,
    ///     cancelled, moved, or its event deleted).
    public func planEvents(
        now: Date, watermark: Date?, events: [EventReminder], recorded: Set<EventReminder.ID>, inFlight: Set<EventReminder.ID>,
        dueRetries: [PendingRetry] = [], retryEvents: [EventReminder.ID: EventReminder] = [:]
    ) -> EventPlan {
        let skipFrom = watermark.map { max($0, lookbackStart(now: now, watermark: $0)) }
        var plan = EventPlan()
        var held: (reminder: EventReminder, at: Date)?
        for event in events where isCandidate(event, now: now) && !recorded.contains(event.id) && !inFlight.contains(event.id) {
            let fire = scheduler.fireTime(of: event)
            switch verdict(firesAt: fire.at, now: now, skipFrom: skipFrom) {
            case .held:
                if held.map({ fire.at < $0.at }) ?? true { held = (event, fire.at) }
            case .fire:
                plan.fire.append((event, fire, 1))
                plan.records.append(EventDeliveryRecord(id: event.id, at: event.at, status: .sending, firedAt: now, attempts: 1))
            case .skip:
                plan.skippedCount += 1
                plan.records.append(EventDeliveryRecord(id: event.id, at: event.at, status: .skipped, firedAt: now,
                                                        detail: "older than the catch-up window"))
            case .none:
                break
            }
        }
        for retry in dueRetries.sorted(by: { $0.firesAt < $1.firesAt }) {
            guard let id = retry.event else { continue }
            let current = retryEvents[id]
            let fire = current.map { scheduler.fireTime(of: $0) }
            switch retryVerdict(retry, firesAt: fire?.at, changed: "the event changed before it could be shown", at: now) {
            case .again(let attempt):
                guard let current, let fire else { continue }
                plan.fire.append((current, fire, attempt))
                plan.records.append(EventDeliveryRecord(id: id, at: current.at, status: .sending, firedAt: now, attempts: attempt))
            case .dropped(let detail):
                // The alarm's own instant is not at hand when it is no
                // longer indexed: its fire time stands for it.
                plan.records.append(EventDeliveryRecord(id: id, at: current?.at ?? retry.firesAt, status: .skipped, firedAt: now,
                                                        attempts: retry.attempts, detail: detail))
            }
        }
        plan.fire.sort { ($0.fire.at, $0.reminder.at, $0.reminder.eventID) < ($1.fire.at, $1.reminder.at, $1.reminder.eventID) }
        plan.nextHeld = held?.reminder
        return plan
    }

    /// The alarm instants `planEvents` may fire or skip, whose records it needs.
    public func eventCandidates(now: Date, events: [EventReminder]) -> [EventReminder.ID] {
        events.filter { isCandidate($0, now: now) }.map(\.id)
    }

    /// Whether the alarm has come and was due when it came: after the event's
    /// file was last changed (an event added on the phone after its alarm
    /// never fires it here).
    private func isCandidate(_ event: EventReminder, now: Date) -> Bool {
        event.at <= now && event.changedAt.map { event.at > $0 } ?? true
    }
}

extension Scheduler {
    /// When an event's alarm fires: its instant, or the end of the quiet
    /// hours holding it, by the event's priority (medium without one).
    public func fireTime(of event: EventReminder) -> FireTime {
        fireTime(at: event.at, priority: event.instant.occurrence.details.priority)
    }
}
