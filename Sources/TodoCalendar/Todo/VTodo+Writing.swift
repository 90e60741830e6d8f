import FoundationEssentials
import TodoCore

/// Writing a task file: starting from the file as it was, only the
/// properties of fields that changed are rewritten, plus the bookkeeping
/// (`LAST-MODIFIED`, `DTSTAMP`, `SEQUENCE`) a change needs. Every other line
/// keeps its bytes.
extension VTodo {
    /// The PRODID of files todo-remind creates.
    public static let productID = "-//todo-remind//todo-remind//EN"

    /// The file's bytes with its VTODO changed to say `wanted`, or nil when
    /// `wanted` says what the file says already (nothing to write).
    ///
    /// `now` becomes LAST-MODIFIED and DTSTAMP; SEQUENCE goes up by one.
    public func updated(to wanted: VTodoProperties, at now: Date) -> [UInt8]? {
        applying(wanted, at: now, bumpingSequence: true)
    }

    /// A new task file: one VTODO with `uid`, DTSTAMP and LAST-MODIFIED at
    /// `now`, CREATED at `created` (the task's own creation, which a file
    /// made later, or an export, carries to the other clients and back) or
    /// else `now`, and the properties of `properties`.
    public static func newFile(uid: String = UUID().uuidString, properties: VTodoProperties, created: Date? = nil, at now: Date) -> [UInt8] {
        let stamp = ICalendarTime.utcText(now)
        let lines = [
            ContentLine(name: "BEGIN", value: "VCALENDAR"),
            ContentLine(name: "VERSION", value: "2.0"),
            ContentLine(name: "PRODID", value: productID),
            ContentLine(name: "BEGIN", value: "VTODO"),
            ContentLine(name: "UID", value: ICalendarText.escape(uid)),
            ContentLine(name: "DTSTAMP", value: stamp),
            ContentLine(name: "CREATED", value: created.map(ICalendarTime.utcText) ?? stamp),
            ContentLine(name: "LAST-MODIFIED", value: stamp),
            ContentLine(name: "END", value: "VTODO"),
            ContentLine(name: "END", value: "VCALENDAR"),
        ]
        let document = ICalendarDocument(lines: lines)
        let calendar = ICalendarComponent(
            name: "VCALENDAR", begin: 0, end: lines.count - 1,
            children: [ICalendarComponent(name: "VTODO", begin: 3, end: lines.count - 2, children: [])]
        )
        let empty = VTodo(document: document, calendar: calendar, todo: calendar.children[0], uid: uid, properties: VTodoProperties())
        return empty.applying(properties, at: now, bumpingSequence: false) ?? document.bytes
    }

    private init(document: ICalendarDocument, calendar: ICalendarComponent, todo: ICalendarComponent, uid: String, properties: VTodoProperties) {
        self.document = document
        self.calendar = calendar
        self.todo = todo
        self.uid = uid
        self.properties = properties
        lastModified = nil
        created = nil
        stamp = nil
        sequence = 0
        skippedAlarms = []
    }

    /// The DTSTART line for `wanted` (none for no start) and, for a zoned
    /// time, the zone whose VTIMEZONE the file must hold: a day as
    /// `VALUE=DATE`, a time in its zone (or DUE's) as DUE is written. A
    /// series' start typed in a DST gap is written as typed, where its rule
    /// is anchored (`dueLine` keeps a gap reading that names the instant).
    private func startLine(_ wanted: VTodoProperties) -> (line: ContentLine?, zone: String?) {
        guard let start = wanted.start else { return (nil, nil) }
        var anchor = wanted
        anchor.due = start
        anchor.dueZone = wanted.startZone ?? wanted.dueZone
        let written = dueLine(anchor)
        return (written.line.map { ContentLine(name: "DTSTART", parameters: $0.parameters, value: $0.value) }, written.zone)
    }

