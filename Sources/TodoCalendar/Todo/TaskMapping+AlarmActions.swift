import FoundationEssentials
import TodoCore

/// What a user did here with a task's reminders, written into its VALARMs
/// in RFC 9074's forms, beside the VTODO's Thunderbird forms
/// (`X-MOZ-LASTACK`, `X-MOZ-SNOOZE-TIME`) that `properties(of:over:)` writes:
/// Evolution reads the alarms, not the VTODO's properties.
extension TaskMapping {
    /// `bytes` (the file as written so far) with the acknowledgement and the
    /// snooze that `task` has and the file read as `original` lacked, or nil
    /// when they need no alarm written:
    ///
    /// - handled here (dismissed, done, snoozed): `ACKNOWLEDGED` on each of
    ///   todo-remind's own VALARMs, and on each snooze alarm that has fired
    ///   by then (with the alarm it snoozed, RFC 9074 §7);
    /// - snoozed here: a snooze alarm (`RELATED-TO;RELTYPE=SNOOZE`) for the
    ///   alarm that fired last, replacing earlier snoozes of it; none when no
    ///   alarm of the file has fired yet (there is nothing to name);
    /// - the snooze ended here (done, due moved, reminder off): every snooze
    ///   alarm goes, so that no device brings the snooze back.
    ///
    /// Firing alone writes nothing: only these user actions change the alarms.
    public func writingAlarmActions(of task: TodoTask, read original: VTodoProperties, into bytes: [UInt8], path: String) -> [UInt8]? {
        var reading = task
        apply(original, to: &reading)
        var result = bytes
        var changed = false
        func edit(_ change: (VTodo) -> [UInt8]?) {
            guard case .todo(let item)? = try? FolderItem.read(result, file: path, localZone: zone),
                  let edited = change(item) else { return }
            result = edited
            changed = true
        }
        if let acknowledged = task.acknowledgedAt, acknowledged != reading.acknowledgedAt {
            edit { item in
                let own = item.properties.ownAlarms.map { VAlarmID.own($0.kind) }
                let firedSnoozes = item.properties.alarms.filter { alarm in
                    guard alarm.snoozes != nil, case .absolute(let instant) = alarm.trigger else { return false }
                    return instant <= acknowledged
                }
                return item.acknowledging(Set(own + firedSnoozes.map(\.key)), at: acknowledged)
            }
        }
        if task.snoozedUntil != reading.snoozedUntil {
            let actedAt = task.acknowledgedAt ?? now
            if let until = task.snoozedUntil {
                edit { item in
                    lastFired(in: item.properties, of: task, atOrBefore: actedAt)
                        .flatMap { item.snoozing($0, until: until, at: actedAt) }
                }
            } else {
                edit { $0.droppingSnoozeAlarms(at: now) }
            }
        }
        return changed ? result : nil
    }

    /// The alarm of the file (todo-remind's own or another client's; not a
    /// snooze) whose instant for the task's open occurrence came last at or
    /// before `instant`: the one a snooze at `instant` puts off.
    private func lastFired(in properties: VTodoProperties, of task: TodoTask, atOrBefore instant: Date) -> VAlarmID? {
        let own = properties.ownAlarms.compactMap { alarm in Self.alarm(alarm).map { (VAlarmID.own(alarm.kind), $0) } }
        let theirs = properties.alarms.filter { $0.snoozes == nil }.compactMap { alarm in
            Self.alarms(alarm).first.map { (alarm.key, $0) }
        }
        return (own + theirs)
            .compactMap { key, alarm in timeRules.instant(of: alarm, for: task).map { (key, $0) } }
            .filter { $0.1 <= instant }
            .max { $0.1 < $1.1 }?.0
    }
}
