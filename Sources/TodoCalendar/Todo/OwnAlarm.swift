/// One of todo-remind's own VALARMs in a task file: its reminders written
/// where other clients (a phone, Thunderbird) see and fire them too, marked
/// `X-TODO-REMIND-ALARM` so that only these are ever rewritten or removed.
///
/// ```
/// BEGIN:VALARM
/// ACTION:DISPLAY
/// DESCRIPTION:Pay rent
/// TRIGGER;RELATED=END:-PT8H
/// X-TODO-REMIND-ALARM:morning
/// END:VALARM
/// ```
public struct OwnAlarm: Hashable, Sendable {
    /// What it stands for: `morning` or `due` (todo-remind's reminder kinds).
    public var kind: String
    /// The TRIGGER's duration relative to DUE (`RELATED=END`): `PT9H` after
    /// the start of a due day, `-PT8H` before a due time, `PT0S` at it.
    public var trigger: String

    public init(kind: String, trigger: String) {
        self.kind = kind
        self.trigger = trigger
    }

    /// The marker property.
    static let marker = "X-TODO-REMIND-ALARM"

    /// A duration in iCalendar's form (`-PT8H30M`, `PT0S`) for whole minutes.
    public static func duration(seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : ""
        var rest = abs(seconds) / 60
        if rest == 0 { return "PT0S" }
        let days = rest / 1440
        rest %= 1440
        var text = sign + "P"
        if days > 0 { text += "\(days)D" }
        if rest > 0 {
            text += "T"
            if rest / 60 > 0 { text += "\(rest / 60)H" }
            if rest % 60 > 0 { text += "\(rest % 60)M" }
        }
        return text
    }

    /// The alarm's lines, for a task titled `title`.
    func lines(title: String?) -> [ContentLine] {
        [
            ContentLine(name: "BEGIN", value: "VALARM"),
            ContentLine(name: "ACTION", value: "DISPLAY"),
            ContentLine(name: "DESCRIPTION", value: ICalendarText.escape(title ?? "Reminder")),
            ContentLine(name: "TRIGGER", parameters: [.init("RELATED", "END")], value: trigger),
            ContentLine(name: Self.marker, value: kind),
            ContentLine(name: "END", value: "VALARM"),
        ]
    }
}
