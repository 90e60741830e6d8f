import FoundationEssentials

/// An event's alarm as the daemon will show it: when (its instant, or the end
/// of the quiet hours holding it).
public struct EventFiring: Hashable, Sendable {
    public let entry: ReminderOf<EventInstance>
    public let fire: FireTime

    public init(_ entry: ReminderOf<EventInstance>, fire: FireTime) {
        self.entry = entry
        self.fire = fire
    }
}

/// What fires next, of a task or of a calendar event.
public enum ComingFiring: Hashable, Sendable {
    case task(Firing)
    case event(EventFiring)

    /// When it fires.
    public var at: Date {
        switch self {
        case .task(let firing): firing.fire.at
        case .event(let firing): firing.fire.at
        }
    }
}

extension TimeRules {
    /// The coming firings of tasks and events together, in the order the
    /// daemon shows them: by when each fires, a task's before an event's at
    /// one instant. `tasks` is `forecast`'s answer, which events do not
    /// change (they come in no digest); `events` are the indexed alarm
    /// instants from `forecastStart(at: now)` on. What `next` lists and
    /// what the daemon arms for (`DeliveryPlanner.wake`) both come from here.
    public func comingFirings(tasks: [Firing], events: [ReminderOf<EventInstance>], after now: Date, limit: Int) -> [ComingFiring] {
        var eventFirings = events.map { EventFiring($0, fire: fireTime(of: $0)) }.filter { $0.fire.at > now }
        eventFirings.sort { a, b in
            if a.fire.at != b.fire.at { return a.fire.at < b.fire.at }
            return TimeRules.precedes(a.entry.reminder, b.entry.reminder)
        }
        var merged: [ComingFiring] = []
        var (taskIndex, eventIndex) = (tasks.startIndex, eventFirings.startIndex)
        while merged.count < limit, taskIndex < tasks.endIndex || eventIndex < eventFirings.endIndex {
            if eventIndex == eventFirings.endIndex
                || (taskIndex < tasks.endIndex && tasks[taskIndex].fire.at <= eventFirings[eventIndex].fire.at) {
                merged.append(.task(tasks[taskIndex]))
                taskIndex += 1
            } else {
                merged.append(.event(eventFirings[eventIndex]))
                eventIndex += 1
            }
        }
        return merged
    }
}
