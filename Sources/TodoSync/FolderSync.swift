import FoundationEssentials
import TodoCalendar
import TodoCore
import TodoRecurrence
import TodoStore

/// Keeps the store and the lists' folders in step.
///
/// In: a file added, changed or removed by anyone else is read into the
/// store, merged field by field with any change made here since the base
/// both sides last had. Out: a task changed here is written into its file,
/// starting from the file as it is, or its file deleted. A change of any
/// field a file holds marks the task's file pending, whoever makes it (a
/// command, a bubble's action, an older version): the store's triggers on
/// `task` and `snooze` do, so that the write-out is one query of the pending
/// rows. Files whose etag (mtime and inode) is the one recorded are never
/// read again.
public struct FolderSync: Sendable {
    public let store: TaskStore
    public let lists: ConfiguredLists
    let mapping: TaskMapping
    /// The index of the events' coming alarms, kept as their files are read.
    public let eventIndex: EventIndex

    /// - Parameters:
    ///   - timeRules: its zone is the machine's (floating times are read in
    ///     it, new timed dues written in it); its policy places the reminders
    ///     written as todo-remind's own VALARMs.
    ///   - now: LAST-MODIFIED and DTSTAMP of what is written.
    public init(store: TaskStore, lists: ConfiguredLists, timeRules: TimeRules, now: Date) {
        self.store = store
        self.lists = lists
        mapping = TaskMapping(
            timeRules: timeRules, now: now,
            listsWithoutDefaults: Set(lists.lists.filter { !$0.reminderDefaults }.map(\.path))
        )
        eventIndex = EventIndex(lists: lists, zone: timeRules.clock.timeZone)
    }

    /// Reads in every list's changed files, then writes out the tasks
    /// changed here: what a command does before it answers.
    ///
    /// - Parameter realNow: when given, the folders whose directory is
    ///   unchanged since such a run are not looked into (see
    ///   `FolderSync+Unchanged`); the clock's time, never a `--now`.
    public func run(skippingUnchangedAt realNow: Date? = nil) throws -> SyncReport {
        var report = try readIn(skippingUnchangedAt: realNow)
        let written = try writeOut()
        report.writtenOut = written.writtenOut
        report.skipped += written.skipped
        report.unwritten = written.unwritten
        return report
    }

    /// Reads in the files added, changed or removed in the lists' folders
    /// (all of them, or those at `paths`) since the store last saw them.
    ///
    /// - Parameter realNow: as for `run`.
    public func readIn(paths: Set<String>? = nil, skippingUnchangedAt realNow: Date? = nil) throws -> SyncReport {
        var report = SyncReport()
        for list in lists.lists where paths?.contains(list.path) ?? true {
            let scan = realNow.map { FolderScan(of: list, at: $0) }
            if let scan, try scan.isUnchanged(in: store) { continue }
            try store.withTaskFiles(now: mapping.now) { files in
                // Listed inside the transaction, which holds the store's
                // write lock: another command writes a task's file and
                // records it in one transaction, so every file the store
                // names is in this listing unless someone else removed it
                // (listed before, a file written meanwhile once looked
                // removed, and its task was deleted and read in again
                // under a new id).
                let stamps: [ItemStamp]
                do {
                    stamps = try list.folder.items()
                } catch {
                    report.skipped.append(.init(path: list.path, reason: error.readableDescription))
                    return
                }
                // A write killed midway leaves its temporary file; nobody else removes it.
                list.folder.removeStaleTemporaries()
                try fillIn(files, in: list.path)
                let known = try files.files(in: list.path)
                let knownEvents = try files.events.files(in: list.path)
                var unchanged = Set(stamps.map(\.name))
                for stamp in stamps where known[stamp.name]?.etag != stamp.etag && knownEvents[stamp.name]?.etag != stamp.etag {
                    unchanged.remove(stamp.name)
                    try readFile(stamp.name, in: list, known: known[stamp.name], knownEvent: knownEvents[stamp.name], files, &report)
                }
                // Rules not followed in files read before (by a command,
                // say): said again, so the daemon logs them once too; so
                // are events whose times cannot be followed.
                report.skipped += try ItemReading.unfollowedRules(in: list, unchanged: unchanged, files)
                report.skipped += try files.events.problems(in: list.path).sorted { $0.key < $1.key }
                    .filter { unchanged.contains($0.key) }.map { SyncReport.Skipped(path: list.folder.file($0.key), reason: $0.value) }
                let present = Set(stamps.map(\.name))
                for name in knownEvents.keys where !present.contains(name) {
                    try files.events.forget(folder: list.path, name: name)
                    report.eventsReadIn += 1
                }
                for (name, file) in known where !present.contains(name) {
                    // Renamed: read in above under its new name, the same task.
                    let row = try files.file(taskID: file.taskID)
                    guard row?.folder == list.path, row?.name == name else { continue }
                    // Removed elsewhere (or by vdirsyncer, removed on the server).
                    try files.deleteTask(id: file.taskID)
                    report.readIn += 1
                }
                try scan?.remember(in: files)
            }
        }
        if try store.eventIndexNeedsRefresh(basis: eventIndex.basis, now: mapping.now) {
            try store.withTaskFiles(now: mapping.now) { files in
                if try eventIndex.refresh(in: files.events, now: mapping.now) { report.eventsReadIn += 1 }
            }
        }
        return report
    }

