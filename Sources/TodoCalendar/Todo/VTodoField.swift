/// The fields of a task that todo-remind maps onto a VTODO: what a write can
/// change, and what a three-way merge compares one by one.
public enum VTodoField: String, CaseIterable, Hashable, Sendable {
    /// `SUMMARY`.
    case title
    /// `DESCRIPTION`.
    case notes
    /// `CATEGORIES`, all of them.
    case categories
    /// `PRIORITY`.
    case priority
    /// `DUE` and the zone it is written in.
    case due
    /// `DTSTART` and the zone it is written in.
    case start
    /// The parent's `RELATED-TO`.
    case parent
    /// `STATUS`, `COMPLETED` and `PERCENT-COMPLETE`, which change together.
    case completion
    /// `RRULE`.
    case rule
    /// `X-MOZ-LASTACK`: when the task's reminders were last handled (Thunderbird, tasks.org).
    case acknowledgement
    /// `X-MOZ-SNOOZE-TIME`: the instant a snooze asks to be reminded again.
    case snooze
    /// The reminder switch: `X-TODO-REMIND-REMINDER:OFF` when off, and
    /// todo-remind's own VALARMs (`OwnAlarm`).
    case reminders
}
