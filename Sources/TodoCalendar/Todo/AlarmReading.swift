import FoundationEssentials
import TodoCore

/// Reads the VALARMs of a task's master VTODO (docs/ARCHITECTURE.md §7.4): other
/// clients' alarms, the acknowledgements of todo-remind's own, and the
/// alarms that cannot be understood.
struct AlarmReading {
    /// Other clients' alarms, in file order.
    private(set) var alarms: [VAlarm] = []
    /// RFC 9074 `ACKNOWLEDGED` of todo-remind's own alarms, by kind.
    private(set) var ownAcknowledged: [String: Date] = [:]
    /// The alarms not understood, in file order.
    private(set) var skipped: [SkippedAlarm] = []

    /// Apple's "no alarm" (`TRIGGER;VALUE=DATE-TIME:19760401T005545Z`),
    /// which Apple clients add and tasks.org filters out: never fired.
    static let applePlaceholder = Date(timeIntervalSince1970: 197_168_145)

    /// Reads the VALARMs of `todo`. `start` is its DTSTART as read: an alarm
    /// relative to the start counts from it, or, without one, from DUE.
    init(document: ICalendarDocument, todo: ICalendarComponent, start: Due?) {
        var ownUIDs: [String: String] = [:]
        var snoozed: [Int: String] = [:]
        // Counted once, when a skipped alarm first needs its line: counted
        // afresh for each of thousands of alarms, they took minutes.
        var lineNumbers: [Int] = []
        func line(_ index: Int) -> Int {
            if lineNumbers.isEmpty { lineNumbers = document.physicalLineNumbers() }
            return lineNumbers[index]
        }

        for component in todo.children where component.name == "VALARM" {
            let alarm = AlarmComponent(component, in: document)

            if let kind = alarm.ownKind {
                // Ours: its trigger is todo-remind's to keep (`ownAlarms`);
                // only an acknowledgement another client wrote is news.
                if let uid = alarm.uidProperty { ownUIDs[uid] = kind }
                if case .utc(let instant)? = alarm.first("ACKNOWLEDGED").flatMap(ICalendarTime.init) {
                    ownAcknowledged[kind] = max(ownAcknowledged[kind] ?? instant, instant)
                }
                continue
            }
            let parsed: Parsed
            switch Self.parse(alarm, begin: component.begin) {
            case .none:
                continue
            case .skipped(let index, let reason):
                skipped.append(SkippedAlarm(line: line(index), reason: reason))
                continue
            case .alarm(let alarm):
                parsed = alarm
            }
            let trigger: VAlarm.Trigger
            switch parsed.trigger {
            case .instant(let instant):
                trigger = .absolute(instant)
            case .duration(let seconds, relatedToEnd: true):
                trigger = .relativeToDue(seconds: seconds)
            case .duration(let seconds, relatedToEnd: false):
                trigger = start == nil ? .relativeToDue(seconds: seconds) : .relativeToStart(seconds: seconds)
            }
            if let uid = parsed.snoozedUID { snoozed[alarms.count] = uid }
            alarms.append(VAlarm(
                key: parsed.key, action: parsed.action, trigger: trigger,
                acknowledgedAt: parsed.acknowledgedAt, repetition: parsed.repetition
            ))
        }
        // Own alarms may come after the snoozes that name them.
        for (position, uid) in snoozed {
            alarms[position].snoozes = ownUIDs[uid].map(VAlarmID.own) ?? .uid(uid)
        }
    }

    /// One VALARM of another client as read, before its trigger is
    /// related to what it belongs to (a task's due, an event's start).
    struct Parsed {
        let key: VAlarmID
        let action: VAlarm.Action
        let trigger: ParsedTrigger
        let acknowledgedAt: Date?
        let repetition: VAlarm.Repetition?
        /// The UID of the alarm it snoozes (RFC 9074 §7).
        let snoozedUID: String?
    }

    /// What reading one VALARM gives.
    enum Outcome {
        /// Not a reminder shown on screen (EMAIL, PROCEDURE, NONE, a place's
        /// alarm, Apple's placeholder, no key): left alone, said nothing of.
        case none
        /// Not understood: the index of the line to name, and why.
        case skipped(Int, SkippedAlarm.Reason)
        case alarm(Parsed)
    }

