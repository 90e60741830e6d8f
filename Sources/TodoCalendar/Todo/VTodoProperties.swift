import FoundationEssentials
import TodoCore

/// What a VTODO says about a task, in todo-remind's terms (docs/ARCHITECTURE.md §7.3).
///
/// Reading a file gives one; a write compares the one wanted with the one
/// read and rewrites only the properties of the fields that differ, so the
/// values here keep what todo-remind's own model would lose (a PRIORITY of
/// 2, a status of IN-PROCESS, every category) and write it back unchanged.
public struct VTodoProperties: Hashable, Sendable, Codable {
    /// `SUMMARY`, unescaped; nil when the VTODO has none.
    public var title: String?
    /// `DESCRIPTION`, unescaped; nil when the VTODO has none.
    public var notes: String?
    /// Every `CATEGORIES` value of every CATEGORIES line, in order.
    public var categories: [String]
    /// `PRIORITY` as written, 0 (none) through 9; see `priority`.
    public var priorityValue: Int
    /// `DUE`: a day for `VALUE=DATE`, an instant otherwise (a floating
    /// date-time read in the local zone).
    public var due: Due?
    /// The zone a timed due is written in (`DUE;TZID=…`); nil writes it in
    /// UTC. Reading sets it to the TZID as written; give a repeating task
    /// its anchored zone (an Olson name) so that its rule follows that
    /// zone's DST. TZIDs that name the same Olson zone count as one.
    public var dueZone: String?
    /// The reading in `dueZone` a timed due is written as where it is not the
    /// due's own (`WallReading.isGapReading`): a repeating task's start typed
    /// in a DST gap, which its series keeps as its anchor. Read from a
    /// `DUE;TZID=…` only where it is such a reading (nil for every other
    /// file, as before); a write ignores it unless it names the due.
    public var dueReading: WallReading?
    /// `STATUS`; nil when the VTODO has none.
    public var status: VTodoStatus?
    /// `COMPLETED`, an instant.
    public var completedAt: Date?
    /// `PERCENT-COMPLETE`, read only: a write derives it from the status.
    public var percentComplete: Int?
    /// The `RRULE` value verbatim; nil for a one-off task.
    public var rule: String?
    /// Whether the series counts from completion, not from its rule's
    /// dates (`X-TODO-REMIND-REPEAT-FROM:COMPLETION`: RFC 5545 has no such
    /// thing, so RRULE keeps its own meaning and this says the rest).
    public var repeatsFromCompletion = false
    /// `DTSTART`: a day for `VALUE=DATE`, an instant otherwise (a floating
    /// date-time read in the local zone). The task's start, and where RFC
    /// 5545 anchors a repeating task's RRULE: the open occurrence's start
    /// (see `TaskMapping`).
    public var start: Due?
    /// The zone a timed start is written in (`DTSTART;TZID=…`), as `dueZone`.
    public var startZone: String?
    /// The UID of the task this one is a subtask of: the first
    /// `RELATED-TO` whose `RELTYPE` is `PARENT`, or absent (RFC 5545's
    /// default). Other `RELATED-TO` lines are never read or written here.
    public var parentUID: String?
    /// `X-MOZ-LASTACK` (UTC): reminders at or before it were handled, on
    /// whichever device (Thunderbird, tasks.org write it; so does todo-remind).
    public var acknowledgedAt: Date?
    /// `X-MOZ-SNOOZE-TIME` (UTC): remind again then.
    public var snoozedUntil: Date?
    /// Whether the task's reminders are switched off here
    /// (`X-TODO-REMIND-REMINDER:OFF`); other clients' alarms are theirs.
    public var remindersOff = false
    /// todo-remind's own VALARMs, in file order; other VALARMs are never
    /// read into or written from this.
    public var ownAlarms: [OwnAlarm] = []
    /// Whether todo-remind's two default reminders are off for the task
    /// (`X-TODO-REMIND-DEFAULTS:OFF`), its alarms alone remaining.
    public var defaultsOff = false

    // What follows is read from the file and never written from here: it
    // is no `VTodoField`, a write leaves those lines byte for byte, and a
    // merge takes the values of the file as it is now
    // (`takeFileValues(from:)`). User actions on alarms are written by
    // `VTodo.acknowledging` and `VTodo.snoozing`.

