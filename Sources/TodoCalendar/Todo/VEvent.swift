import FoundationEssentials
import TodoCore

/// A calendar event's file, as read: the document, where its VEVENTs are,
/// and what they say (`series`). Events are other programs' items:
/// todo-remind fires their alarms and writes nothing into them but the
/// user's acknowledgements (`VEvent+Acknowledging`).
public struct VEvent: Hashable, Sendable {
    /// The file's lines as read.
    public let document: ICalendarDocument
    let calendar: ICalendarComponent
    /// The master VEVENT (the one without RECURRENCE-ID), or the first.
    let event: ICalendarComponent
    /// The VEVENTs that override single occurrences.
    let overrides: [ICalendarComponent]
    /// `UID`.
    public let uid: String
    /// What the file says, in todo-remind's terms; nil when its times cannot
    /// be followed (`problem` says why).
    public let series: EventSeries?
    /// Why the event's times cannot be followed, as a sentence naming the
    /// file: no DTSTART, or a zone that is neither known nor described.
    public let problem: String?
    /// The VALARMs that cannot be understood, left in the file untouched.
    public let skippedAlarms: [SkippedAlarm]
    /// The zone floating times were read in.
    let localZone: Zone

    init(
        document: ICalendarDocument, calendar: ICalendarComponent, event: ICalendarComponent,
        overrides: [ICalendarComponent], uid: String, file: String, localZone: Zone
    ) {
        self.document = document
        self.calendar = calendar
        self.event = event
        self.overrides = overrides
        self.uid = uid
        self.localZone = localZone
        var reading = EventReading(document: document, calendar: calendar, file: file, localZone: localZone)
        let series = reading.series(master: event, overrides: overrides, uid: uid)
        self.series = series
        problem = series == nil ? reading.problem ?? "“\(file)” has an event whose times cannot be read." : nil
        skippedAlarms = reading.skippedAlarms
    }
}

/// Reads the VEVENTs of one file into an `EventSeries`.
private struct EventReading {
    let document: ICalendarDocument
    let calendar: ICalendarComponent
    let file: String
    let localZone: Zone
    let zones: FileTimeZones
    /// The first reason the event cannot be followed.
    var problem: String?
    var skippedAlarms: [SkippedAlarm] = []
    /// VTIMEZONEs of non-Olson zones used, by TZID.
    var timeZones: [String: String] = [:]

    init(document: ICalendarDocument, calendar: ICalendarComponent, file: String, localZone: Zone) {
        self.document = document
        self.calendar = calendar
        self.file = file
        self.localZone = localZone
        zones = FileTimeZones(document: document, calendar: calendar)
    }

    mutating func series(master: ICalendarComponent, overrides: [ICalendarComponent], uid: String) -> EventSeries? {
        func first(_ name: String) -> ContentLine? { master.properties(name, in: document).first }
        guard let startLine = first("DTSTART") else {
            problem = "“\(file)” has an event without a DTSTART, so it has no time to fire at."
            return nil
        }
        guard let start = time(startLine) else { return nil }
        let hasRecurrenceID = !master.properties("RECURRENCE-ID", in: document).isEmpty
        var series = EventSeries(
            uid: uid, start: start, length: length(of: master, from: start),
            details: details(of: master),
            rule: hasRecurrenceID ? nil : first("RRULE").map { $0.value.trimmingSpaces() }
        )
        if !hasRecurrenceID {
            let additions = periods(master.properties("RDATE", in: document))
            series.additions = additions.map(\.start)
            series.exceptions = times(master.properties("EXDATE", in: document))
            // A PERIOD's end or duration is its occurrence's own: kept as an
            // override of it, which one the file gives replaces.
            for addition in additions {
                guard let length = addition.length else { continue }
                series.overrides.append(EventSeries.Override(
                    recurrenceID: addition.start, start: addition.start, length: length, details: series.details
                ))
            }
        }
        for override in overrides {
            guard let idLine = override.properties("RECURRENCE-ID", in: document).first, let id = time(idLine) else { continue }
            var overrideStart = id
            if let startLine = override.properties("DTSTART", in: document).first, let start = time(startLine) { overrideStart = start }
            series.overrides.append(EventSeries.Override(
                recurrenceID: id, start: overrideStart, length: length(of: override, from: overrideStart),
                details: details(of: override),
                thisAndFuture: idLine.parameter("RANGE")?.trimmingSpaces().uppercased() == "THISANDFUTURE"
            ))
        }
        if problem != nil { return nil }
        series.acknowledgedAt = utc(first("X-MOZ-LASTACK"))
        series.snoozedUntil = utc(first("X-MOZ-SNOOZE-TIME"))
        for (occurrence, until) in AlarmReading.occurrenceSnoozes(of: master, in: document) {
            series.occurrenceSnoozes[Int64((occurrence.timeIntervalSince1970 * 1_000_000).rounded())] = until
        }
        series.timeZones = timeZones
        series.changedAt = utc(first("LAST-MODIFIED")) ?? utc(first("CREATED")) ?? utc(first("DTSTAMP"))
        return series
    }

