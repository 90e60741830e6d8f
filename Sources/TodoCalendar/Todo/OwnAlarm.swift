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
    /// What it stands for: `morning` or `due` (todo-remind's two defaults),
    /// or `alarm` (one set with `--remind`).
    public var kind: String
    /// The TRIGGER's value: a duration relative to DUE (`RELATED=END`:
    /// `PT9H` after the start of a due day, `-PT8H` before a due time, `PT0S`
    /// at it), or for an absolute one a UTC date-time (`20261201T073000Z`).
    public var trigger: String
    /// Whether `trigger` is a date-time (`TRIGGER;VALUE=DATE-TIME`).
    public var isAbsolute: Bool

    public init(kind: String, trigger: String, isAbsolute: Bool = false) {
        self.kind = kind
        self.trigger = trigger
        self.isAbsolute = isAbsolute
    }

    /// The kind of an alarm set with `--remind`.
    public static let setKind = "alarm"

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

    /// The seconds of a duration `duration(seconds:)` writes, or any of
    /// RFC 5545's (`-P1DT2H30M`, `PT15M`, `-P1W`); nil for anything else.
    /// Days and weeks count as 24 and 168 hours.
    public static func seconds(of duration: String) -> Int? {
        var text = Substring(duration.uppercased())
        var sign = 1
        if text.first == "-" || text.first == "+" {
            if text.first == "-" { sign = -1 }
            text = text.dropFirst()
        }
        guard text.first == "P" else { return nil }
        text = text.dropFirst()
        var total = 0
        var inTime = false
        var digits = ""
        for character in text {
            if character == "T" {
                guard digits.isEmpty, !inTime else { return nil }
                inTime = true
            } else if character.isNumber {
                digits.append(character)
            } else {
                guard let count = Int(digits) else { return nil }
                digits = ""
                let unit: Int? = switch (character, inTime) {
                case ("W", false): 604_800
                case ("D", false): 86_400
                case ("H", true): 3600
                case ("M", true): 60
                case ("S", true): 1
                default: nil
                }
                guard let unit, count <= 1_000_000 else { return nil }
                total += count * unit
            }
        }
        return digits.isEmpty ? sign * total : nil
    }

    /// The alarm's lines, for a task titled `title`.
    func lines(title: String?) -> [ContentLine] {
        [
            ContentLine(name: "BEGIN", value: "VALARM"),
            ContentLine(name: "ACTION", value: "DISPLAY"),
            ContentLine(name: "DESCRIPTION", value: ICalendarText.escape(title ?? "Reminder")),
            isAbsolute
                ? ContentLine(name: "TRIGGER", parameters: [.init("VALUE", "DATE-TIME")], value: trigger)
                : ContentLine(name: "TRIGGER", parameters: [.init("RELATED", "END")], value: trigger),
            ContentLine(name: Self.marker, value: kind),
            ContentLine(name: "END", value: "VALARM"),
        ]
    }
}