    /// Writes the tasks changed here into their files, creates the files of
    /// new tasks, moves those of tasks moved to another list, and deletes
    /// those of deleted tasks. Only in configured folders: a task of a
    /// folder no longer in the config waits until it is again.
    ///
    /// A file that cannot be written (its folder read-only, full, gone or
    /// replaced by a file) costs only its own task: what its write changed
    /// in the store is undone, it stays pending, and it is reported in
    /// `unwritten`; the other files are written all the same. So does a
    /// file that can no longer be read as a task (one past a bound this
    /// version sets, unchanged since an older one read it): rewritten from
    /// the store alone, it would lose what it holds that the store does not.
    public func writeOut() throws -> SyncReport {
        var report = SyncReport()
        try store.giveNewFilesUIDs { UUID().uuidString }
        try store.withTaskFiles(now: mapping.now) { files in
            try fillIn(files)
            for pending in try files.pending() {
                // As it is now: writing a subtask first gives its parent's
                // file the UID it names (`ParentLinks`).
                let file = try files.file(taskID: pending.taskID) ?? pending
                var outcome = report
                var folder = file.folder
                do {
                    try files.undoingOnFailure { try writeFile(file, files, &outcome, into: &folder) }
                    report = outcome
                } catch let error as VdirFolderError {
                    report.unwritten.append(UnwrittenFile(
                        taskID: file.taskID, task: try files.task(id: file.taskID), folder: folder, error: error
                    ))
                } catch let error as CalendarFileError {
                    report.unwritten.append(UnwrittenFile(
                        taskID: file.taskID, task: try files.task(id: file.taskID), folder: folder, error: error
                    ))
                }
            }
        }
        return report
    }

    // MARK: - In

    private func readFile(
        _ name: String, in list: FolderList, known: TaskFile?, knownEvent: EventFile? = nil, _ files: TaskFiles,
        _ report: inout SyncReport
    ) throws {
        let path = list.folder.file(name)
        // An alarm that cannot be understood is left in the file and said
        // once; so is a rule todo-remind cannot follow, which the store
        // keeps, so that `done` never ends the series the file carries.
        let (content, skipped) = ItemReading.readContent(name, in: list, mapping: mapping)
        report.skipped += skipped
        let reading: ItemReading
        switch content {
        case nil:
            return
        case .todo(let todo)?:
            reading = todo
            if knownEvent != nil { try files.events.forget(folder: list.path, name: name) }
        case .event(let event)?:
            if let shared = try ItemReading.sharedEventUID(of: event, name: name, in: list, files) {
                // Not kept, as a second file of a task's UID is not: read
                // and said again each time, followed once the other goes.
                if let knownEvent { try files.events.forget(folder: list.path, name: knownEvent.name) }
                if let known { try files.deleteTask(id: known.taskID) }
                report.skipped.append(shared)
                return
            }
            try readEvent(event, name: name, in: list, known: known, files, &report)
            return
        case .other(let stamp)?:
            if let known { try files.deleteTask(id: known.taskID) }
            try files.events.save(folder: list.path, name: name, uid: nil, etag: stamp.etag, series: nil, problem: nil, span: nil)
            return
        }
        let (bytes, stamp, item, unfollowed) = (reading.bytes, reading.stamp, reading.item, reading.unfollowedRule)
        var known = known
        if known == nil, let owner = try files.file(uid: item.uid) {
            if let other = try ItemReading.otherFile(holding: item.uid, than: name, in: list, files) {
                report.skipped.append(.init(path: path, reason: "“\(path)” holds the UID \(item.uid) of “\(list.folder.file(other))”: a UID is one task, so it was left alone."))
                return
            }
            // Renamed, or moved here from another list: the same task.
            known = owner
        }
        if let known, let task = try files.task(id: known.taskID), known.uid == nil || known.uid == item.uid {
            try merge(item, bytes: bytes, stamp: stamp, into: task, file: known, list: list, files, &report)
            try files.setUnfollowedRule(unfollowed.flatMap { _ in item.properties.rule }, message: unfollowed ?? "", taskID: task.id)
        } else {
            if let known { try files.deleteTask(id: known.taskID) }
            let file = TaskFile(taskID: 0, folder: list.path, name: name, uid: item.uid, etag: stamp.etag)
            let links = ParentLinks(files)
            let added = try files.add(mapping.task(from: item.properties, list: list.path, changedAt: item.lastModified ?? item.created,
                                                   links: links), file: file)
            try files.setParentUID(item.properties.parentUID, taskID: added.id)
            // Its subtasks' files may have come in first.
            try files.linkSubtasks(namingUID: item.uid, to: added.id)
            try files.setUnfollowedRule(unfollowed.flatMap { _ in item.properties.rule }, message: unfollowed ?? "", taskID: added.id)
            try remember(item.properties, writtenHere: false, taskID: added.id, path: path, files)
            let moved = try skippingCompletedOccurrences(of: added, as: item.properties, files)
            if moved != added {
                var file = file
                file.taskID = added.id
                _ = try files.replace(added, with: moved, file: file)
                // The file still names the occurrence done elsewhere as open:
                // written out moved on, as `done` here would write it.
                try files.markPending(taskID: added.id)
            }
        }
        report.readIn += 1
    }