    /// A UTC date-time property's instant (acknowledgements, stamps).
    private func utc(_ line: ContentLine?) -> Date? {
        guard case .utc(let instant)? = line.flatMap(ICalendarTime.init) else { return nil }
        return instant
    }

    /// A DATE or DATE-TIME line's value, its zone resolved; nil (and the
    /// problem noted) when it is neither, or names a zone nobody describes.
    private mutating func time(_ line: ContentLine) -> EventTime? {
        guard let value = ICalendarTime(line) else {
            problem = problem ?? "“\(file)” has \(line.name):\(line.value), which is not a date or a date-time."
            return nil
        }
        return resolve(value, line: line)
    }

    /// Every value of EXDATE lines (a list each; a PERIOD's start).
    private mutating func times(_ lines: [ContentLine]) -> [EventTime] {
        var result: [EventTime] = []
        for line in lines {
            for value in line.value.split(separator: ",") {
                let start = value.split(separator: "/", maxSplits: 1).first ?? value
                guard let parsed = ICalendarTime(value: start, tzid: line.parameter("TZID")) else {
                    problem = problem ?? "“\(file)” has \(line.name):\(line.value), which is not a list of dates or date-times."
                    return []
                }
                if let resolved = resolve(parsed, line: line) { result.append(resolved) }
            }
        }
        return result
    }

    /// Every value of RDATE lines, each with its own length when it is a
    /// PERIOD (RFC 5545 §3.3.9: `start/end` or `start/duration`, the end
    /// in the start's zone).
    private mutating func periods(_ lines: [ContentLine]) -> [(start: EventTime, length: EventSeries.Length?)] {
        var result: [(start: EventTime, length: EventSeries.Length?)] = []
        for line in lines {
            for value in line.value.split(separator: ",") {
                let parts = value.split(separator: "/", maxSplits: 1)
                guard let first = parts.first, let parsed = ICalendarTime(value: first, tzid: line.parameter("TZID")) else {
                    problem = problem ?? "“\(file)” has \(line.name):\(line.value), which is not a list of dates, date-times or periods."
                    return []
                }
                guard let start = resolve(parsed, line: line) else { continue }
                guard parts.count == 2 else {
                    result.append((start, nil))
                    continue
                }
                let end = parts[1]
                if let seconds = ICalendarDuration.seconds(String(end)) {
                    if case .utc = start { result.append((start, .exact(seconds: max(0, seconds)))) } else { result.append((start, .wall(seconds: max(0, seconds)))) }
                } else if let parsedEnd = ICalendarTime(value: end, tzid: line.parameter("TZID")), let endTime = resolve(parsedEnd, line: line),
                          let from = instant(start), let to = instant(endTime) {
                    result.append((start, .exact(seconds: max(0, Int(to.timeIntervalSince(from).rounded())))))
                } else {
                    problem = problem ?? "“\(file)” has \(line.name):\(line.value), whose period \(value) has no end or duration that can be read."
                    return []
                }
            }
        }
        return result
    }

    /// Resolves a zoned value's TZID: an Olson name (prefixed or not), the
    /// file's own VTIMEZONE, or the Olson zone of a Windows zone name.
    private mutating func resolve(_ value: ICalendarTime, line: ContentLine) -> EventTime? {
        switch value {
        case .day(let day): return .day(day)
        case .utc(let instant): return .utc(instant)
        case .floating(let day, let seconds): return .floating(day, secondsIntoDay: seconds)
        case .zoned(let day, let seconds, let tzid):
            if let name = ZoneResolver.olsonName(tzid) { return .zoned(day, secondsIntoDay: seconds, zone: name) }
            if let text = VTodo.timeZone(tzid, in: document, calendar: calendar), zones.libicalZone(tzid) != nil {
                timeZones[tzid] = String(decoding: text, as: UTF8.self)
                return .zoned(day, secondsIntoDay: seconds, zone: tzid)
            }
            if let zone = ZoneResolver.windowsZone(named: tzid) {
                return .zoned(day, secondsIntoDay: seconds, zone: zone.identifier)
            }
            problem = problem ?? "“\(file)” has \(line.name) in the time zone “\(tzid)”, which is neither a zone todo-remind knows nor one the file describes in a VTIMEZONE it can read."
            return nil
        }
    }

