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

extension VAlarmID {
    /// The ID as one line of text (`uid:…`, `own:…`, `trigger:…`), as the
    /// store keeps an event's alarm (`EventAlarm.id`); `init(text:)` reads it.
    public var text: String {
        switch self {
        case .uid(let uid): "uid:" + uid
        case .own(let kind): "own:" + kind
        case .trigger(let line): "trigger:" + line
        }
    }

    /// The ID `text` wrote; nil for any other text.
    public init?(text: String) {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let value = String(text[text.index(after: colon)...])
        switch text[..<colon] {
        case "uid": self = .uid(value)
        case "own": self = .own(value)
        case "trigger": self = .trigger(value)
        default: return nil
        }
    }
}
