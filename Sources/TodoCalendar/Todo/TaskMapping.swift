import FoundationEssentials
import TodoCore
import TodoRecurrence

/// How a task and a VTODO's fields map onto each other (docs/ARCHITECTURE.md §7.3).
///
/// The two directions are built so that reading a file and writing the task
/// back changes nothing: `properties(of:over:)` starts from the file's own
/// properties and replaces only the fields whose reading (`apply`) the task
/// no longer matches. A PRIORITY of 2, a second category, a TZID spelled
/// Evolution's way or an RRULE todo-remind cannot expand stay as they are
/// until the user changes that field.
public struct TaskMapping: Sendable {
    /// Its zone: floating date-times are read in it, new timed dues are
    /// written in it unless their series is anchored elsewhere. Its rules:
    /// where the reminders written as todo-remind's own VALARMs fall.
    public let timeRules: TimeRules
    /// A completed VTODO without a COMPLETED time counts as done now.
    public let now: Date
    /// The lists (by folder path) whose tasks without any alarm get no
    /// default reminders (`defaults = false` in their `[[calendar]]`).
    public var listsWithoutDefaults: Set<String> = []

    public init(timeRules: TimeRules, now: Date, listsWithoutDefaults: Set<String> = []) {
        self.timeRules = timeRules
        self.now = now
        self.listsWithoutDefaults = listsWithoutDefaults
    }

    public var zone: Zone { timeRules.clock.timeZone }

    /// The title of a VTODO without a SUMMARY.
    public static let untitled = "Untitled"

    /// `task` with the fields `properties` say, keeping everything else
    /// (id, creation, snooze, the reminder switch, a series' history).
    ///
    /// - Parameter links: how the parent's UID names a task of the store; a
    ///   UID no task has gives no parent (a missing one, or one whose file
    ///   comes in later, `FolderSync` links it then).
    public func apply(_ properties: VTodoProperties, to task: inout TodoTask, links: ParentLinks = .unlinked) {
        task.title = (try? TaskFields.title(properties.title ?? "")) ?? Self.untitled
        task.notes = (try? TaskFields.notes(properties.notes)) ?? nil
        task.tags = TaskTags.lenient(properties.categories)
        task.priority = properties.priority
        task.due = properties.due
        task.start = Self.start(of: properties)
        task.parentID = properties.parentUID.flatMap(links.id)
        // COMPLETED holds whole seconds: a task done here keeps its
        // fraction, or every merge would count it as completed anew here.
        task.completedAt = properties.isDone ? (Self.keepingFraction(task.completedAt, read: properties.completedAt) ?? task.completedAt ?? now) : nil
        task.repeating = repeating(properties, keeping: task.repeating)
        task.reminderOn = !properties.remindersOff
        let foreign = properties.alarms.filter { $0.snoozes == nil }
        task.alarms = properties.ownAlarms.filter { $0.kind == OwnAlarm.setKind }.compactMap(Self.alarm)
            + foreign.flatMap(Self.alarms)
        // A task whose file has no alarm at all gets the defaults (unless its
        // list says no); one with another client's alarms has those; one
        // written by todo-remind says which.
        let ownDefaults = properties.ownAlarms.contains { $0.kind != OwnAlarm.setKind }
        let listDefaults = task.list.map { !listsWithoutDefaults.contains($0) } ?? true
        task.remindDefaults = !properties.defaultsOff && (ownDefaults || (foreign.isEmpty && properties.ownAlarms.isEmpty && listDefaults)
            || (!properties.ownAlarms.isEmpty && foreign.isEmpty))
        // Handled on any device: Thunderbird's X-MOZ-LASTACK, or RFC 9074's
        // ACKNOWLEDGED on any alarm (Evolution), the latest of them.
        let acknowledged = ([properties.acknowledgedAt] + properties.alarms.map(\.acknowledgedAt)
            + properties.ownAlarmsAcknowledged.values.map(Optional.some)).compactMap { $0 }.max()
        task.acknowledgedAt = Self.keepingFraction(task.acknowledgedAt, read: acknowledged)
        // A snooze: Thunderbird's (the task's, or its open occurrence's), or
        // an RFC 9074 snooze alarm not yet handled; the latest.
        let occurrence = task.due.flatMap { properties.occurrenceSnoozes[$0] }
        let snoozeAlarms = properties.alarms.filter { $0.snoozes != nil && $0.acknowledgedAt == nil }.compactMap { alarm -> Date? in
            if case .absolute(let instant) = alarm.trigger { return instant }
            return nil
        }
        let snooze = properties.snoozedUntil ?? ([occurrence].compactMap { $0 } + snoozeAlarms).max()
        task.snoozedUntil = Self.keepingFraction(task.snoozedUntil, read: snooze)
    }

