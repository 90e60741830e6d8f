/// Which VALARM of a task file is meant: what a read alarm is known by, and
/// what an acknowledgement or a snooze is written to.
///
/// An ID stays the same from one read of the file to the next as long as
/// the alarm keeps its UID (or, without one, its TRIGGER line), so the
/// daemon can remember which alarm it showed.
public enum VAlarmID: Hashable, Sendable, Codable {
    /// The alarm's `UID` (RFC 9074 §4) or, when it has none, Evolution's
    /// `X-EVOLUTION-ALARM-UID`, which Evolution uses the same way.
    case uid(String)
    /// One of todo-remind's own alarms, by its kind (`morning`, `due`: the
    /// value of `X-TODO-REMIND-ALARM`; see `OwnAlarm`).
    case own(String)
    /// An alarm with no UID (Thunderbird's, tasks.org's), by its TRIGGER line
    /// as written, unfolded (`TRIGGER;RELATED=END:-PT15M`). Two such alarms
    /// with the same trigger fire together and are handled together.
    case trigger(String)
}
