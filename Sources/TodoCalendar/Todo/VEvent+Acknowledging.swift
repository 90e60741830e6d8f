import FoundationEssentials
import TodoCore

/// Writing what the user did with an event's alarm into its file, in the
/// forms the other clients read, on the user's action only: Thunderbird's
/// and tasks.org's on the master VEVENT
/// (`X-MOZ-LASTACK`, `X-MOZ-SNOOZE-TIME`, and for one occurrence of a series
/// `X-MOZ-SNOOZE-TIME-<µs>`), RFC 9074's on the VALARM that fired
/// (`ACKNOWLEDGED`, a snooze alarm). Every other line keeps its bytes; the
/// changed VEVENTs get LAST-MODIFIED and DTSTAMP, not SEQUENCE (handling an
/// alarm changes no schedule, RFC 5545 §3.8.7.4).
extension VEvent {
    /// The file's bytes with the alarm dismissed at `now`: `X-MOZ-LASTACK`
    /// on the master, its Thunderbird snooze (of the occurrence) removed,
    /// `ACKNOWLEDGED` on the VALARM `alarm` names in the occurrence's VEVENT
    /// (and on the alarm a snooze alarm snoozes).
    ///
    /// - Parameters:
    ///   - alarm: the VALARM that fired; nil for one in no file (a
    ///     Thunderbird snooze, `event-default-alarm`).
    ///   - occurrence: the occurrence's recurrence id in µs since 1970
    ///     (`EventOccurrence.recurrenceMicroseconds`); nil for a one-off.
    public func dismissing(alarm: VAlarmID?, occurrence: Int64?, at now: Date) -> [UInt8] {
        rewritten(occurrence: occurrence, at: now) { lines in
            alarm.flatMap { AlarmWriting.acknowledging([$0], in: lines, at: now) }
        } master: { editor in
            editor.set("X-MOZ-LASTACK", to: [ContentLine(name: "X-MOZ-LASTACK", value: ICalendarTime.utcText(now))])
            editor.set(Self.snoozeName(occurrence), to: [])
        }
    }

    /// The file's bytes with the alarm snoozed at `now` until `until`:
    /// `X-MOZ-LASTACK` and `X-MOZ-SNOOZE-TIME` (`-<µs>` for an occurrence of a
    /// series) on the master, as Thunderbird snoozes, and where the alarm is
    /// a VALARM of the file, RFC 9074's snooze alarm beside it
    /// (`AlarmWriting.snoozing`).
    public func snoozing(
        alarm: VAlarmID?, occurrence: Int64?, until: Date, at now: Date, newUID: () -> String = { UUID().uuidString }
    ) -> [UInt8] {
        let title = series?.details.summary
        return rewritten(occurrence: occurrence, at: now) { lines in
            alarm.flatMap { AlarmWriting.snoozing($0, in: lines, until: until, at: now, title: title, newUID: newUID) }
        } master: { editor in
            editor.set("X-MOZ-LASTACK", to: [ContentLine(name: "X-MOZ-LASTACK", value: ICalendarTime.utcText(now))])
            let name = Self.snoozeName(occurrence)
            editor.set(name, to: [ContentLine(name: name, value: ICalendarTime.utcText(until))])
        }
    }

    /// `X-MOZ-SNOOZE-TIME`, or for an occurrence of a series
    /// `X-MOZ-SNOOZE-TIME-<µs>` (Thunderbird's `snoozeAlarm`).
    static func snoozeName(_ occurrence: Int64?) -> String {
        occurrence.map { "X-MOZ-SNOOZE-TIME-\($0)" } ?? "X-MOZ-SNOOZE-TIME"
    }

    /// The file with `alarms` applied to the VEVENT the occurrence is in (the
    /// override whose recurrence id it is, else the master) and `master` to
    /// the master VEVENT, each changed VEVENT stamped.
    private func rewritten(
        occurrence: Int64?, at now: Date, alarms: ([ContentLine]) -> [ContentLine]?, master: (inout ComponentEditor) -> Void
    ) -> [UInt8] {
        var replacements: [(range: ClosedRange<Int>, lines: [ContentLine])] = []
        var masterLines = Array(document.lines[event.begin...event.end])
        if let override = occurrence.flatMap(override(forRecurrence:)) {
            if let edited = alarms(Array(document.lines[override.begin...override.end])) {
                replacements.append((override.begin...override.end, AlarmWriting.stamped(edited, at: now)))
            }
        } else if let edited = alarms(masterLines) {
            masterLines = edited
        }
        var editor = ComponentEditor(lines: masterLines)
        master(&editor)
        replacements.append((event.begin...event.end, AlarmWriting.stamped(editor.lines, at: now)))
        var all = document.lines
        for replacement in replacements.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            all.replaceSubrange(replacement.range, with: replacement.lines)
        }
        return ICalendarDocument(lines: all).bytes
    }

    /// The override whose RECURRENCE-ID is `micro` µs since 1970 (a day's as
    /// its UTC midnight, as Thunderbird names it).
    private func override(forRecurrence micro: Int64) -> ICalendarComponent? {
        let zones = FileTimeZones(document: document, calendar: calendar)
        return overrides.first { override in
            guard let id = override.properties("RECURRENCE-ID", in: document).first.flatMap(ICalendarTime.init) else { return false }
            if case .day(let day) = id { return Int64(day.daysSinceEpoch) * 86_400_000_000 == micro }
            guard let instant = VTodo.instant(of: id, zones: zones, localZone: localZone) else { return false }
            return Int64((instant.timeIntervalSince1970 * 1_000_000).rounded()) == micro
        }
    }
}
