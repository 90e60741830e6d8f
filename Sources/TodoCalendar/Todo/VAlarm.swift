import FoundationEssentials

/// Another client's VALARM on a task (Thunderbird, tasks.org, Evolution, a
/// phone), read as a reminder todo-remind shows too.
///
/// Read only: todo-remind never rewrites or removes another client's alarm
/// through `VTodoProperties`, so a write leaves it byte for byte. What a user
/// does with one is written by `VTodo.acknowledging(_:at:)` and
/// `VTodo.snoozing(_:until:at:newUID:)`.
///
/// Only `ACTION:DISPLAY` and `ACTION:AUDIO` alarms are read (an AUDIO alarm
/// is shown as a bubble too); EMAIL, PROCEDURE and NONE alarms, alarms
/// triggered by location (RFC 9074 `PROXIMITY`) and Apple's "no alarm"
/// placeholder (`TRIGGER;VALUE=DATE-TIME:19760401T005545Z`) are left out.
public struct VAlarm: Hashable, Sendable, Codable {
    /// When the alarm fires.
    public enum Trigger: Hashable, Sendable, Codable {
        /// `seconds` after the due's anchor, negative before it: the DUE
        /// instant of a timed due, the start of the due day in the local zone
        /// for a day due (Thunderbird's reading; the anchor `OwnAlarm`'s
        /// triggers are relative to). For a repeating task it applies to
        /// every occurrence's due. A task without a due has no instance of
        /// it until it gets one.
        ///
        /// This is how `RELATED=END` (relative to DUE) is given, and
        /// `RELATED=START` (the default) on a VTODO without DTSTART, as if
        /// relative to DUE. RFC 5545 §3.8.6.3 requires a DTSTART then;
        /// Evolution reads such an alarm against DUE
        /// (`e_cal_recur_generate_instances_sync`: "tasks without start
        /// date") while Thunderbird drops it. A reminder someone set is kept
        /// rather than lost.
        ///
        /// Durations count a day as 86 400 seconds (see `ICalendarDuration`).
        case relativeToDue(seconds: Int)
        /// `seconds` after the start's anchor (DTSTART's instant, or the start
        /// of its day): `RELATED=START` (the default) on a VTODO with a
        /// DTSTART, which every occurrence of a series moves with its DUE
        /// (RFC 5545 §3.8.5.3; tasks.org and Evolution move both). It fires
        /// while the task waits to start.
        case relativeToStart(seconds: Int)
        /// At this instant, once, whatever the due: `TRIGGER;VALUE=DATE-TIME`
        /// in UTC.
        case absolute(Date)
    }

    /// How the client that wrote it alerts; todo-remind shows both as a bubble.
    public enum Action: Hashable, Sendable, Codable {
        case display
        case audio
    }

    /// The alarm firing again after its first instance (RFC 5545 `REPEAT`
    /// and `DURATION`, which come together).
    public struct Repetition: Hashable, Sendable, Codable {
        /// How many times more it fires.
        public var count: Int
        /// Seconds between one instance and the next.
        public var interval: Int

        public init(count: Int, interval: Int) {
            self.count = count
            self.interval = interval
        }
    }

    /// Which alarm it is (its UID when it has one).
    public var key: VAlarmID
    public var action: Action
    public var trigger: Trigger
    /// RFC 9074 `ACKNOWLEDGED` (UTC): an instance of this alarm at or
    /// before it was handled on some device (Evolution writes it).
    public var acknowledgedAt: Date?
    /// The alarm this one snoozes (RFC 9074 §7: `RELATED-TO;RELTYPE=SNOOZE`
    /// naming its UID): `.own(kind)` when the UID is one of todo-remind's own
    /// alarms, otherwise `.uid`. The snoozed alarm's pending instance is
    /// replaced by this alarm's trigger; a snooze alarm that is acknowledged
    /// was dismissed. The named alarm may be gone (its client removed it):
    /// the snooze still fires.
    public var snoozes: VAlarmID?
    /// `REPEAT` and `DURATION`; nil when the alarm fires once (or when the
    /// two do not come together as RFC 5545 asks).
    public var repetition: Repetition?

    public init(
        key: VAlarmID, action: Action = .display, trigger: Trigger,
        acknowledgedAt: Date? = nil, snoozes: VAlarmID? = nil, repetition: Repetition? = nil
    ) {
        self.key = key
        self.action = action
        self.trigger = trigger
        self.acknowledgedAt = acknowledgedAt
        self.snoozes = snoozes
        self.repetition = repetition
    }

    /// The alarm's UID (RFC 9074, or Evolution's alarm UID), if it has one.
    public var uid: String? {
        if case .uid(let uid) = key { return uid }
        return nil
    }
}
