import FoundationEssentials
import TodoCore

/// A task file's VTODO, as read: the document, where its master VTODO is,
/// and what it says (`properties`). A VTODO is not a task: `TaskMapping`
/// (TodoSync) maps one onto the other.
///
/// The document is kept whole so that a write (`VTodo+Writing`) can start
/// from the file as it was.
public struct VTodo: Hashable, Sendable {
    /// The file's lines as read.
    public let document: ICalendarDocument
    /// The VCALENDAR component.
    let calendar: ICalendarComponent
    /// The master VTODO (the one without RECURRENCE-ID).
    let todo: ICalendarComponent
    /// `UID`.
    public let uid: String
    /// The task's fields.
    public let properties: VTodoProperties
    /// `LAST-MODIFIED`, the time a three-way merge's conflicts go by.
    public let lastModified: Date?
    /// `CREATED`.
    public let created: Date?
    /// `DTSTAMP`.
    public let stamp: Date?
    /// `SEQUENCE`; 0 when absent.
    public let sequence: Int
    /// The VALARMs of the master VTODO that cannot be understood (a
    /// malformed TRIGGER, an unknown ACTION, an ACKNOWLEDGED that is not
    /// UTC): not in `properties.alarms`, kept in the file untouched, and
    /// worth one log line each (`SkippedAlarm.message(file:)`).
    public let skippedAlarms: [SkippedAlarm]

    init(
        document: ICalendarDocument, calendar: ICalendarComponent, todo: ICalendarComponent,
        overrides: [ICalendarComponent] = [], uid: String, localZone: Zone
    ) {
        self.document = document
        self.calendar = calendar
        self.todo = todo
        self.uid = uid
        let zones = FileTimeZones(document: document, calendar: calendar)
        func first(_ name: String) -> ContentLine? { todo.properties(name, in: document).first }
        func text(_ name: String) -> String? { first(name).map { ICalendarText.unescape($0.value) } }
        func number(_ name: String) -> Int? { first(name).flatMap { Int($0.value.trimmingSpaces()) } }
        // Acknowledgements and snoozes are UTC date-times (Thunderbird's
        // form); any other value is not one, and is left unread.
        func utc(_ name: String) -> Date? {
            guard case .utc(let instant)? = first(name).flatMap(ICalendarTime.init) else { return nil }
            return instant
        }
        func instant(_ name: String) -> Date? {
            first(name).flatMap(ICalendarTime.init).flatMap { Self.instant(of: $0, zones: zones, localZone: localZone) }
        }

        var properties = VTodoProperties()
        properties.title = text("SUMMARY")
        properties.notes = text("DESCRIPTION")
        properties.categories = todo.properties("CATEGORIES", in: document)
            .flatMap { ICalendarText.list($0.value) }
            .map { $0.trimmingSpaces() }
            .filter { !$0.isEmpty }
        let priority = number("PRIORITY") ?? 0
        properties.priorityValue = (0...9).contains(priority) ? priority : 0
        if let due = first("DUE").flatMap(ICalendarTime.init) {
            switch due {
            case .day(let day):
                properties.due = .day(day)
            case .zoned(let day, let seconds, let tzid):
                let instant = Self.instant(of: due, zones: zones, localZone: localZone)
                properties.due = instant.map(Due.time)
                // Kept only where it says more than the instant: a time in a DST gap.
                if let instant, let zone = ZoneResolver.zone(named: tzid),
                   let reading = WallReading(day: day, secondsIntoDay: seconds),
                   reading.isGapReading(of: instant, on: WallClock(timeZone: zone)) {
                    properties.dueReading = reading
                }
                // As written, so that a write keeps pointing at the file's own
                // VTIMEZONE (Evolution's are prefixed).
                properties.dueZone = tzid
            case .utc, .floating:
                properties.due = Self.instant(of: due, zones: zones, localZone: localZone).map(Due.time)
            }
        }
        properties.status = first("STATUS").map { VTodoStatus(value: $0.value) }
        properties.completedAt = instant("COMPLETED")
        properties.percentComplete = number("PERCENT-COMPLETE")
        properties.rule = first("RRULE")?.value
        properties.repeatsFromCompletion = first("X-TODO-REMIND-REPEAT-FROM")?.value.uppercased() == "COMPLETION"
        if let start = first("DTSTART").flatMap(ICalendarTime.init) {
            switch start {
            case .day(let day):
                properties.start = .day(day)
            case .zoned(_, _, let tzid):
                properties.start = Self.instant(of: start, zones: zones, localZone: localZone).map(Due.time)
                properties.startZone = tzid
            case .utc, .floating:
                properties.start = Self.instant(of: start, zones: zones, localZone: localZone).map(Due.time)
            }
        }
        properties.parentUID = todo.properties("RELATED-TO", in: document).first(where: Self.namesParent)
            .map { ICalendarText.unescape($0.value).trimmingSpaces() }
            .flatMap { $0.isEmpty ? nil : $0 }
        properties.remindersOff = first("X-TODO-REMIND-REMINDER")?.value.uppercased() == "OFF"
        properties.ownAlarms = todo.children.filter { $0.name == "VALARM" }.compactMap { alarm in
            guard let kind = alarm.properties(OwnAlarm.marker, in: document).first?.value,
                  let trigger = alarm.properties("TRIGGER", in: document).first else { return nil }
            return OwnAlarm(kind: kind, trigger: trigger.value, isAbsolute: trigger.parameter("VALUE")?.uppercased() == "DATE-TIME",
                            relatedToStart: trigger.parameter("RELATED")?.uppercased() == "START")
        }
        properties.defaultsOff = first("X-TODO-REMIND-DEFAULTS")?.value.uppercased() == "OFF"
        properties.acknowledgedAt = utc("X-MOZ-LASTACK")
        properties.snoozedUntil = utc("X-MOZ-SNOOZE-TIME")
        let occurrences = OccurrenceIDs(due: properties.due, start: properties.start)
        properties.occurrenceSnoozes = Dictionary(
            AlarmReading.occurrenceSnoozes(of: todo, in: document).compactMap { id, until in occurrences.due(named: id).map { ($0, until) } },
            uniquingKeysWith: max
        )
        properties.completedOccurrences = Self.completedOccurrences(
            overrides, in: document, zones: zones, occurrences: occurrences, localZone: localZone
        )
        let alarms = AlarmReading(document: document, todo: todo, start: properties.start)
        properties.alarms = alarms.alarms
        properties.ownAlarmsAcknowledged = alarms.ownAcknowledged
        skippedAlarms = alarms.skipped
        self.properties = properties
        lastModified = instant("LAST-MODIFIED")
        created = instant("CREATED")
        stamp = instant("DTSTAMP")
        sequence = number("SEQUENCE") ?? 0
    }

