import FoundationEssentials
import TodoCalendar
import TodoCore
import TodoRecurrence
import TodoStore

/// One file of a list as a read-in and `sync --check` both read it: its
/// task, and what must be reported of it, so that the two skip and say the
/// same things.
struct ItemReading {
    let bytes: [UInt8]
    let stamp: ItemStamp
    let item: VTodo
    /// Why its rule gives it no repeat (`TaskMapping.unfollowedRule`), if so.
    let unfollowedRule: String?

    /// What a file of a list holds, as read.
    enum Content {
        /// A task.
        case todo(ItemReading)
        /// A calendar event.
        case event(EventReading)
        /// Neither (a journal): another program's item.
        case other(ItemStamp)
    }

    /// Reads the file `name` of `list`.
    ///
    /// - Returns: the reading, nil for a file that holds no task (an event,
    ///   a journal: other programs' business), cannot be read, or is gone;
    ///   and what to report of it: why it cannot be read (not for a file
    ///   gone between listing and reading, which the next scan sees
    ///   removed), or else its alarms that are not used and its rule that
    ///   is not followed, both left in the file.
    static func read(_ name: String, in list: FolderList, mapping: TaskMapping) -> (ItemReading?, [SyncReport.Skipped]) {
        let (content, skipped) = readContent(name, in: list, mapping: mapping)
        guard case .todo(let reading)? = content else { return (nil, skipped) }
        return (reading, skipped)
    }

    /// Reads the file `name` of `list`, whatever it holds: as `read`, with
    /// an event's (or another item's) content too, and for an event what
    /// keeps it or its alarms from being followed.
    static func readContent(_ name: String, in list: FolderList, mapping: TaskMapping) -> (Content?, [SyncReport.Skipped]) {
        let path = list.folder.file(name)
        let bytes: [UInt8]
        let stamp: ItemStamp
        let item: VTodo
        do {
            (bytes, stamp) = try list.folder.read(name)
            switch try FolderItem.read(bytes, file: path, localZone: mapping.zone) {
            case .todo(let todo):
                item = todo
            case .event(let event):
                let reading = EventReading(event, stamp: stamp, path: path, zone: mapping.zone)
                let skipped = event.skippedAlarms.map { SyncReport.Skipped(path: path, reason: $0.message(file: path)) }
                    + [reading.problem].compactMap { $0.map { SyncReport.Skipped(path: path, reason: $0) } }
                return (.event(reading), skipped)
            case .notOurs:
                return (.other(stamp), [])
            }
        } catch let error as CalendarFileError {
            return (nil, [.init(path: path, reason: error.readableDescription)])
        } catch let error as VdirFolderError where !error.isGone {
            // Not a regular file (a FIFO, a folder named x.ics), or unreadable.
            return (nil, [.init(path: path, reason: error.readableDescription)])
        } catch {
            return (nil, [])
        }
        let unfollowed = mapping.unfollowedRule(item.properties, file: path)
        let skipped = item.skippedAlarms.map { SyncReport.Skipped(path: path, reason: $0.message(file: path)) }
            + [unfollowed].compactMap { $0.map { SyncReport.Skipped(path: path, reason: $0) } }
        return (.todo(ItemReading(bytes: bytes, stamp: stamp, item: item, unfollowedRule: unfollowed)), skipped)
    }

    /// The name of the file of `list` that holds `uid` already, when that is
    /// another file, still there: a UID is one task, so the file `name` is
    /// left alone. Nil when no other file holds it, or when the one the
    /// store knows is gone: the file was renamed (or moved here from
    /// another list), and holds the same task.
    static func otherFile(holding uid: String, than name: String, in list: FolderList, _ files: TaskFiles) throws -> String? {
        guard let owner = try files.file(uid: uid), owner.folder == list.path, let ownerName = owner.name, ownerName != name,
              (try? list.folder.stamp(of: ownerName)) != nil else { return nil }
        return ownerName
    }

    /// Why the event file `name` of `list` is not followed when another
    /// file of the list, still there, holds its UID and is: a UID is one
    /// event, and the file read first keeps it (the one the store knew; of
    /// two new ones, the name that sorts first). Nil when none does.
    static func sharedEventUID(of reading: EventReading, name: String, in list: FolderList, _ files: TaskFiles) throws -> SyncReport.Skipped? {
        let uid = reading.event.uid
        guard let other = try files.events.followedFile(uid: uid, in: list.path, besides: name),
              (try? list.folder.stamp(of: other)) != nil else { return nil }
        let path = list.folder.file(name)
        return SyncReport.Skipped(path: path, reason: "“\(path)” holds the event UID \(uid) of “\(list.folder.file(other))”: a UID is one event, so only that file's alarms fire.")
    }

    /// The rules not followed in the files of `list` named in `unchanged`,
    /// read in before (by another command, say) and not read again: what
    /// the store kept of them, said again so that each reader reports them.
    static func unfollowedRules(in list: FolderList, unchanged: Set<String>, _ files: TaskFiles) throws -> [SyncReport.Skipped] {
        try files.unfollowedRules(in: list.path).sorted { $0.key < $1.key }.filter { unchanged.contains($0.key) }
            .map { SyncReport.Skipped(path: list.folder.file($0.key), reason: $0.value) }
    }
}

/// A calendar event's file as a read-in and `sync --check` both read it:
/// the event, whether its occurrences can be followed, and when they begin
/// and end.
struct EventReading {
    let event: VEvent
    let stamp: ItemStamp
    /// The event's series when it can be followed; nil otherwise.
    let series: EventSeries?
    /// Why it cannot be, as a sentence naming the file.
    let problem: String?
    let span: (firstStart: Date, lastEnd: Date?)?

    init(_ event: VEvent, stamp: ItemStamp, path: String, zone: Zone) {
        self.event = event
        self.stamp = stamp
        guard let series = event.series else {
            (self.series, problem, span) = (nil, event.problem, nil)
            return
        }
        do throws(EventRecurrenceError) {
            span = try EventRecurrence(series: series, localZone: zone).span
            self.series = series
            problem = nil
        } catch {
            (self.series, span) = (nil, nil)
            problem = "“\(path)” has an event whose \(error.readableDescription), so its alarms do not fire."
        }
    }
}