    /// Keeps an event read from the file `name`: its series (or the problem
    /// that keeps it from being followed) and its coming alarms. A file that
    /// held a task holds it no more: the task goes, as for a file removed.
    private func readEvent(
        _ reading: EventReading, name: String, in list: FolderList, known: TaskFile?, _ files: TaskFiles,
        _ report: inout SyncReport
    ) throws {
        if let known {
            try files.deleteTask(id: known.taskID)
            report.readIn += 1
        }
        let id = try files.events.save(
            folder: list.path, name: name, uid: reading.event.uid, etag: reading.stamp.etag, series: reading.series,
            problem: reading.problem, span: reading.span,
            // As for another client's alarm on a task: set when the file says
            // it was last changed, never later than it was read in.
            changedAt: reading.series.map { min($0.changedAt ?? mapping.now, mapping.now) }
        )
        try eventIndex.update(eventID: id, in: files.events)
        report.eventsReadIn += 1
    }

    /// Merges a file changed elsewhere with the task as it is here, against
    /// the base both last had; writes the file back when the task had
    /// changes of its own the file lacks.
    private func merge(
        _ theirs: VTodo, bytes: [UInt8], stamp: ItemStamp, into task: TodoTask, file: TaskFile,
        list: FolderList, _ files: TaskFiles, _ report: inout SyncReport
    ) throws {
        let links = ParentLinks(files)
        let base = try base(of: file, for: theirs, path: list.folder.file(stamp.name), files)
        let baseProperties = base?.properties ?? theirs.properties
        // The task's alarms, acknowledgement and snooze were read from the
        // last version seen, whatever the base: only a change made here
        // since then is ours (the merge takes the file's alarms from theirs).
        var seen = baseProperties
        if let last = try files.lastVersion(taskID: task.id), let version = try version(last, path: list.folder.file(stamp.name), files) {
            seen.takeFileValues(from: version.properties)
        }
        let ours = mapping.properties(of: task, over: seen, links: links)
        let result = VTodoMerge.merge(
            base: baseProperties, ours: ours, oursModified: task.updatedAt,
            theirs: theirs.properties, theirsModified: theirs.lastModified,
            changedHere: base?.changedHere ?? [], undoing: base?.undoing ?? []
        )
        var merged = task
        mapping.apply(result.merged, to: &merged, links: links)
        merged.list = list.path
        if let repeating = task.repeating, merged.repeating?.rule == repeating.rule,
           !task.isCompleted, task.due != nil, let completedAt = merged.completedAt {
            // A series completed elsewhere: its open occurrence here is done,
            // as `done` does it, and the series moves on to the next.
            merged.completedAt = nil
            merged.due = task.due
            merged.repeating = repeating
            try complete(&merged, at: completedAt, files)
        }
        merged = try skippingCompletedOccurrences(of: merged, as: theirs.properties, files)
        var newStamp = stamp
        let path = list.folder.file(stamp.name)
        try remember(theirs.properties, writtenHere: false, taskID: task.id, path: path, files)
        let wanted = mapping.properties(of: merged, over: theirs.properties, links: links)
        let updated = theirs.updated(to: wanted, at: mapping.now)
        var unwritten: UnwrittenFile?
        if let rewritten = mapping.writingAlarmActions(of: merged, read: theirs.properties, into: updated ?? bytes, path: path) ?? updated {
            do throws(VdirFolderError) {
                newStamp = try list.folder.write(rewritten, to: stamp.name, ifUnchangedSince: stamp)
            } catch {
                // The merge is kept in the store and its file waits, as any
                // change whose folder cannot be written (read-only, full, or
                // changed again since it was read): a read-in never fails
                // for a write, so reading commands keep answering.
                unwritten = UnwrittenFile(taskID: task.id, task: merged, folder: list.path, error: error)
            }
            if unwritten == nil { try remember(properties(of: rewritten, path: path), writtenHere: true, taskID: task.id, path: path, files) }
        }
        try files.replace(task, with: merged, file: TaskFile(
            taskID: task.id, folder: list.path, name: stamp.name, uid: theirs.uid, etag: newStamp.etag
        ))
        try files.setParentUID(unwritten == nil ? wanted.parentUID : theirs.properties.parentUID, taskID: task.id)
        if let unwritten {
            try files.markPending(taskID: task.id)
            report.unwritten.append(unwritten)
        }
        if !result.conflicts.isEmpty {
            let keptHere = (task.updatedAt) >= (theirs.lastModified ?? .distantPast)
            let fields = result.conflicts.map(\.rawValue)
            try files.recordConflict(taskID: task.id, fields: fields, keptHere: keptHere)
            report.conflicts.append(.init(taskID: task.id, fields: fields, keptHere: keptHere))
        }
        if !result.keptUndone.isEmpty {
            let fields = result.keptUndone.map(\.rawValue)
            try files.recordConflict(taskID: task.id, fields: fields, keptHere: true)
            report.conflicts.append(.init(taskID: task.id, fields: fields, keptHere: true))
        }
    }