    /// The task alarms another client's VALARM stands for: its first
    /// instance and each repetition (RFC 5545 `REPEAT`/`DURATION`).
    public static func alarms(_ alarm: VAlarm) -> [TaskAlarm] {
        let repeats = alarm.repetition.map { repetition in (1...max(repetition.count, 1)).map { $0 * repetition.interval } } ?? []
        // Offsets past a century (`TaskAlarm.offsets`) are no reminder anyone set.
        func offsets(_ seconds: Int) -> [Int] {
            ([0] + repeats).compactMap { again -> Int? in
                let (sum, overflow) = seconds.addingReportingOverflow(again)
                return overflow || !TaskAlarm.offsets.contains(sum) ? nil : sum
            }
        }
        switch alarm.trigger {
        case .relativeToDue(let seconds):
            return offsets(seconds).map { .relative(seconds: $0) }
        case .relativeToStart(let seconds):
            return offsets(seconds).map { .relativeToStart(seconds: $0) }
        case .absolute(let instant):
            return ([0] + repeats).map { .absolute(instant.addingTimeInterval(TimeInterval($0))) }
        }
    }

    /// The instant a file says (whole seconds), or the task's own when it is
    /// that second: a snooze set here keeps its fraction, and with it its
    /// reminder's identity in the ledger, so it is not fired again.
    public static func keepingFraction(_ current: Date?, read: Date?) -> Date? {
        guard let current, let read, current.timeIntervalSince1970.rounded(.down) == read.timeIntervalSince1970 else { return read }
        return current
    }

    /// A new task from a file's properties, in `list`.
    ///
    /// - Parameter changedAt: when the file says it was last changed
    ///   (`LAST-MODIFIED`, else `CREATED`): its due and alarms count as set
    ///   then, not when the file first reaches the store, so an alarm that
    ///   came between the two (a task made on the phone, synced after its
    ///   alarm) fires as missed within the catch-up window, as Thunderbird
    ///   shows it on start. Never later than now: a clock ahead elsewhere
    ///   must not cost a reminder.
    public func task(from properties: VTodoProperties, list: String, changedAt: Date? = nil, links: ParentLinks = .unlinked) -> TodoTask {
        let setAt = min(changedAt ?? now, now)
        var task = TodoTask(id: 0, title: Self.untitled, createdAt: now, dueSetAt: setAt, list: list)
        apply(properties, to: &task, links: links)
        return task
    }

    /// The task's start a file's DTSTART says: none where it only anchors a
    /// repeating task's rule at its due, as todo-remind writes a series
    /// without a start (RFC 5545 asks a rule for a DTSTART).
    public static func start(of properties: VTodoProperties) -> Due? {
        guard let start = properties.start, properties.rule == nil || start != properties.due else { return nil }
        return start
    }

    /// The DTSTART a file should say for `task`: its start, or for a
    /// repeating task without one its due, where its rule is anchored. A
    /// series' file without a DTSTART (tasks.org, todoman write none) gets
    /// one only when its rule is written (`anchored`).
    private static func fileStart(of task: TodoTask, anchored: Bool) -> Due? {
        task.start ?? (task.repeating != nil && anchored ? task.due : nil)
    }