    /// Whether a `RELATED-TO` line names the task's parent: its `RELTYPE`
    /// is `PARENT`, or absent, which RFC 5545 §3.2.15 reads as `PARENT`
    /// (tasks.org writes its subtasks so).
    static func namesParent(_ line: ContentLine) -> Bool {
        line.parameter("RELTYPE").map { $0.uppercased() == "PARENT" } ?? true
    }

    /// The occurrences the completed or cancelled `overrides` stand for (see
    /// `VTodoProperties.completedOccurrences`).
    static func completedOccurrences(
        _ overrides: [ICalendarComponent], in document: ICalendarDocument, zones: FileTimeZones,
        occurrences: OccurrenceIDs, localZone: Zone
    ) -> [Due: Date] {
        var completed: [Due: Date] = [:]
        for override in overrides {
            func first(_ name: String) -> ContentLine? { override.properties(name, in: document).first }
            let status = first("STATUS").map { VTodoStatus(value: $0.value) }
            guard status == .completed || status == .cancelled || first("COMPLETED") != nil,
                  let id = first("RECURRENCE-ID").flatMap(ICalendarTime.init) else { continue }
            let occurrence: Due?
            if case .day(let day) = id {
                occurrence = occurrences.due(startingOn: day)
            } else {
                occurrence = instant(of: id, zones: zones, localZone: localZone).flatMap(occurrences.due(startingAt:))
            }
            guard let occurrence else { continue }
            let completedAt = first("COMPLETED").flatMap(ICalendarTime.init).flatMap {
                instant(of: $0, zones: zones, localZone: localZone)
            }
            completed[occurrence] = completedAt ?? {
                switch occurrence {
                case .day(let day): WallClock(timeZone: localZone).startOfDay(day)
                case .time(let instant): instant
                }
            }()
        }
        return completed
    }

    /// The instant a DATE or DATE-TIME value stands for: a day is its start in
    /// `localZone`, a floating time is read in `localZone`, a zoned time in
    /// its zone (or, for a TZID no Olson zone matches, by the file's
    /// VTIMEZONE, `zones`; failing both, as floating rather than losing it).
    static func instant(of time: ICalendarTime, zones: FileTimeZones, localZone: Zone) -> Date? {
        switch time {
        case .day(let day):
            return WallClock(timeZone: localZone).startOfDay(day)
        case .utc(let instant):
            return instant
        case .floating(let day, let seconds):
            return WallClock(timeZone: localZone).instant(on: day, secondsIntoDay: seconds)
        case .zoned(let day, let seconds, let tzid):
            return ZoneResolver.instant(on: day, secondsIntoDay: seconds, tzid: tzid, fileZones: zones)
                ?? WallClock(timeZone: localZone).instant(on: day, secondsIntoDay: seconds)
        }
    }

    /// The TZID of the calendar's VTIMEZONE for the Olson zone `zone`, if any:
    /// its own spelling (`/freeassociation.sourceforge.net/Europe/Berlin`).
    static func timeZoneID(for zone: Zone, in document: ICalendarDocument, calendar: ICalendarComponent) -> String? {
        calendar.children.lazy
            .filter { $0.name == "VTIMEZONE" }
            .compactMap { $0.timeZoneID(in: document) }
            .first { ZoneResolver.olsonName($0) == zone.identifier }
    }

    /// The bytes of the calendar's VTIMEZONE whose TZID is `tzid`, if any.
    static func timeZone(_ tzid: String, in document: ICalendarDocument, calendar: ICalendarComponent) -> [UInt8]? {
        guard let component = calendar.children.first(where: {
            $0.name == "VTIMEZONE" && $0.timeZoneID(in: document) == tzid
        }) else { return nil }
        return document.lines[component.begin...component.end].flatMap(\.raw)
    }
}