    /// A repeating task whose open occurrence another client completed on
    /// its own (an override with its RECURRENCE-ID, as Thunderbird and jtx
    /// Board write) moves on to the next occurrence, as `done` moves it
    /// here: that occurrence has no reminders left, the others keep theirs.
    /// Each override moves it on once at most.
    private func skippingCompletedOccurrences(of task: TodoTask, as properties: VTodoProperties, _ files: TaskFiles) throws -> TodoTask {
        var task = task
        for _ in properties.completedOccurrences.indices {
            guard task.repeating != nil, !task.isCompleted, let due = task.due,
                  let completedAt = properties.completedOccurrences[due] else { break }
            try complete(&task, at: completedAt, files)
        }
        return task
    }

    /// Completes the open occurrence of a series another client completed at
    /// `completedAt` (`TodoTask.completeOccurrence`, the rule `done` follows
    /// here): it moves on to its next occurrence, or ends with its rule, and
    /// the reminders shown here so far are handled, as of this sync.
    private func complete(_ task: inout TodoTask, at completedAt: Date, _ files: TaskFiles) throws {
        let next = task.due.flatMap { due in task.repeating?.nextDue(afterCompleting: due, at: completedAt, in: mapping.zone) }
        if let completion = task.completeOccurrence(at: completedAt, next: next, handledAt: mapping.now, clock: mapping.timeRules.clock) {
            try files.record(completion, taskID: task.id)
        }
    }

    /// The version the file read (`theirs`) grew from, among the versions
    /// of it this store has seen (`MergeBase` says how it is chosen), and
    /// the fields in which taking theirs would undo an edit made here.
    /// Parses no file but those carried over from an older store, each once.
    private func base(of file: TaskFile, for theirs: VTodo, path: String, _ files: TaskFiles) throws -> MergeBase? {
        let versions = try files.versions(taskID: file.taskID).compactMap { try version($0, path: path, files) }
        return MergeBase(of: theirs.properties, among: versions)
    }

