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
public struct OwnAlarm: Hashable, Sendable, Codable {
    /// What it stands for: `morning` or `due` (todo-remind's two defaults),
    /// or `alarm` (one set with `--remind`).
    public var kind: String
    /// The TRIGGER's value: a duration relative to DUE (`RELATED=END`:
    /// `PT9H` after the start of a due day, `-PT8H` before a due time, `PT0S`
    /// at it), or for an absolute one a UTC date-time (`20261201T073000Z`).
    public var trigger: String
    /// Whether `trigger` is a date-time (`TRIGGER;VALUE=DATE-TIME`).
    public var isAbsolute: Bool
    /// Whether a duration `trigger` counts from DTSTART (`RELATED=START`:
    /// `--remind start`, `-1d@start`) rather than from DUE.
    public var relatedToStart: Bool

    public init(kind: String, trigger: String, isAbsolute: Bool = false, relatedToStart: Bool = false) {
        self.kind = kind
        self.trigger = trigger
        self.isAbsolute = isAbsolute
        self.relatedToStart = relatedToStart
    }

    private enum CodingKeys: String, CodingKey {
        case kind, trigger, isAbsolute, relatedToStart
    }

    /// Reads a stored version (`MergeBase.Version`); one stored before
    /// alarms could count from the start has none that does.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .kind)
        trigger = try container.decode(String.self, forKey: .trigger)
        isAbsolute = try container.decode(Bool.self, forKey: .isAbsolute)
        relatedToStart = try container.decodeIfPresent(Bool.self, forKey: .relatedToStart) ?? false
    }

    /// Whether `other` is the same alarm, however its trigger is written:
    /// todoman re-writes `PT0S` as `P0D`, other clients `-PT30M` as
    /// `-P0DT0H30M0S`, and a UTC date-time may come with `VALUE=DATE-TIME`
    /// or without. A trigger that reads as neither is compared as written.
    public func means(the other: OwnAlarm) -> Bool {
        guard kind == other.kind, isAbsolute == other.isAbsolute, relatedToStart == other.relatedToStart else { return false }
        if isAbsolute {
            let instants = [trigger, other.trigger].map { ICalendarTime(ContentLine(name: "TRIGGER", value: $0)) }
            guard case .utc(let mine)? = instants[0], case .utc(let theirs)? = instants[1] else { return trigger == other.trigger }
            return mine == theirs
        }
        guard let mine = ICalendarDuration.seconds(trigger), let theirs = ICalendarDuration.seconds(other.trigger) else {
            return trigger == other.trigger
        }
        return mine == theirs
    }

    /// The kind of an alarm set with `--remind`.
    public static let setKind = "alarm"

    /// The marker property.
    static let marker = "X-TODO-REMIND-ALARM"

    /// The alarm's lines, for a task titled `title`.
    func lines(title: String?) -> [ContentLine] {
        [
            ContentLine(name: "BEGIN", value: "VALARM"),
            ContentLine(name: "ACTION", value: "DISPLAY"),
            ContentLine(name: "DESCRIPTION", value: ICalendarText.escape(title ?? "Reminder")),
            isAbsolute
                ? ContentLine(name: "TRIGGER", parameters: [.init("VALUE", "DATE-TIME")], value: trigger)
                : ContentLine(name: "TRIGGER", parameters: [.init("RELATED", relatedToStart ? "START" : "END")], value: trigger),
            ContentLine(name: Self.marker, value: kind),
            ContentLine(name: "END", value: "VALARM"),
        ]
    }
}