    /// Other clients' VALARMs of the master VTODO that fire as reminders
    /// (docs/ARCHITECTURE.md §7.4), in file order; see `VAlarm`.
    public internal(set) var alarms: [VAlarm] = []
    /// RFC 9074 `ACKNOWLEDGED` on todo-remind's own VALARMs, by kind
    /// (`OwnAlarm.kind`): an instance of that reminder at or before it was
    /// handled elsewhere (Evolution fires and acknowledges them too).
    public internal(set) var ownAlarmsAcknowledged: [String: Date] = [:]
    /// Thunderbird's snoozes of single occurrences of a repeating task
    /// (`X-MOZ-SNOOZE-TIME-<microseconds>:<UTC>`): the occurrence, by its
    /// due, to the instant its reminder comes back. The microseconds are its
    /// recurrence id (its DTSTART, or its DUE when the VTODO has no DTSTART:
    /// Thunderbird's `recurrenceStartDate`), moved onto the due as
    /// `completedOccurrences` are.
    public internal(set) var occurrenceSnoozes: [Due: Date] = [:]
    /// Single occurrences of a repeating task completed or cancelled in
    /// another client through an override (a VTODO of the same UID with a
    /// `RECURRENCE-ID`, as Thunderbird and jtx Board write them): by the due
    /// of that occurrence, to when it was completed (its `COMPLETED`, else
    /// its due's instant). The recurrence id is the occurrence's start when
    /// the master has a DTSTART, so it is moved by the master's DTSTART to
    /// DUE distance to give the due.
    public internal(set) var completedOccurrences: [Due: Date] = [:]

    public init(
        title: String? = nil,
        notes: String? = nil,
        categories: [String] = [],
        priorityValue: Int = 0,
        due: Due? = nil,
        dueZone: String? = nil,
        status: VTodoStatus? = nil,
        completedAt: Date? = nil,
        percentComplete: Int? = nil,
        rule: String? = nil,
        acknowledgedAt: Date? = nil,
        snoozedUntil: Date? = nil
    ) {
        self.title = title
        self.notes = notes
        self.categories = categories
        self.priorityValue = priorityValue
        self.due = due
        self.dueZone = dueZone
        self.status = status
        self.completedAt = completedAt
        self.percentComplete = percentComplete
        self.rule = rule
        self.acknowledgedAt = acknowledgedAt
        self.snoozedUntil = snoozedUntil
    }

    /// The names the stored versions of a file (`MergeBase.Version`) know
    /// the values by: `start` was `ruleStart` before it was a task's own.
    enum CodingKeys: String, CodingKey {
        case title, notes, categories, priorityValue, due, dueZone, dueReading, status, completedAt, percentComplete, rule
        case repeatsFromCompletion, start = "ruleStart", startZone, parentUID, acknowledgedAt, snoozedUntil, remindersOff
        case ownAlarms, defaultsOff, alarms, ownAlarmsAcknowledged, occurrenceSnoozes, completedOccurrences
    }

    /// The first category, todo-remind's one; setting it replaces the first
    /// and keeps the others (other clients use them as tags).
    public var category: String? {
        get { categories.first }
        set {
            switch (newValue, categories.isEmpty) {
            case (let value?, true): categories = [value]
            case (let value?, false): categories[0] = value
            case (nil, true): break
            case (nil, false): categories.removeFirst()
            }
        }
    }

    /// The priority by RFC 5545's bands: 1–4 high, 5 medium, 6–9 low, and
    /// 0 (none) medium. Setting a band keeps the number when it is already
    /// in that band (tasks.org writes 1, todoman 4 for high), and otherwise
    /// writes 1, 5 or 9.
    public var priority: Priority {
        get { Self.band(of: priorityValue) }
        set {
            guard Self.band(of: priorityValue) != newValue else { return }
            switch newValue {
            case .high: priorityValue = 1
            case .medium: priorityValue = 5
            case .low: priorityValue = 9
            }
        }
    }

    /// The band of a PRIORITY number; numbers outside 0–9 count as none.
    public static func band(of value: Int) -> Priority {
        switch value {
        case 1...4: .high
        case 6...9: .low
        default: .medium
        }
    }

    /// Whether the task is done: completed (by STATUS or a COMPLETED time)
    /// or cancelled, which todo-remind honours as done.
    public var isDone: Bool {
        status == .completed || status == .cancelled || (completedAt != nil && status != .needsAction && status != .inProcess)
    }

    /// Marks the task completed at `instant`.
    public mutating func complete(at instant: Date) {
        status = .completed
        completedAt = instant
    }

    /// Opens the task again: no COMPLETED, and STATUS:NEEDS-ACTION.
    public mutating func reopen() {
        status = .needsAction
        completedAt = nil
    }