    /// Records a version of a task's file read in or written here (its
    /// properties: nil for one that holds no task), for `base` to choose
    /// from, and for `merge` to tell a change made here to the task's alarms
    /// from one made in the file; not when it agrees in every field and
    /// every alarm with the last one recorded, which it could tell nothing
    /// from. Another local client re-writing the file (todoman adds
    /// properties of its own) would otherwise push
    /// out the versions a copy from the server may still have grown from.
    /// At most as many bytes are kept in all as one file may hold.
    private func remember(_ properties: VTodoProperties?, writtenHere: Bool, taskID: Int64, path: String, _ files: TaskFiles) throws {
        guard let properties else { return }
        if let last = try files.lastVersion(taskID: taskID), let before = try version(last, path: path, files),
           VTodoField.allCases.allSatisfy({ properties.agrees(with: before.properties, on: $0) }),
           properties.sameAlarms(as: before.properties) {
            return
        }
        let version = MergeBase.Version(properties: properties, writtenHere: writtenHere)
        try files.record(
            TaskFileVersion(content: try version.encoded, writtenHere: writtenHere), taskID: taskID,
            versionsKept: MergeBase.versionsKept, bytesKept: ReadingLimits.maximumFileSize
        )
    }

    /// A version as the store keeps it; nil when it cannot be read. One
    /// carried over as a file is parsed and kept as the others from then on.
    private func version(_ stored: TaskFileVersion, path: String, _ files: TaskFiles) throws -> MergeBase.Version? {
        guard stored.isFile else { return MergeBase.Version(encoded: stored.content, writtenHere: stored.writtenHere) }
        guard let properties = properties(of: stored.content, path: path) else { return nil }
        let version = MergeBase.Version(properties: properties, writtenHere: stored.writtenHere)
        try files.replaceContent(ofVersion: stored.id, with: try version.encoded)
        return version
    }

    /// A file's fields; nil when it holds no task (it was read or written
    /// as one, so only a newer reader could disagree).
    private func properties(of bytes: [UInt8], path: String) -> VTodoProperties? {
        guard case .todo(let item)? = try? FolderItem.read(bytes, file: path, localZone: mapping.zone) else { return nil }
        return item.properties
    }

    // MARK: - Out

    /// Writes one pending file. Throws a `VdirFolderError` when the
    /// file cannot be written, moved or removed, and a `CalendarFileError`
    /// when the file to rewrite can no longer be read as a task.
    ///
    /// - Parameter folder: set to the folder each write goes into before it
    ///   is tried, so that a failure names it: a task moved to another list
    ///   is written into that list's folder, not the one its file was in.
    private func writeFile(_ file: TaskFile, _ files: TaskFiles, _ report: inout SyncReport, into folder: inout String) throws {
        let oldFolder = VdirFolder(path: file.folder)
        guard try isListFolder(file.folder) else { return }
        guard let task = try files.task(id: file.taskID), let listPath = task.list else {
            // Deleted here (or moved to the local list): delete its file,
            // unless it changed elsewhere since, which the next scan then
            // reads in as a task of its own rather than losing it. A file
            // whose folder cannot be looked into is not gone: it waits.
            if let name = file.name, let etag = file.etag {
                try oldFolder.checkFolder()
                if (try? oldFolder.stamp(of: name))?.etag == etag {
                    try oldFolder.delete(name)
                    report.writtenOut += 1
                }
            }
            try files.forget(taskID: file.taskID)
            return
        }
        folder = listPath
        guard try isListFolder(listPath), let list = lists.list(atPath: listPath) else { return }
        if let name = file.name, listPath == file.folder, let current = try? oldFolder.read(name) {
            if current.stamp.etag != file.etag {
                // Changed elsewhere and not read in yet: merge, then write.
                try readFile(name, in: list, known: file, files, &report)
                return
            }
            guard case .todo(let item) = try FolderItem.read(current.bytes, file: oldFolder.file(name), localZone: mapping.zone) else { return }
            var saved = file
            // Done here, onto an occurrence done in another client already.
            let moved = try skippingCompletedOccurrences(of: task, as: item.properties, files)
            if moved != task { _ = try files.replace(task, with: moved, file: saved) }
            let task = moved
            let wanted = mapping.properties(of: task, over: item.properties, links: ParentLinks(files))
            var written = item.updated(to: wanted, at: mapping.now)
            written = mapping.writingAlarmActions(of: task, read: item.properties, into: written ?? current.bytes, path: oldFolder.file(name)) ?? written
            if let bytes = written {
                saved.etag = try oldFolder.write(bytes, to: name, ifUnchangedSince: current.stamp).etag
                try remember(properties(of: bytes, path: oldFolder.file(name)), writtenHere: true, taskID: task.id, path: oldFolder.file(name), files)
                report.writtenOut += 1
            }
            try files.save(saved)
            try files.setParentUID(wanted.parentUID, taskID: task.id)
            return
        }
        // A new task, one moved to another list, or one whose file was
        // removed while it had changes here: a file of its own in its list.
        var start = VTodoProperties()
        var previous: VTodo?
        if let name = file.name, let current = try? oldFolder.read(name),
           case .todo(let item) = try? FolderItem.read(current.bytes, file: oldFolder.file(name), localZone: mapping.zone) {
            previous = item
            start = item.properties
        } else if let origin = try files.origin(taskID: task.id),
                  case .todo(let item) = try? FolderItem.read(origin.calendar(created: task.createdAt), file: origin.uid,
                                                              localZone: mapping.zone) {
            // An imported task's first file: what the import kept of it
            // (another file's unknown properties, Taskwarrior's UDAs).
            previous = item
            start = item.properties
        }
        let uid = file.uid ?? UUID().uuidString
        let wanted = mapping.properties(of: task, over: start, links: ParentLinks(files))
        let bytes = previous.flatMap { $0.updated(to: wanted, at: mapping.now) ?? $0.document.bytes }
            ?? VTodo.newFile(uid: uid, properties: wanted, created: task.createdAt, at: mapping.now)
        let stamp = try list.folder.create(bytes, uid: uid)
        try remember(properties(of: bytes, path: list.folder.file(stamp.name)), writtenHere: true, taskID: task.id, path: list.folder.file(stamp.name), files)
        if let name = file.name, listPath != file.folder {
            try? oldFolder.delete(name)
        }
        try files.save(TaskFile(taskID: task.id, folder: listPath, name: stamp.name, uid: uid, etag: stamp.etag))
        try files.setParentUID(wanted.parentUID, taskID: task.id)
        report.writtenOut += 1
    }

