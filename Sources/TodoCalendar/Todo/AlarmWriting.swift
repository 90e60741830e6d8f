import FoundationEssentials

/// The edits that write what a user did with an alarm into one component's
/// lines (a VTODO's, a VEVENT's), shared by `VTodo` and `VEvent`: every line
/// but the changed VALARMs keeps its bytes.
enum AlarmWriting {
    /// The component's lines with `ACKNOWLEDGED:<now, UTC>` on each of its
    /// VALARMs that one of `keys` names (another client's or one of
    /// todo-remind's own), or nil when there is nothing to write: no such
    /// alarm, or each acknowledged at `now` or later already (an
    /// acknowledgement never moves back).
    ///
    /// Acknowledging a snooze alarm acknowledges the alarm it snoozes too, as
    /// RFC 9074 §7 asks of a snooze that fired. Evolution skips every
    /// instance of an alarm up to its ACKNOWLEDGED.
    static func acknowledging(_ keys: Set<VAlarmID>, in component: [ContentLine], at now: Date) -> [ContentLine]? {
        var lines = component
        let found = Self.alarms(in: lines)
        var targets = Set(found.indices.filter { index in keys.contains { found[index].alarm.isNamed(by: $0) } })
        for index in targets {
            guard let snoozed = found[index].alarm.snoozedUID else { continue }
            targets.formUnion(found.indices.filter { found[$0].alarm.isNamed(by: .uid(snoozed)) })
        }
        var changed = false
        for index in targets.sorted().reversed() {
            let range = found[index].range
            guard let acknowledged = Self.acknowledged(Array(lines[range]), at: now) else { continue }
            lines.replaceSubrange(range, with: acknowledged)
            changed = true
        }
        return changed ? lines : nil
    }

    /// The component's lines with the alarm `key` names snoozed until
    /// `instant` the RFC 9074 §7 way, or nil when it has no such alarm:
    ///
    /// - the snoozed alarm gets `ACKNOWLEDGED:<now>`, and a `UID` if it has
    ///   none (Evolution's alarm UID when it has one, else `newUID()`);
    /// - earlier snooze alarms of that alarm go, whoever wrote them (the
    ///   new snooze replaces them, as re-snoozing does in RFC 9074 §7);
    /// - a new VALARM is added last: `UID` (`newUID()`), `ACTION:DISPLAY`,
    ///   `TRIGGER;VALUE=DATE-TIME:<instant, UTC>`,
    ///   `RELATED-TO;RELTYPE=SNOOZE:<the snoozed alarm's UID>`, and the
    ///   snoozed alarm's `DESCRIPTION` (else `title`).
    ///
    /// Snoozing a snooze alarm snoozes the alarm it snoozes: the old snooze
    /// goes and the new one names the original.
    static func snoozing(
        _ key: VAlarmID, in component: [ContentLine], until instant: Date, at now: Date, title: String?, newUID: () -> String
    ) -> [ContentLine]? {
        var lines = component
        let found = Self.alarms(in: lines)
        guard let hit = found.firstIndex(where: { $0.alarm.isNamed(by: key) }) else { return nil }
        let snoozed = found[hit].alarm
        let original: String
        var addedUID: ContentLine?
        if let target = snoozed.snoozedUID {
            original = target
        } else if let uid = snoozed.uidProperty {
            original = uid
        } else {
            // RFC 9074 §7: the snoozed alarm MUST have a UID to be named by.
            original = snoozed.evolutionUID ?? newUID()
            addedUID = ContentLine(name: "UID", value: ICalendarText.escape(original))
        }
        for index in found.indices.reversed() {
            let (range, alarm) = found[index]
            if alarm.snoozedUID == original {
                lines.removeSubrange(range)
            } else if index == hit || alarm.isNamed(by: .uid(original)) {
                var editor = ComponentEditor(lines: lines[range])
                if index == hit, let addedUID { editor.set("UID", to: [addedUID]) }
                let alarmLines = Self.acknowledged(editor.lines, at: now) ?? editor.lines
                lines.replaceSubrange(range, with: alarmLines)
            }
        }
        let description = snoozed.first("DESCRIPTION")?.value ?? ICalendarText.escape(title ?? "Reminder")
        var editor = ComponentEditor(lines: lines)
        editor.appendChild([
            ContentLine(name: "BEGIN", value: "VALARM"),
            ContentLine(name: "UID", value: ICalendarText.escape(newUID())),
            ContentLine(name: "ACTION", value: "DISPLAY"),
            ContentLine(name: "TRIGGER", parameters: [.init("VALUE", "DATE-TIME")], value: ICalendarTime.utcText(instant)),
            ContentLine(name: "RELATED-TO", parameters: [.init("RELTYPE", "SNOOZE")], value: ICalendarText.escape(original)),
            ContentLine(name: "DESCRIPTION", value: description),
            ContentLine(name: "END", value: "VALARM"),
        ])
        return editor.lines
    }