    /// How long the VEVENT's occurrences last: DTEND, else DURATION, else
    /// (RFC 5545 §3.6.1) a day for an all-day event and no time for a timed one.
    private mutating func length(of component: ICalendarComponent, from start: EventTime) -> EventSeries.Length {
        let end = component.properties("DTEND", in: document).first
        let duration = component.properties("DURATION", in: document).first
        if let end, let endTime = time(end) {
            switch (start, endTime) {
            case (.day(let first), .day(let last)):
                return .wall(seconds: max(0, last.daysSinceEpoch - first.daysSinceEpoch) * 86_400)
            case (.zoned(let day, let seconds, let zone), .zoned(let endDay, let endSeconds, let endZone)) where zone == endZone:
                return .wall(seconds: max(0, (endDay.daysSinceEpoch - day.daysSinceEpoch) * 86_400 + endSeconds - seconds))
            case (.floating(let day, let seconds), .floating(let endDay, let endSeconds)):
                return .wall(seconds: max(0, (endDay.daysSinceEpoch - day.daysSinceEpoch) * 86_400 + endSeconds - seconds))
            default:
                guard let from = instant(start), let to = instant(endTime) else { return .exact(seconds: 0) }
                return .exact(seconds: max(0, Int(to.timeIntervalSince(from).rounded())))
            }
        }
        if let duration, let seconds = ICalendarDuration.seconds(duration.value) {
            if case .utc = start { return .exact(seconds: max(0, seconds)) }
            return .wall(seconds: max(0, seconds))
        }
        return .wall(seconds: start.isDay ? 86_400 : 0)
    }

    /// The instant of a value, for a length between values in two zones.
    private func instant(_ time: EventTime) -> Date? {
        switch time {
        case .day(let day): WallClock(timeZone: localZone).startOfDay(day)
        case .utc(let instant): instant
        case .floating(let day, let seconds): WallClock(timeZone: localZone).instant(on: day, secondsIntoDay: seconds)
        case .zoned(let day, let seconds, let zone):
            ZoneResolver.instant(on: day, secondsIntoDay: seconds, tzid: zone, fileZones: zones)
        }
    }

    /// What one VEVENT says besides its times.
    private mutating func details(of component: ICalendarComponent) -> EventDetails {
        func first(_ name: String) -> ContentLine? { component.properties(name, in: document).first }
        var details = EventDetails()
        details.summary = first("SUMMARY").map { ICalendarText.unescape($0.value) }
        details.location = first("LOCATION").map { ICalendarText.unescape($0.value) }.flatMap { $0.isEmpty ? nil : $0 }
        details.isCancelled = first("STATUS")?.value.trimmingSpaces().uppercased() == "CANCELLED"
        let priority = first("PRIORITY").flatMap { Int($0.value.trimmingSpaces()) } ?? 0
        details.priorityValue = (0...9).contains(priority) ? priority : 0
        for attendee in component.properties("ATTENDEE", in: document) {
            details.attendance[EventDetails.address(attendee.value)] = (attendee.parameter("PARTSTAT") ?? "NEEDS-ACTION").uppercased()
        }
        var lineNumbers: [Int] = []
        for child in component.children where child.name == "VALARM" {
            let alarm = AlarmComponent(child, in: document)
            switch AlarmReading.parse(alarm, begin: child.begin) {
            case .none:
                continue
            case .skipped(let index, let reason):
                if lineNumbers.isEmpty { lineNumbers = document.physicalLineNumbers() }
                skippedAlarms.append(SkippedAlarm(line: lineNumbers[index], reason: reason))
            case .alarm(let parsed):
                // The day part apart from the rest (`EventAlarm.Trigger`).
                let parts = alarm.first("TRIGGER").flatMap { ICalendarDuration.parts($0.value) } ?? (0, 0)
                let trigger: EventAlarm.Trigger = switch parsed.trigger {
                case .instant(let instant): .absolute(instant)
                case .duration(_, relatedToEnd: true): .end(days: parts.days, seconds: parts.seconds)
                case .duration(_, relatedToEnd: false): .start(days: parts.days, seconds: parts.seconds)
                }
                details.alarms.append(EventAlarm(
                    id: parsed.key.text, trigger: trigger,
                    repeatCount: parsed.repetition?.count ?? 0, repeatInterval: parsed.repetition?.interval ?? 0,
                    acknowledgedAt: parsed.acknowledgedAt, snoozes: parsed.snoozedUID.map { VAlarmID.uid($0).text }
                ))
            }
        }
        return details
    }
}