    /// Makes `wanted`'s parent the VTODO's parent `RELATED-TO`: the line
    /// that named the parent takes the new UID, keeping its parameters (a
    /// tasks.org line stays without RELTYPE), or goes; a new one says
    /// `RELTYPE=PARENT`. Every other `RELATED-TO` stays as it is.
    private func writeParent(_ wanted: VTodoProperties, _ editor: inout ComponentEditor) {
        let existing = editor.indices(of: "RELATED-TO").first { Self.namesParent(editor.lines[$0]) }
        let line = wanted.parentUID.map { uid in
            ContentLine(name: "RELATED-TO", parameters: existing.map { editor.lines[$0].parameters } ?? [.init("RELTYPE", "PARENT")],
                        value: ICalendarText.escape(uid))
        }
        editor.replace(at: existing, with: line)
    }

    private func applying(_ wanted: VTodoProperties, at now: Date, bumpingSequence: Bool) -> [UInt8]? {
        let changed = VTodoField.allCases.filter { !properties.agrees(with: wanted, on: $0) }
        guard !changed.isEmpty else { return nil }
        var editor = ComponentEditor(lines: document.lines[todo.begin...todo.end])
        var newZone: String?
        var newStartZone: String?
        for field in changed {
            switch field {
            case .title:
                editor.set("SUMMARY", to: textLines("SUMMARY", wanted.title, editor: editor))
            case .notes:
                editor.set("DESCRIPTION", to: textLines("DESCRIPTION", wanted.notes, editor: editor))
            case .categories:
                let value = wanted.categories.isEmpty ? nil : wanted.categories.map(ICalendarText.escape).joined(separator: ",")
                editor.set("CATEGORIES", to: value.map { [ContentLine(name: "CATEGORIES", parameters: keptParameters("CATEGORIES", editor), value: $0)] } ?? [])
            case .priority:
                let value = wanted.priorityValue
                editor.set("PRIORITY", to: value == 0 ? [] : [ContentLine(name: "PRIORITY", value: String(value))])
            case .due:
                let written = dueLine(wanted)
                editor.set("DUE", to: written.line.map { [$0] } ?? [])
                newZone = written.zone ?? newZone
            case .start:
                let written = startLine(wanted)
                editor.set("DTSTART", to: written.line.map { [$0] } ?? [])
                newStartZone = written.zone
            case .parent:
                writeParent(wanted, &editor)
            case .completion:
                editor.set("STATUS", to: wanted.status.map { [ContentLine(name: "STATUS", value: $0.value)] } ?? [])
                editor.set("COMPLETED", to: wanted.completedAt.map { [ContentLine(name: "COMPLETED", value: ICalendarTime.utcText($0))] } ?? [])
                if wanted.status == .completed {
                    editor.set("PERCENT-COMPLETE", to: [ContentLine(name: "PERCENT-COMPLETE", value: "100")])
                } else if properties.percentComplete == 100 {
                    // 100 % and not completed would contradict itself.
                    editor.set("PERCENT-COMPLETE", to: [])
                }
            case .rule:
                editor.set("RRULE", to: wanted.rule.map { [ContentLine(name: "RRULE", value: $0)] } ?? [])
                let fromCompletion = wanted.rule != nil && wanted.repeatsFromCompletion
                editor.set("X-TODO-REMIND-REPEAT-FROM", to: fromCompletion ? [ContentLine(name: "X-TODO-REMIND-REPEAT-FROM", value: "COMPLETION")] : [])
            case .acknowledgement:
                editor.set("X-MOZ-LASTACK", to: wanted.acknowledgedAt.map { [ContentLine(name: "X-MOZ-LASTACK", value: ICalendarTime.utcText($0))] } ?? [])
            case .reminders:
                editor.set("X-TODO-REMIND-REMINDER", to: wanted.remindersOff ? [ContentLine(name: "X-TODO-REMIND-REMINDER", value: "OFF")] : [])
                editor.set("X-TODO-REMIND-DEFAULTS", to: wanted.defaultsOff ? [ContentLine(name: "X-TODO-REMIND-DEFAULTS", value: "OFF")] : [])
                editor.removeChildren { lines in lines.contains { $0.name == OwnAlarm.marker } }
                for alarm in wanted.ownAlarms { editor.appendChild(alarm.lines(title: wanted.title)) }
            case .snooze:
                editor.set("X-MOZ-SNOOZE-TIME", to: wanted.snoozedUntil.map { [ContentLine(name: "X-MOZ-SNOOZE-TIME", value: ICalendarTime.utcText($0))] } ?? [])
            }
        }
        let stampText = ICalendarTime.utcText(now)
        editor.set("LAST-MODIFIED", to: [ContentLine(name: "LAST-MODIFIED", value: stampText)])
        editor.set("DTSTAMP", to: [ContentLine(name: "DTSTAMP", value: stampText)])
        if bumpingSequence {
            editor.set("SEQUENCE", to: [ContentLine(name: "SEQUENCE", value: String(sequence + 1))])
        }
        var lines = document.lines
        lines.replaceSubrange(todo.begin...todo.end, with: editor.lines)
        var added: Set<String> = []
        for (zone, value) in [(newStartZone, wanted.start), (newZone, wanted.due)] {
            // A zone the VTODO named already without a VTIMEZONE (an Olson
            // name, as ical4android writes them) is read so by its writer.
            guard let zone, !added.contains(zone), VTodo.timeZone(zone, in: document, calendar: calendar) == nil,
                  !namesZone(zone),
                  case .time(let instant)? = value,
                  let component = ZoneResolver.timeZoneComponent(named: zone, from: instant) else { continue }
            // Before the VTODO, where clients put the zones a calendar uses.
            lines.insert(contentsOf: component, at: todo.begin)
            added.insert(zone)
        }
        return ICalendarDocument(lines: lines).bytes
    }