    /// The component's lines without its RFC 9074 snooze alarms (`RELATED-TO;RELTYPE=SNOOZE`), whoever wrote them, or nil when
    /// it has none: the snooze ended here (the task was done, its due moved,
    /// its reminder switched off), so no device should bring it back. A
    /// client that snoozes removes the earlier snooze alarms the same way.
    static func droppingSnoozeAlarms(in component: [ContentLine]) -> [ContentLine]? {
        var lines = component
        let snoozes = Self.alarms(in: lines).filter { $0.alarm.snoozedUID != nil }
        guard !snoozes.isEmpty else { return nil }
        for snooze in snoozes.reversed() { lines.removeSubrange(snooze.range) }
        return lines
    }

    /// The VALARMs directly inside the VTODO whose lines are `lines`: where
    /// each lies, and its own property lines.
    private static func alarms(in lines: [ContentLine]) -> [(range: ClosedRange<Int>, alarm: AlarmComponent)] {
        var found: [(range: ClosedRange<Int>, alarm: AlarmComponent)] = []
        var depth = 0
        var begin: Int?
        var entries: [(index: Int, line: ContentLine)] = []
        for (index, line) in lines.enumerated() {
            if line.isBegin() {
                depth += 1
                if depth == 2, line.isBegin("VALARM") {
                    begin = index
                    entries = []
                }
            } else if line.isEnd() {
                if depth == 2, let start = begin {
                    found.append((start...index, AlarmComponent(entries: entries)))
                    begin = nil
                }
                depth -= 1
            } else if depth == 2, begin != nil {
                entries.append((index, line))
            }
        }
        return found
    }

    /// A VALARM's lines with `ACKNOWLEDGED:<now>`, or nil when it says `now`
    /// or later already.
    private static func acknowledged(_ alarm: [ContentLine], at now: Date) -> [ContentLine]? {
        var editor = ComponentEditor(lines: alarm)
        let written = ICalendarTime.utcText(now)
        if case .utc(let earlier)? = editor.first("ACKNOWLEDGED").flatMap(ICalendarTime.init),
           ICalendarTime.utcText(earlier) >= written {
            return nil
        }
        editor.set("ACKNOWLEDGED", to: [ContentLine(name: "ACKNOWLEDGED", value: written)])
        return editor.lines
    }

    /// A component's lines with its LAST-MODIFIED and DTSTAMP set to `now`.
    static func stamped(_ lines: [ContentLine], at now: Date) -> [ContentLine] {
        var editor = ComponentEditor(lines: lines)
        let stampText = ICalendarTime.utcText(now)
        editor.set("LAST-MODIFIED", to: [ContentLine(name: "LAST-MODIFIED", value: stampText)])
        editor.set("DTSTAMP", to: [ContentLine(name: "DTSTAMP", value: stampText)])
        return editor.lines
    }
}