    /// Whether `self` and `other` agree on `field`.
    public func agrees(with other: VTodoProperties, on field: VTodoField) -> Bool {
        switch field {
        case .title: title == other.title
        case .notes: notes == other.notes
        case .categories: categories == other.categories
        case .priority: priorityValue == other.priorityValue
        case .due: due == other.due && (!zoneCounts(for: due, with: other) || Self.sameZone(dueZone, other.dueZone))
        case .start: start == other.start && (!zoneCounts(for: start, with: other) || Self.sameZone(startZone, other.startZone))
        case .parent: parentUID == other.parentUID
        case .completion: status == other.status && completedAt == other.completedAt
        case .rule: Self.sameRule(rule, other.rule) && repeatsFromCompletion == other.repeatsFromCompletion
        case .acknowledgement: acknowledgedAt == other.acknowledgedAt
        case .snooze: snoozedUntil == other.snoozedUntil
        case .reminders:
            remindersOff == other.remindersOff && defaultsOff == other.defaultsOff
                && ownAlarms.count == other.ownAlarms.count
                && zip(ownAlarms, other.ownAlarms).allSatisfy { $0.means(the: $1) }
        }
    }

    /// Whether the zone a timed value is written in is part of what it
    /// means: only where the task repeats, its rule following that zone's
    /// DST. A one-off due is the instant, however it is written: todoman
    /// re-writes every `DUE;TZID=…` it reads in UTC, and that is no change.
    private func zoneCounts(for value: Due?, with other: VTodoProperties) -> Bool {
        value?.isTimed == true && (rule != nil || other.rule != nil)
    }

    /// Whether two RRULE values say the same rule: RFC 5545 gives its parts
    /// no order (a client may write `BYDAY=MO;FREQ=WEEKLY`) and its names
    /// no case.
    static func sameRule(_ first: String?, _ second: String?) -> Bool {
        guard let first, let second else { return first == second }
        func parts(_ rule: String) -> [Substring] { rule.uppercased().split(separator: ";").sorted() }
        return first == second || parts(first) == parts(second)
    }

    /// Whether two TZIDs name the same zone: "Europe/Berlin" and Evolution's
    /// "/freeassociation.sourceforge.net/Europe/Berlin" do.
    static func sameZone(_ first: String?, _ second: String?) -> Bool {
        guard let first, let second else { return first == second }
        return first == second || (ZoneResolver.olsonName(first).map { $0 == ZoneResolver.olsonName(second) } ?? false)
    }

    /// Copies from `other` what is read from a file and never written from
    /// here: other clients' alarms, the acknowledgements on todo-remind's
    /// own, Thunderbird's snoozes of single occurrences and the occurrences
    /// completed elsewhere.
    public mutating func takeFileValues(from other: VTodoProperties) {
        alarms = other.alarms
        ownAlarmsAcknowledged = other.ownAlarmsAcknowledged
        occurrenceSnoozes = other.occurrenceSnoozes
        completedOccurrences = other.completedOccurrences
    }

    /// Whether `self` and `other` say the same of the alarms in the file
    /// (other clients' alarms, the acknowledgements on todo-remind's own,
    /// single occurrences' snoozes): what a task's alarms, acknowledgement
    /// and snooze are read from besides the fields. The occurrences
    /// completed elsewhere are left out, as a stored version leaves them
    /// (`MergeBase.Version.encoded`).
    public func sameAlarms(as other: VTodoProperties) -> Bool {
        alarms == other.alarms && ownAlarmsAcknowledged == other.ownAlarmsAcknowledged
            && occurrenceSnoozes == other.occurrenceSnoozes
    }

    /// The properties without the occurrences completed elsewhere: what a
    /// stored version of the file keeps (`MergeBase.Version.encoded`). They
    /// are most of a long series' file, and nothing a merge reads from its
    /// base (it takes them from the incoming copy).
    public var withoutCompletedOccurrences: VTodoProperties {
        var kept = self
        kept.completedOccurrences = [:]
        return kept
    }

    /// Copies `field` from `other`.
    public mutating func take(_ field: VTodoField, from other: VTodoProperties) {
        switch field {
        case .title: title = other.title
        case .notes: notes = other.notes
        case .categories: categories = other.categories
        case .priority: priorityValue = other.priorityValue
        case .due:
            due = other.due
            dueZone = other.dueZone
            dueReading = other.dueReading
        case .start:
            start = other.start
            startZone = other.startZone
        case .parent:
            parentUID = other.parentUID
        case .completion:
            status = other.status
            completedAt = other.completedAt
            percentComplete = other.percentComplete
        case .rule:
            rule = other.rule
            repeatsFromCompletion = other.repeatsFromCompletion
        case .acknowledgement: acknowledgedAt = other.acknowledgedAt
        case .snooze: snoozedUntil = other.snoozedUntil
        case .reminders:
            remindersOff = other.remindersOff
            ownAlarms = other.ownAlarms
            defaultsOff = other.defaultsOff
        }
    }
}
