import FoundationEssentials
import TodoCalendar
import TodoCore
import TodoRecurrence
import TodoStore

/// Keeps the store's index of the events' coming alarm instants
/// (`event_alarm`): what the daemon plans from and `next` lists, so that
/// neither expands a series on every plan.
///
/// The index covers a window: from `lookback` before now (the plan's
/// longest look back at missed alarms) to `horizon` after it. A file read
/// in is indexed over the window at once; as time goes on the window is
/// carried forward (`refresh`), each series expanded only over the days
/// added, and the rows behind it dropped: the store holds no past instance
/// beyond the look back, however old a series. The floating and all-day
/// instants depend on the machine's zone, and which alarms fire on the
/// settings: when either changes, the index is made anew.
public struct EventIndex: Sendable {
    public let lists: ConfiguredLists
    public let zone: Zone

    /// How far back the index reaches: the plan's longest look back at
    /// alarms missed while the daemon was off (31 days past the catch-up
    /// window), with a day to spare.
    public static let lookback: FoundationEssentials.TimeInterval = 33 * 86_400
    /// How far ahead it reaches once made or carried forward.
    public static let horizon: FoundationEssentials.TimeInterval = 62 * 86_400
    /// How close to its end the index may come before it is carried forward.
    public static let renewal: FoundationEssentials.TimeInterval = EventIndexWindow.renewal

    public init(lists: ConfiguredLists, zone: Zone) {
        self.lists = lists
        self.zone = zone
    }

    /// What the instants were worked out with: the zone and each list's
    /// event settings. A different basis is a different index.
    public var basis: String {
        let settings = lists.lists.map { list in
            "\(list.path)=\(list.events ? 1 : 0),\(list.eventDefaultAlarm.map(String.init) ?? "-")"
        }
        return ([zone.identifier, lists.addresses.sorted().joined(separator: ",")] + settings).joined(separator: "|")
    }

    /// Indexes one event as the store now holds it (no instant when it
    /// holds no series), over the window the index covers; nothing before
    /// the first index (`refresh` makes it whole).
    public func update(eventID: Int64, in events: EventFiles) throws {
        guard let state = try events.indexState(), state.zone == basis else { return }
        let instants = try events.series(id: eventID).map { folder, series, acknowledgedHere in
            try alarms(eventID: eventID, folder: folder, series: series, acknowledgedHere: acknowledgedHere,
                       from: state.from, before: state.through, events)
        } ?? []
        try events.replaceAlarms(of: eventID, from: state.from, with: instants)
    }

    /// Makes the index whole for `now`: anew when none is there or its basis
    /// changed, else carried forward when its end is near.
    ///
    /// - Returns: whether the index changed.
    @discardableResult
    public func refresh(in events: EventFiles, now: Date) throws -> Bool {
        let from = now.addingTimeInterval(-Self.lookback)
        let through = now.addingTimeInterval(Self.horizon)
        guard let state = try events.indexState(), state.zone == basis else {
            try events.dropAllAlarms()
            try index(events, from: from, before: through)
            try events.setIndexState(zone: basis, from: from, through: through)
            return true
        }
        guard state.through.timeIntervalSince(now) < Self.renewal else { return false }
        try index(events, from: state.through, before: through)
        try events.dropAlarms(before: from)
        try events.setIndexState(zone: basis, from: max(state.from, from), through: through)
        return true
    }

    /// Adds every followed event's instants in `from..<to`.
    private func index(_ events: EventFiles, from: Date, before to: Date) throws {
        for (id, folder, series, acknowledgedHere) in try events.allSeries() {
            try events.addAlarms(of: id, alarms(
                eventID: id, folder: folder, series: series, acknowledgedHere: acknowledgedHere, from: from, before: to, events
            ))
        }
    }

