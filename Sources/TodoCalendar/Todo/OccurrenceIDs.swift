import FoundationEssentials
import TodoCore

/// How a recurrence id names an occurrence of a repeating VTODO, read as
/// that occurrence's due (todo-remind's name for an occurrence).
///
/// RFC 5545 §3.8.4.4: the recurrence id is the occurrence's DTSTART when
/// the VTODO has one, its DUE otherwise (Thunderbird's `recurrenceStartDate`
/// likewise). Every occurrence keeps the master's DTSTART-to-DUE distance, so
/// the due is the recurrence id moved by it. A recurrence id of another kind
/// than the due (a day for a timed due, or the reverse) names none.
struct OccurrenceIDs {
    /// The master's DUE and DTSTART.
    let due: Due?
    let start: Due?

    /// The due of the occurrence whose recurrence id is the instant `id`.
    func due(startingAt id: Date) -> Due? {
        guard case .time(let dueInstant)? = due else { return nil }
        guard case .time(let startInstant)? = start else { return .time(id) }
        return .time(id.addingTimeInterval(dueInstant.timeIntervalSince(startInstant)))
    }

    /// The due of the occurrence Thunderbird names by `id`, the recurrence
    /// id's `nativeTime`: its instant for a timed series, and for a series of
    /// days (whose DATE ids are floating) the day's midnight read as UTC.
    func due(named id: Date) -> Due? {
        switch due {
        case .time?:
            return due(startingAt: id)
        case .day?:
            let seconds = id.timeIntervalSince1970
            let days = (seconds / 86_400).rounded(.down)
            guard seconds == days * 86_400 else { return nil }
            return due(startingOn: LocalDay(daysSinceEpoch: Int(days)))
        case nil:
            return nil
        }
    }

    /// The due of the occurrence whose recurrence id is the day `id`.
    func due(startingOn id: LocalDay) -> Due? {
        guard case .day(let dueDay)? = due else { return nil }
        guard case .day(let startDay)? = start else { return .day(id) }
        return .day(id.adding(days: dueDay.daysSinceEpoch - startDay.daysSinceEpoch))
    }
}
