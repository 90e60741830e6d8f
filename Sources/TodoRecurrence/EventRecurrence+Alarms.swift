import FoundationEssentials
import TodoCore

/// The instants an event's alarms fire at, read as for tasks:
/// each VALARM relative to an occurrence's start or end, with its
/// repetitions; absolute alarms and RFC 9074 snooze alarms once;
/// Thunderbird's snoozes (`X-MOZ-SNOOZE-TIME`, and per occurrence
/// `X-MOZ-SNOOZE-TIME-<µs>`). An instant at or before the event's
/// `X-MOZ-LASTACK`, or its alarm's `ACKNOWLEDGED`, was handled on some
/// device and is left out; so are cancelled occurrences and those the user
/// declined.
extension EventRecurrence {
    /// What decides which alarms fire, besides the file.
    public struct AlarmSettings: Hashable, Sendable {
        /// `event-default-alarm`: seconds from the start of an occurrence
        /// whose VEVENT has no alarm; nil for none.
        public var defaultAlarm: Int?
        /// `my-addresses`, as `EventDetails.address` keys them: an
        /// occurrence one of them declined never fires.
        public var addresses: Set<String>

        public init(defaultAlarm: Int? = nil, addresses: Set<String> = []) {
            self.defaultAlarm = defaultAlarm
            self.addresses = addresses
        }
    }

    /// The alarm instants in `from..<to`, earliest first, each once.
    public func alarms(from: Date, before to: Date, settings: AlarmSettings) -> [EventAlarmInstant] {
        guard from < to else { return [] }
        var found: [EventAlarmInstant] = []
        var seen = Set<String>()
        func add(_ instant: EventAlarmInstant) {
            guard instant.at >= from, instant.at < to, seen.insert("\(instant.kind.rawValue) \(instant.identity)").inserted else { return }
            found.append(instant)
        }
        func fires(_ occurrence: EventOccurrence) -> Bool {
            !occurrence.details.isCancelled && !occurrence.details.isDeclined(by: settings.addresses)
        }
        // Relative alarms: the occurrences whose alarms can fall in the window.
        let offsets = relativeOffsets(settings: settings)
        if let earliest = offsets.min(), let latest = offsets.max() {
            let slack: TimeInterval = 86_400
            for occurrence in occurrences(startingFrom: from.addingTimeInterval(-TimeInterval(latest) - slack),
                                          before: to.addingTimeInterval(-TimeInterval(earliest) + slack)) where fires(occurrence) {
                for alarm in alarms(of: occurrence.details, settings: settings) {
                    // Known to the ledger by its offset from the start (an
                    // END alarm's counted by the occurrence's own length).
                    let anchor: Date
                    let days: Int
                    let seconds: Int
                    switch alarm.trigger {
                    case .start(let d, let s): (anchor, days, seconds) = (occurrence.start, d, s)
                    case .end(let d, let s): (anchor, days, seconds) = (occurrence.end, d, s)
                    case .absolute: continue
                    }
                    guard alarm.snoozes == nil, let offset = alarm.offsetSeconds else { continue }
                    let base = offset + Int(anchor.timeIntervalSince(occurrence.start).rounded())
                    for repetition in 0...max(0, alarm.repeatCount) {
                        let step = repetition * alarm.repeatInterval
                        let at = alarmInstant(from: anchor, days: days, seconds: seconds + step, allDay: occurrence.isAllDay)
                        guard !isHandled(at, by: alarm) else { continue }
                        add(EventAlarmInstant(kind: .alarm, identity: .alarm(seconds: base + step, of: occurrence.id),
                                              at: at, alarmID: alarm.id, occurrence: occurrence))
                    }
                }
            }
        }
        // Absolute alarms and RFC 9074 snoozes: once each.
        for (details, override) in [(series.details, nil)] + series.overrides.map({ ($0.details, Optional($0)) }) {
            for alarm in details.alarms {
                guard case .absolute(let at) = alarm.trigger, at >= from, at < to else { continue }
                let isSnooze = alarm.snoozes != nil
                // A snooze alarm that was acknowledged was dismissed; one
                // before X-MOZ-LASTACK was handled in Thunderbird, which
                // reads it as any absolute alarm.
                if isHandled(at, by: alarm) || (isSnooze && alarm.acknowledgedAt != nil) { continue }
                guard let occurrence = override.flatMap(overrideOccurrence) ?? occurrence(near: at), fires(occurrence) else { continue }
                add(EventAlarmInstant(kind: isSnooze ? .snoozed : .alarm, identity: .at(at), at: at,
                                      alarmID: alarm.id, occurrence: occurrence))
            }
        }
        // Thunderbird's snoozes.
        let acknowledged = series.acknowledgedAt ?? .distantPast
        if let until = series.snoozedUntil, (from..<to).contains(until), until > acknowledged,
           let occurrence = occurrence(near: until), fires(occurrence) {
            add(EventAlarmInstant(kind: .snoozed, identity: .at(until), at: until, alarmID: nil, occurrence: occurrence))
        }
        for (micro, until) in series.occurrenceSnoozes where until >= from && until < to && until > acknowledged {
            guard let occurrence = occurrence(recurrenceMicroseconds: micro), fires(occurrence) else { continue }
            add(EventAlarmInstant(kind: .snoozed, identity: .at(until), at: until, alarmID: nil, occurrence: occurrence))
        }
        return found.sorted { ($0.at, $0.identity.description) < ($1.at, $1.identity.description) }
    }