    /// Reads another client's VALARM (one todo-remind did not write) whose
    /// BEGIN line is at `begin`: the one reading tasks' and events' alarms share.
    static func parse(_ alarm: AlarmComponent, begin: Int) -> Outcome {
        guard let actionEntry = alarm.entry("ACTION") else { return .skipped(begin, .noAction) }
        let action: VAlarm.Action
        switch actionEntry.line.value.trimmingSpaces().uppercased() {
        case "DISPLAY": action = .display
        case "AUDIO": action = .audio
        // Not a reminder on screen: another client sends the mail or
        // runs the program; NONE is the "no alarm" of Apple and of RFC
        // 9074's drafts.
        case "EMAIL", "PROCEDURE", "NONE": return .none
        default: return .skipped(actionEntry.index, .unknownAction(actionEntry.line.value))
        }
        // RFC 9074 §8: fired by arriving or leaving a place, which a
        // desktop cannot tell; its TRIGGER is a placeholder.
        if alarm.first("PROXIMITY") != nil { return .none }
        guard let triggerEntry = alarm.entry("TRIGGER") else { return .skipped(begin, .noTrigger) }
        let trigger: ParsedTrigger
        switch Self.trigger(triggerEntry.line) {
        case .failure(let reason):
            return .skipped(triggerEntry.index, reason)
        case .success(.instant(let instant)) where instant == Self.applePlaceholder:
            return .none
        case .success(let parsed):
            trigger = parsed
        }
        var acknowledgedAt: Date?
        if let entry = alarm.entry("ACKNOWLEDGED") {
            guard case .utc(let instant)? = ICalendarTime(entry.line) else {
                return .skipped(entry.index, .acknowledgedNotUTC(entry.line.value))
            }
            acknowledgedAt = instant
        }
        guard let key = alarm.key else { return .none }
        return .alarm(Parsed(
            key: key, action: action, trigger: trigger, acknowledgedAt: acknowledgedAt,
            repetition: repetition(of: alarm), snoozedUID: alarm.snoozedUID
        ))
    }

    /// What a TRIGGER line says, before it is related to the task.
    enum ParsedTrigger {
        /// A duration, relative to DUE (`RELATED=END`) or to DTSTART.
        case duration(Int, relatedToEnd: Bool)
        /// An instant (`VALUE=DATE-TIME`, UTC).
        case instant(Date)
    }

    /// Reads a TRIGGER line (RFC 5545 §3.8.6.3).
    ///
    /// A value without `VALUE=` that is a UTC date-time is read as one: RFC
    /// 5545's own VTODO example (§4) writes `TRIGGER:19980403T120000Z`.
    static func trigger(_ line: ContentLine) -> Result<ParsedTrigger, SkippedAlarm.Reason> {
        let value = line.value.trimmingSpaces()
        let valueType = line.parameter("VALUE")?.uppercased()
        let duration = ICalendarDuration.seconds(value)
        let time = ICalendarTime(line)
        if valueType == "DATE-TIME" || (valueType == nil && duration == nil && time != nil) {
            switch time {
            case .utc(let instant)?: return .success(.instant(instant))
            case nil: return .failure(.malformedTrigger(line.value))
            case _?: return .failure(.triggerNotUTC(line.value))
            }
        }
        guard valueType == nil || valueType == "DURATION", let duration else {
            return .failure(.malformedTrigger(line.value))
        }
        switch line.parameter("RELATED")?.uppercased() ?? "START" {
        case "START": return .success(.duration(duration, relatedToEnd: false))
        case "END": return .success(.duration(duration, relatedToEnd: true))
        case let other: return .failure(.unknownRelated(other))
        }
    }

    /// `REPEAT` and `DURATION` when both are there and make sense; an alarm
    /// with only one of them, or a nonsensical one, fires once.
    static func repetition(of alarm: AlarmComponent) -> VAlarm.Repetition? {
        guard let count = alarm.first("REPEAT").flatMap({ Int($0.value.trimmingSpaces()) }), count > 0,
              let interval = alarm.first("DURATION").flatMap({ ICalendarDuration.seconds($0.value) }), interval > 0
        else { return nil }
        return VAlarm.Repetition(count: count, interval: interval)
    }

    /// Thunderbird's snoozes of single occurrences of a repeating task:
    /// `X-MOZ-SNOOZE-TIME-<microseconds since 1970 of the occurrence's
    /// recurrence id>:<UTC>`, keyed by that instant. Values that are not UTC
    /// date-times are left unread, as `X-MOZ-SNOOZE-TIME`'s are.
    static func occurrenceSnoozes(of todo: ICalendarComponent, in document: ICalendarDocument) -> [Date: Date] {
        let prefix = "X-MOZ-SNOOZE-TIME-"
        var snoozes: [Date: Date] = [:]
        for index in todo.propertyIndices {
            let line = document.lines[index]
            guard line.name.hasPrefix(prefix) else { continue }
            let digits = line.name.dropFirst(prefix.count)
            guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let micro = Int(digits),
                  case .utc(let until)? = ICalendarTime(line)
            else { continue }
            let occurrence = Date(timeIntervalSince1970: Double(micro / 1_000_000) + Double(micro % 1_000_000) / 1_000_000)
            snoozes[occurrence] = until
        }
        return snoozes
    }
}