    /// What the file should say for `task`, starting from what it says (`base`).
    ///
    /// todo-remind's own VALARMs are written for a task made here, kept in
    /// step with its due and reminder switch where they are already, and
    /// added when its reminder is switched on; a file of another client's
    /// gets none for an unrelated change (its bytes stay its own).
    public func properties(of task: TodoTask, over base: VTodoProperties, links: ParentLinks = .unlinked) -> VTodoProperties {
        var reading = task
        apply(base, to: &reading, links: links)
        var properties = base
        if task.title != reading.title { properties.title = task.title }
        if task.notes != reading.notes { properties.notes = task.notes }
        if task.tags != reading.tags { properties.categories = task.tags }
        if task.priority != reading.priority { properties.priority = task.priority }
        if task.due != reading.due {
            properties.due = task.due
            // A timed due is written in its series' zone, so that the rule
            // follows that zone's DST, or else in the machine's.
            properties.dueZone = task.due?.isTimed == true ? (task.repeating?.zone ?? zone.identifier) : nil
            // A series at its start, typed in a DST gap, is written as typed:
            // the reading its rule repeats at, there too.
            properties.dueReading = task.repeating.flatMap { $0.start == task.due ? $0.startWall : nil }
        }
        // A series moved on (done, or its due edited) moves its DTSTART too;
        // one whose rule is written gets one.
        let anchored = base.start != nil || base == VTodoProperties()
            || task.repeating?.rule(countedFrom: task.due) != reading.repeating?.rule(countedFrom: reading.due)
        let start = Self.fileStart(of: task, anchored: anchored)
        if start != Self.fileStart(of: reading, anchored: anchored) {
            properties.start = start
            // A start of its own in the zone the file's was written in (UTC
            // for none), else its series' or the machine's; a series' anchor
            // in its DUE's.
            properties.startZone = start?.isTimed == true && task.start != nil
                ? (base.start?.isTimed == true ? base.startZone : (task.repeating?.zone ?? zone.identifier)) : nil
        }
        if task.parentID != reading.parentID {
            // A parent no file names (a task of the local list, one deleted)
            // leaves the file's RELATED-TO as it is: nothing is lost.
            if let parent = task.parentID {
                if let uid = links.uid(parent) { properties.parentUID = uid }
            } else {
                properties.parentUID = nil
            }
        }
        if task.completedAt != reading.completedAt {
            if let completedAt = task.completedAt { properties.complete(at: completedAt) } else { properties.reopen() }
        }
        // The rule as the file says it from the open occurrence on (COUNT
        // counts from DTSTART there): a series moved on writes what is left.
        let rule = task.repeating?.rule(countedFrom: task.due)
        if rule != reading.repeating?.rule(countedFrom: reading.due) || task.repeating?.from != reading.repeating?.from {
            properties.rule = rule
            properties.repeatsFromCompletion = task.repeating?.from == .completion
        }
        // Handled as far as the task says, or as its due's reminders that
        // passed before the due was set (`TimeRules.handledThrough`).
        let handled = timeRules.handledThrough(task)
        if handled != timeRules.handledThrough(reading) { properties.acknowledgedAt = handled }
        if task.snoozedUntil != reading.snoozedUntil { properties.snoozedUntil = task.snoozedUntil }
        let switched = task.reminderOn != reading.reminderOn
        let reset = task.alarms != reading.alarms || task.remindDefaults != reading.remindDefaults
        if switched { properties.remindersOff = !task.reminderOn }
        if task.remindDefaults != reading.remindDefaults { properties.defaultsOff = !task.remindDefaults }
        if switched || reset || !base.ownAlarms.isEmpty || base == VTodoProperties() {
            // Another client's alarms stay theirs: none is written again as ours.
            let theirs = Set(base.alarms.filter { $0.snoozes == nil }.flatMap(Self.alarms))
            properties.ownAlarms = ownAlarms(of: task, besides: theirs)
        }
        return properties
    }

    /// An alarm set with `--remind`, as its own VALARM wrote it.
    public static func alarm(_ own: OwnAlarm) -> TaskAlarm? {
        if own.isAbsolute {
            guard case .utc(let instant)? = ICalendarTime(ContentLine(name: "TRIGGER", value: own.trigger)) else { return nil }
            return .absolute(instant)
        }
        guard let seconds = ICalendarDuration.seconds(own.trigger), TaskAlarm.offsets.contains(seconds) else { return nil }
        return own.relatedToStart ? .relativeToStart(seconds: seconds) : .relative(seconds: seconds)
    }

