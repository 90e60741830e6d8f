import FoundationEssentials

/// The rules of a task's start (`TodoTask.start`): it never comes after the
/// due, and a repeating task's moves with each occurrence.
extension TodoTask {
    /// Refuses a start after the due: a task cannot be due before it can
    /// begin. A task without both has nothing to refuse.
    ///
    /// - Throws: `StartError.dueBeforeStart` naming both.
    public func checkStart(clock: WallClock) throws(StartError) {
        guard let due, let start, Self.dueComesBeforeStart(due: due, start: start, clock: clock) else { return }
        throw .dueBeforeStart(due: StartError.words(due, clock: clock), start: StartError.words(start, clock: clock))
    }

    /// Whether `due` comes before `start`: a due day before the start's day,
    /// or a due time before the start's first instant. A task due on the
    /// day it starts, or at the instant, is not.
    public static func dueComesBeforeStart(due: Due, start: Due, clock: WallClock) -> Bool {
        switch (due, start) {
        case (.day(let dueDay), .day(let startDay)): dueDay < startDay
        case (.day(let dueDay), .time(let startInstant)): dueDay < clock.day(of: startInstant)
        case (.time(let dueInstant), .day(let startDay)): dueInstant < clock.startOfDay(startDay)
        case (.time(let dueInstant), .time(let startInstant)): dueInstant < startInstant
        }
    }

    /// Moves the open occurrence to the one due `next`: the due, and the
    /// start with it, keeping its distance to the due (a repeating task that
    /// starts a week before it is due does so at every occurrence, as
    /// tasks.org and Evolution move a series' DTSTART: RFC 5545 §3.8.5.3).
    public mutating func moveOccurrence(to next: Due, clock: WallClock) {
        if let start, let due { self.start = start.keepingDistance(from: due, to: next, clock: clock) }
        due = next
    }
}

extension Due {
    /// This instant or day moved as far as `old` moved to `new`: by whole
    /// days between days, by elapsed seconds between times (the distance
    /// of a series' DTSTART to its DUE, as a file holds it), and between
    /// kinds by the days or the seconds from the start of the due's day.
    /// Kept as it is when `old` and `new` are of different kinds.
    public func keepingDistance(from old: Due, to new: Due, clock: WallClock) -> Due {
        switch (self, old, new) {
        case (.time(let moved), .time(let from), .time(let to)):
            .time(to.addingTimeInterval(moved.timeIntervalSince(from)))
        case (.day(let moved), .day(let from), .day(let to)):
            .day(to.adding(days: moved.daysSinceEpoch - from.daysSinceEpoch))
        case (.day(let moved), .time(let from), .time(let to)):
            .day(clock.day(of: to).adding(days: moved.daysSinceEpoch - clock.day(of: from).daysSinceEpoch))
        case (.time(let moved), .day(let from), .day(let to)):
            .time(clock.startOfDay(to).addingTimeInterval(moved.timeIntervalSince(clock.startOfDay(from))))
        default:
            self
        }
    }
}

/// A start that cannot be: the README's exit status 64, nothing changed.
public enum StartError: LocalizedError, Hashable, Sendable {
    case dueBeforeStart(due: String, start: String)

    public var errorDescription: String? {
        switch self {
        case .dueBeforeStart(let due, let start):
            "The due (\(due)) comes before the start (\(start)): a task cannot be due before it can begin; give a later --due or an earlier --start."
        }
    }

    /// "2027-01-05" or "2027-01-05 17:00", in the local zone.
    static func words(_ value: Due, clock: WallClock) -> String {
        switch value {
        case .day(let day): day.description
        case .time(let instant): "\(clock.day(of: instant)) \(clock.timeOfDay(of: instant))"
        }
    }
}

extension TaskDraft {
    /// Refuses a start after the due, as `TodoTask.checkStart` does.
    public func checkStart(clock: WallClock) throws(StartError) {
        var task = TodoTask(id: 0, title: title, due: due, createdAt: Date(timeIntervalSince1970: 0))
        task.start = start
        try task.checkStart(clock: clock)
    }
}
