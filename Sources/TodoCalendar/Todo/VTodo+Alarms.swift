import FoundationEssentials

/// Writing what a user did with an alarm in the forms other clients read
/// (docs/ARCHITECTURE.md §7.4): RFC 9074 `ACKNOWLEDGED` on the alarm (Evolution) and
/// RFC 9074 snooze alarms. Thunderbird's and tasks.org's forms
/// (`X-MOZ-LASTACK`, `X-MOZ-SNOOZE-TIME` on the VTODO) are fields of
/// `VTodoProperties`, written by `updated(to:at:)`; a dismiss or a snooze
/// writes both kinds, one call after the other on the bytes each returns.
///
/// Both are meant for user actions only: firing alone writes nothing, so
/// that fifty reminders leave a folder's files as they were. Every line but
/// the changed VALARMs, `LAST-MODIFIED` and `DTSTAMP` keeps its bytes.
/// `SEQUENCE` stays: RFC 5545 §3.8.7.4 counts revisions that matter to
/// scheduling, which handling a reminder is not.
extension VTodo {
    /// The file's bytes with `ACKNOWLEDGED:<now, UTC>` on each VALARM of the
    /// master VTODO that one of `keys` names (another client's or one of
    /// todo-remind's own), or nil when there is nothing to write: no such
    /// alarm, or each acknowledged at `now` or later already (an
    /// acknowledgement never moves back). See `AlarmWriting.acknowledging`.
    public func acknowledging(_ keys: Set<VAlarmID>, at now: Date) -> [UInt8]? {
        AlarmWriting.acknowledging(keys, in: Array(document.lines[todo.begin...todo.end]), at: now).map { finished($0, at: now) }
    }

    /// The file's bytes with the alarm `key` names snoozed until `instant`
    /// the RFC 9074 §7 way, or nil when the master VTODO has no such alarm
    /// (`AlarmWriting.snoozing`); the snooze alarm's DESCRIPTION is the
    /// snoozed alarm's, else the task's title.
    public func snoozing(_ key: VAlarmID, until instant: Date, at now: Date, newUID: () -> String = { UUID().uuidString }) -> [UInt8]? {
        AlarmWriting.snoozing(
            key, in: Array(document.lines[todo.begin...todo.end]), until: instant, at: now, title: properties.title, newUID: newUID
        ).map { finished($0, at: now) }
    }

    /// The file's bytes without the RFC 9074 snooze alarms of the master
    /// VTODO (`RELATED-TO;RELTYPE=SNOOZE`), whoever wrote them, or nil when
    /// it has none: the snooze ended here (the task was done, its due moved,
    /// its reminder switched off), so no device should bring it back. A
    /// client that snoozes removes the earlier snooze alarms the same way.
    public func droppingSnoozeAlarms(at now: Date) -> [UInt8]? {
        AlarmWriting.droppingSnoozeAlarms(in: Array(document.lines[todo.begin...todo.end])).map { finished($0, at: now) }
    }

    /// The file's bytes with the VTODO's lines replaced by `lines`, and its
    /// LAST-MODIFIED and DTSTAMP set to `now`.
    private func finished(_ lines: [ContentLine], at now: Date) -> [UInt8] {
        var all = document.lines
        all.replaceSubrange(todo.begin...todo.end, with: AlarmWriting.stamped(lines, at: now))
        return ICalendarDocument(lines: all).bytes
    }
}