    /// The VALARMs that say the task's reminders (09:00 on the due day, at
    /// the due time) to other clients, relative to its DUE: none while its
    /// reminder is off or it has no due.
    public func ownAlarms(of task: TodoTask, besides theirs: Set<TaskAlarm> = []) -> [OwnAlarm] {
        guard task.reminderOn else { return [] }
        let set = task.alarms.filter { !theirs.contains($0) }.map { alarm in
            switch alarm {
            case .relative(let seconds): OwnAlarm(kind: OwnAlarm.setKind, trigger: ICalendarDuration.text(seconds: seconds))
            case .relativeToStart(let seconds):
                OwnAlarm(kind: OwnAlarm.setKind, trigger: ICalendarDuration.text(seconds: seconds), relatedToStart: true)
            case .absolute(let instant): OwnAlarm(kind: OwnAlarm.setKind, trigger: ICalendarTime.utcText(instant), isAbsolute: true)
            }
        }
        guard task.remindDefaults, let due = task.due else { return set }
        let anchor = timeRules.alarmAnchor(of: due)
        return timeRules.dueReminders(ofTask: task.id, due: due).map { reminder in
            let seconds = Int(reminder.at.timeIntervalSince(anchor).rounded())
            return OwnAlarm(kind: reminder.kind == .morning ? "morning" : "due", trigger: ICalendarDuration.text(seconds: seconds))
        } + set
    }

    /// The repeat a file's RRULE gives: the task's own while the rule is the
    /// same text, or says what is left of its COUNT from the file's open
    /// occurrence on (as todo-remind and tasks.org write a series moved on),
    /// so its series start and history stay; none for a rule
    /// `unfollowedRule` reports, which is kept in the file untouched.
    private func repeating(_ properties: VTodoProperties, keeping current: TaskRepeat?) -> TaskRepeat? {
        try? followedRepeat(properties, keeping: current).get()
    }

    /// Why a file's RRULE gives its task no repeat (`TaskRepeat.verbatim`
    /// refuses it, as `add --repeat` would, or the task has no DUE to repeat
    /// from), in one sentence naming the file and the rule; nil when it has
    /// no rule or todo-remind follows it. Such a task is shown as due once,
    /// and the store refuses to mark it done (`CompletionRefusal`): the file
    /// would say COMPLETED beside its RRULE, ending the series everywhere.
    public func unfollowedRule(_ properties: VTodoProperties, file: String) -> String? {
        guard let rule = properties.rule, case .failure(let error) = followedRepeat(properties, keeping: nil) else { return nil }
        let reason = if case .needsDue = error { "it has no DUE to repeat from." } else { error.message }
        return RepeatRuleError.unfollowedMessage(file: file, rule: rule, reason: reason)
    }

    /// Whether todo-remind follows a file's RRULE, decided here only, so that
    /// a task has a repeat exactly when no rule of its file is reported: the
    /// rule read afresh must expand, and the task's own repeat is kept only
    /// while it expands too (one an older version kept, a COUNT past today's
    /// bound, would stay a repeat that `done` cannot move on).
    private func followedRepeat(_ properties: VTodoProperties, keeping current: TaskRepeat?) -> Result<TaskRepeat?, RepeatRuleError> {
        let fresh: TaskRepeat?
        do { fresh = try newRepeat(properties) } catch { return .failure(error) }
        guard let rule = properties.rule, var current, current.rule == rule || current.rule(countedFrom: properties.due) == rule,
              (try? current.recurrence()) != nil
        else { return .success(fresh) }
        current.from = properties.repeatsFromCompletion ? .completion : .due
        return .success(current)
    }

    /// The repeat a file's RRULE gives a task read afresh: the series starts
    /// at its DUE. Throws `RepeatRuleError` (`.needsDue` without a DUE) for
    /// a rule todo-remind cannot follow.
    private func newRepeat(_ properties: VTodoProperties) throws(RepeatRuleError) -> TaskRepeat? {
        guard let rule = properties.rule else { return nil }
        let from: RepeatFrom = properties.repeatsFromCompletion ? .completion : .due
        guard let due = properties.due else { throw .needsDue(rule) }
        let anchor = due.isTimed ? (properties.dueZone.flatMap(ZoneResolver.olsonName) ?? zone.identifier) : nil
        // RFC 5545 expands the rule from DTSTART, and each occurrence is due
        // DUE − DTSTART after its start: the master is the series' first
        // instance, due at its DUE. todo-remind expands dues, so the series
        // starts (and COUNT counts) at the master's DUE. (A rule whose BYDAY
        // or BYMONTHDAY names the start's days, on a task started days
        // before it is due, would need the distance kept beside the rule.)
        return try TaskRepeat.verbatim(rule: rule, from: from, zone: anchor, start: due, startWall: properties.dueReading,
                                       completedCount: 0)
    }
}
