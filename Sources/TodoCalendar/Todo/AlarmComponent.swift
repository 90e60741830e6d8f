/// One VALARM's own property lines (not those of components inside it), and
/// what identifies it: the one place that decides which alarm a key names,
/// for reading and writing alike.
struct AlarmComponent {
    /// The property lines, each with its position (an index into whatever
    /// the lines were taken from: the document, or an editor's lines).
    let entries: [(index: Int, line: ContentLine)]

    init(entries: [(index: Int, line: ContentLine)]) {
        self.entries = entries
    }

    /// The VALARM `component` of `document`.
    init(_ component: ICalendarComponent, in document: ICalendarDocument) {
        entries = component.propertyIndices.map { ($0, document.lines[$0]) }
    }

    /// The first property line named `name`, with its position.
    func entry(_ name: String) -> (index: Int, line: ContentLine)? {
        entries.first { $0.line.name == name }
    }

    func first(_ name: String) -> ContentLine? {
        entry(name)?.line
    }

    /// `UID` (RFC 9074 §4), unescaped.
    var uidProperty: String? {
        first("UID").map { ICalendarText.unescape($0.value) }
    }

    /// The alarm's UID as its client means it: `UID`, or Evolution's
    /// `X-EVOLUTION-ALARM-UID` when there is none.
    var uid: String? {
        uidProperty ?? evolutionUID
    }

    /// Evolution's `X-EVOLUTION-ALARM-UID`, unescaped.
    var evolutionUID: String? {
        first("X-EVOLUTION-ALARM-UID").map { ICalendarText.unescape($0.value) }
    }

    /// The kind of one of todo-remind's own alarms (`OwnAlarm`), or nil.
    var ownKind: String? {
        first(OwnAlarm.marker)?.value
    }

    /// The UID of the alarm this one snoozes (RFC 9074 §7:
    /// `RELATED-TO;RELTYPE=SNOOZE:<uid>`), or nil.
    var snoozedUID: String? {
        entries.lazy.map(\.line)
            .first { $0.name == "RELATED-TO" && $0.parameter("RELTYPE")?.uppercased() == "SNOOZE" }
            .map { ICalendarText.unescape($0.value) }
    }

    /// What a read alarm is known by: its own kind, else its UID, else its
    /// TRIGGER line as written; nil for an alarm with none of them.
    var key: VAlarmID? {
        if let kind = ownKind { return .own(kind) }
        if let uid { return .uid(uid) }
        return first("TRIGGER").map { .trigger(String(decoding: ContentLine.unfold($0.raw), as: UTF8.self)) }
    }

    /// Whether `key` names this alarm. A UID names an alarm that has it,
    /// one of todo-remind's own included (snoozing one gives it a UID).
    func isNamed(by key: VAlarmID) -> Bool {
        switch key {
        case .own(let kind): ownKind == kind
        case .uid(let uid): uidProperty == uid || evolutionUID == uid
        case .trigger: ownKind == nil && self.uid == nil && self.key == key
        }
    }
}