    /// Whether a property of the VTODO as read names the zone `tzid`.
    private func namesZone(_ tzid: String) -> Bool {
        todo.propertyIndices.contains { document.lines[$0].parameter("TZID") == tzid }
    }

    /// A TEXT property's line for `text` (none for nil), keeping the
    /// parameters of the line it replaces (LANGUAGE…) but ALTREP, which
    /// points at a text that no longer matches.
    private func textLines(_ name: String, _ text: String?, editor: ComponentEditor) -> [ContentLine] {
        guard let text else { return [] }
        return [ContentLine(name: name, parameters: keptParameters(name, editor), value: ICalendarText.escape(text))]
    }

    private func keptParameters(_ name: String, _ editor: ComponentEditor) -> [ContentLine.Parameter] {
        editor.first(name)?.parameters.filter { $0.name != "ALTREP" } ?? []
    }

    /// The DUE line for `wanted` and, for a zoned time, the zone whose
    /// VTIMEZONE the file must hold.
    ///
    /// A day is always `VALUE=DATE` (a day written as a date-time makes other
    /// clients remind at the wrong hour). A time with a zone todo-remind can
    /// write a VTIMEZONE for is written in that zone, so that a rule follows
    /// its DST; any other time is written in UTC.
    private func dueLine(_ wanted: VTodoProperties) -> (line: ContentLine?, zone: String?) {
        switch wanted.due {
        case nil:
            return (nil, nil)
        case .day(let day)?:
            return (ContentLine(name: "DUE", parameters: [.init("VALUE", "DATE")], value: ICalendarTime.dateText(day)), nil)
        case .time(let instant)?:
            if let name = wanted.dueZone, let zone = ZoneResolver.zone(named: name) {
                // Keep the file's spelling of the zone when it has a VTIMEZONE for it.
                let tzid = VTodo.timeZoneID(for: zone, in: document, calendar: calendar) ?? zone.identifier
                let hasComponent = VTodo.timeZone(tzid, in: document, calendar: calendar) != nil
                if hasComponent || ZoneResolver.timeZoneComponent(named: tzid, from: instant) != nil {
                    let clock = WallClock(timeZone: zone)
                    // A series' start typed in a DST gap is written as typed, where its rule is anchored.
                    let reading = wanted.dueReading.flatMap { $0.isGapReading(of: instant, on: clock) ? $0 : nil }
                        ?? WallReading(of: instant, on: clock)
                    let value = ICalendarTime.dateTimeText(reading.day, secondsIntoDay: reading.secondsIntoDay)
                    return (ContentLine(name: "DUE", parameters: [.init("TZID", tzid)], value: value), tzid)
                }
            }
            return (ContentLine(name: "DUE", value: ICalendarTime.utcText(instant)), nil)
        }
    }
}
