import FoundationEssentials
import TodoCalendar
import TodoCore
import TodoStore

/// What a person does with an event's alarm from its bubble: Dismiss or
/// Snooze, written into the event's file in Thunderbird's and RFC 9074's
/// forms (`VEvent.dismissing`, `VEvent.snoozing`) so every device sees it,
/// then read back in as any change of the file is. Where the file may not
/// be written (`events-write = false`) or cannot be (read-only, gone,
/// changed again meanwhile), the store keeps it for this machine alone.
public struct EventActions: Sendable {
    public let sync: FolderSync

    public init(sync: FolderSync) {
        self.sync = sync
    }

    /// How the action was kept.
    public enum Outcome: Equatable, Sendable {
        /// Written into the event's file.
        case written
        /// Kept in the store for this machine: the folder's files are not
        /// written (`events-write = false`), or the write failed (the reason).
        case keptHere(reason: String?)
        /// The event is no longer known (its file was removed).
        case gone
    }

    /// Dismisses the alarm `reminder` at `now`.
    public func dismiss(_ reminder: ReminderOf<EventInstance>, at now: Date) throws -> Outcome {
        try act(on: reminder, at: now) { event in
            event.dismissing(alarm: reminder.subject.alarmID.flatMap(VAlarmID.init(text:)),
                             occurrence: reminder.subject.occurrence.recurrenceMicroseconds, at: now)
        } keepHere: { events, eventID in
            try events.acknowledgeHere(eventID: eventID, at: now)
        }
    }

    /// Snoozes the alarm `reminder` at `now` until `until`.
    public func snooze(_ reminder: ReminderOf<EventInstance>, until: Date, at now: Date) throws -> Outcome {
        try act(on: reminder, at: now) { event in
            event.snoozing(alarm: reminder.subject.alarmID.flatMap(VAlarmID.init(text:)),
                           occurrence: reminder.subject.occurrence.recurrenceMicroseconds, until: until, at: now)
        } keepHere: { events, eventID in
            try events.acknowledgeHere(eventID: eventID, at: now)
            try events.snoozeHere(eventID: eventID, until: until, occurrence: reminder.subject.occurrence.id)
        }
    }

    private func act(
        on reminder: ReminderOf<EventInstance>, at now: Date, rewrite: (VEvent) -> [UInt8], keepHere: (EventFiles, Int64) throws -> Void
    ) throws -> Outcome {
        guard let eventID = reminder.reminder.owner.eventID, let (file, _) = try sync.store.event(id: eventID) else { return .gone }
        let list = sync.lists.list(atPath: file.folder)
        var reason: String?
        if let list, list.eventsWrite {
            do {
                let (bytes, stamp) = try list.folder.read(file.name)
                guard case .event(let event) = try FolderItem.read(bytes, file: list.folder.file(file.name), localZone: sync.eventIndex.zone) else {
                    return .gone
                }
                _ = try list.folder.write(rewrite(event), to: file.name, ifUnchangedSince: stamp)
                // Read back in at once, so the plan sees the alarm handled.
                _ = try sync.readIn(paths: [list.path])
                return .written
            } catch let error as VdirFolderError {
                reason = error.readableDescription
            } catch let error as CalendarFileError {
                reason = error.readableDescription
            }
        }
        try sync.store.withTaskFiles(now: now) { files in
            try keepHere(files.events, eventID)
            try sync.eventIndex.update(eventID: eventID, in: files.events)
        }
        return .keptHere(reason: reason)
    }
}