    // MARK: - Fields added since

    /// Reads, once, what the files of tasks stored before this version
    /// kept more of (every tag, the start, the parent, alarms relative to
    /// the start) say of them, before any file is written: written back from
    /// the store alone, they would lose it. A task changed here since (its
    /// tags, start or parent no longer as stored then) keeps its own. A
    /// task of a folder not configured now waits until it is again.
    ///
    /// - Parameter folder: only the tasks of this list's folder (the one a
    ///   read-in is about to merge files of); all when nil.
    private func fillIn(_ files: TaskFiles, in folder: String? = nil) throws {
        let ids = try files.tasksToFillIn()
        guard !ids.isEmpty else { return }
        let links = ParentLinks(files)
        for id in ids {
            guard let file = try files.file(taskID: id), let task = try files.task(id: id) else {
                try files.endFillIn(taskID: id)
                continue
            }
            guard folder.map({ $0 == file.folder }) ?? true, let list = lists.list(atPath: file.folder) else { continue }
            var properties: VTodoProperties?
            if let name = file.name {
                properties = ItemReading.read(name, in: list, mapping: mapping).0?.item.properties
                if properties == nil, let last = try files.lastVersion(taskID: id) {
                    properties = try version(last, path: list.folder.file(name), files)?.properties
                }
            }
            guard let properties else {
                try files.endFillIn(taskID: id)
                continue
            }
            var reading = task
            mapping.apply(properties, to: &reading, links: links)
            var filled = task
            if task.tags == TaskTags.settingCategory(task.category, of: []), TaskTags.key(reading.category) == TaskTags.key(task.category) {
                filled.tags = reading.tags
            }
            if task.start == nil { filled.start = reading.start }
            if task.parentID == nil { filled.parentID = reading.parentID }
            filled.alarms = reading.alarms
            filled.remindDefaults = reading.remindDefaults
            try files.fillIn(filled, parentUID: properties.parentUID)
        }
    }

    /// Whether `path` is a configured list's folder, whose files are
    /// written; false for a folder no `[[calendar]]` path names any more,
    /// whose tasks wait until one does. A folder one names that is missing
    /// or no longer a folder throws, as a write into it would: its changes
    /// are unwritten, not in step.
    private func isListFolder(_ path: String) throws(VdirFolderError) -> Bool {
        if lists.list(atPath: path) != nil { return true }
        guard lists.names(path) else { return false }
        try VdirFolder(path: path).checkFolder()
        // A folder again since the lists were read: written by the next
        // write-out that reads them (the next command; the daemon reads
        // them again before each retry).
        return false
    }
}