    /// The instants of one event in `from..<to` that fire: its folder's
    /// events on, its rule and zones followed, not handled here.
    private func alarms(
        eventID: Int64, folder: String, series: EventSeries, acknowledgedHere: Date?, from: Date, before to: Date,
        _ events: EventFiles
    ) throws -> [EventAlarmInstant] {
        guard let list = lists.list(atPath: folder), list.events else { return [] }
        var series = series
        if let acknowledgedHere { series.acknowledgedAt = max(series.acknowledgedAt ?? acknowledgedHere, acknowledgedHere) }
        guard let recurrence = try? EventRecurrence(series: series, localZone: zone) else { return [] }
        let settings = EventRecurrence.AlarmSettings(defaultAlarm: list.eventDefaultAlarm, addresses: lists.addresses)
        var instants = recurrence.alarms(from: from, before: to, settings: settings)
        // Snoozes made here, of a file that may not be written.
        // A snooze ends with a later dismissal, here or elsewhere.
        let acknowledged = series.acknowledgedAt ?? .distantPast
        for (until, occurrenceText) in try events.localSnoozes(of: eventID) where until >= from && until < to && until > acknowledged {
            guard let occurrence = recurrence.occurrences(overlapping: until.addingTimeInterval(-Self.lookback), until.addingTimeInterval(Self.horizon))
                .first(where: { $0.id.description == occurrenceText }) else { continue }
            instants.append(EventAlarmInstant(kind: .snoozed, identity: .at(until), at: until, alarmID: nil, occurrence: occurrence))
        }
        return instants
    }

    /// How far ahead `comingAlarms` looks for alarms at most: a bound for
    /// series without end whose alarms never fire (all declined), which
    /// would otherwise be expanded for ever.
    public static let farthest: TimeInterval = 100 * 366 * 86_400

    /// The first `limit` alarm instants of the events after `start`,
    /// earliest first, however far ahead they are (up to `farthest`): from
    /// the index as far as it reaches when it is this basis's, and past its
    /// end (or without one: a command run in another zone than the index
    /// was made in, which it may not write) expanded from the events
    /// themselves, in windows that double, until `limit` are found.
    ///
    /// - Parameter cutoff: an instant after which no alarm is wanted (the
    ///   caller has `limit` reminders by then already): the expansion stops
    ///   there.
    public func comingAlarms(in store: TaskStore, after start: Date, limit: Int, through cutoff: Date? = nil) throws
        -> [ReminderOf<EventInstance>] {
        guard limit > 0, !lists.lists.isEmpty else { return [] }
        var found: [ReminderOf<EventInstance>] = []
        var from = start.addingTimeInterval(0.001)
        if let coverage = try store.eventIndexCoverage(), coverage.basis == basis, coverage.through > start {
            found = try store.eventReminders(after: start, limit: limit)
            if found.count == limit { return found }
            from = coverage.through
        }
        let reach = min(start.addingTimeInterval(Self.farthest), cutoff.map { $0.addingTimeInterval(0.001) } ?? .distantFuture)
        guard from < reach else { return found }
        // Each series read once; an alarm can come up to `lookback` before its event.
        var candidates: [(id: Int64, folder: String, changedAt: Date?, recurrence: EventRecurrence, lastEnd: Date?,
                          settings: EventRecurrence.AlarmSettings)] = []
        for (id, folder, series) in try store.events(overlapping: from, reach.addingTimeInterval(Self.lookback)) {
            guard let list = lists.list(atPath: folder), list.events,
                  let recurrence = try? EventRecurrence(series: series, localZone: zone) else { continue }
            let settings = EventRecurrence.AlarmSettings(defaultAlarm: list.eventDefaultAlarm, addresses: lists.addresses)
            candidates.append((id, folder, series.changedAt, recurrence, recurrence.span.lastEnd, settings))
        }
        var window = Self.horizon
        while found.count < limit, from < reach, !candidates.isEmpty {
            let end = min(from.addingTimeInterval(window), reach)
            for candidate in candidates {
                found += candidate.recurrence.alarms(from: from, before: end, settings: candidate.settings).map {
                    $0.reminder(ofEvent: candidate.id, folder: candidate.folder, changedAt: candidate.changedAt)
                }
            }
            // A series that has ended has no alarm left after this window.
            candidates.removeAll { candidate in candidate.lastEnd.map { $0.addingTimeInterval(Self.lookback) < end } ?? false }
            from = end
            window *= 2
        }
        return Array(found.sorted { TimeRules.precedes($0.reminder, $1.reminder) }.prefix(limit))
    }
}