    /// The alarms an occurrence with `details` has: its own, else
    /// `event-default-alarm`.
    private func alarms(of details: EventDetails, settings: AlarmSettings) -> [EventAlarm] {
        if details.alarms.isEmpty, let seconds = settings.defaultAlarm { return [.standard(seconds: seconds)] }
        return details.alarms
    }

    /// Whether an instance of `alarm` at `at` was handled on some device.
    private func isHandled(_ at: Date, by alarm: EventAlarm) -> Bool {
        if let acknowledged = series.acknowledgedAt, at <= acknowledged { return true }
        if let acknowledged = alarm.acknowledgedAt, at <= acknowledged { return true }
        return false
    }

    /// Every offset from an occurrence's start at which a relative alarm of
    /// the series can fire (an END alarm counted with the longest length).
    private func relativeOffsets(settings: AlarmSettings) -> [Int] {
        let all = [(series.details, series.length)] + series.overrides.map { ($0.details, $0.length) }
        return all.flatMap { details, length -> [Int] in
            let lengthSeconds = switch length {
            case .wall(let seconds), .exact(let seconds): seconds
            }
            return alarms(of: details, settings: settings).flatMap { alarm -> [Int] in
                guard let offset = alarm.offsetSeconds else { return [] }
                let base = if case .end = alarm.trigger { lengthSeconds + offset } else { offset }
                return [base, base + max(0, alarm.repeatCount) * alarm.repeatInterval]
            }
        }
    }

    /// The occurrence an absolute alarm or a snooze at `at` is about: the
    /// first that has not ended by then, else the last before it.
    private func occurrence(near at: Date) -> EventOccurrence? {
        if let coming = occurrences(overlapping: at, at.addingTimeInterval(Self.nearbySearch)).first { return coming }
        return occurrences(startingFrom: at.addingTimeInterval(-Self.nearbySearch), before: at).last
    }

    /// How far from an absolute alarm its occurrence is looked for: a year.
    private static let nearbySearch: TimeInterval = 366 * 86_400

    /// The occurrence an override stands for.
    private func overrideOccurrence(_ override: EventSeries.Override) -> EventOccurrence? {
        let start = instant(of: override.start)
        return occurrences(startingFrom: start, before: start.addingTimeInterval(1))
            .first { $0.details == override.details }
    }

    /// The occurrence whose recurrence id is `micro` µs since 1970
    /// (`EventOccurrence.recurrenceMicroseconds`), moved or not.
    private func occurrence(recurrenceMicroseconds micro: Int64) -> EventOccurrence? {
        let instant = Date(timeIntervalSince1970: TimeInterval(micro) / 1_000_000)
        let around = occurrences(startingFrom: instant.addingTimeInterval(-2 * 86_400), before: instant.addingTimeInterval(2 * 86_400))
        if let found = around.first(where: { $0.recurrenceMicroseconds == micro }) { return found }
        for override in series.overrides {
            guard let occurrence = overrideOccurrence(override), occurrence.recurrenceMicroseconds == micro else { continue }
            return occurrence
        }
        return nil
    }
}
