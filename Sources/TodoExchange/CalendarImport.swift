import FoundationEssentials
import TodoCalendar
import TodoCore

/// An iCalendar file's VTODOs read into tasks, each as a list's folder
/// reads a file (`FolderItem`, `TaskMapping`): a file Thunderbird,
/// Evolution, tasks.org, Nextcloud or todoman exported, or
/// `export --format ics`.
///
/// Each UID's VTODOs (a master and its overrides) become one item of
/// their own, with the calendar's properties and the VTIMEZONEs they
/// name, as a vdir holds it: that item is the task's origin, so a list in
/// a folder gets it as its file, unknown properties and all, and the local
/// list keeps it for `export --format ics`. Events, journals and other
/// components are counted and left out.
public struct CalendarImport {
    let source: String
    let mapping: TaskMapping
    let defaultReminder: Bool

    public init(source: String, timeRules: TimeRules, now: Date, defaultReminder: Bool) {
        self.source = source
        mapping = TaskMapping(timeRules: timeRules, now: now)
        self.defaultReminder = defaultReminder
    }

    /// The tasks of `bytes`, for the list `list` (a folder path; nil for the local list).
    public func read(_ bytes: [UInt8], list: String?) throws(ImportReadError) -> ImportBatch {
        let document = ICalendarDocument(bytes: bytes)
        let calendar: ICalendarComponent
        do {
            calendar = try document.calendar()
        } catch {
            throw .notFormat(source: source, format: .ics, reason: error.readableDescription)
        }
        // The physical line each logical line begins on, for messages.
        var lineNumbers: [Int] = []
        lineNumbers.reserveCapacity(document.lines.count)
        var next = 1
        for line in document.lines {
            lineNumbers.append(next)
            next += line.raw.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        let header = calendar.propertyIndices.map { document.lines[$0] }
        var zones: [String: ICalendarComponent] = [:]
        for zone in calendar.children where zone.name == "VTIMEZONE" {
            if let tzid = zone.timeZoneID(in: document), zones[tzid] == nil { zones[tzid] = zone }
        }
        var batch = ImportBatch()
        var order: [String] = []
        var todos: [String: [ICalendarComponent]] = [:]
        for component in calendar.children where component.name != "VTIMEZONE" {
            let place = "\(component.name) at line \(lineNumbers[component.begin])"
            guard component.name == "VTODO" else {
                let what = component.properties("SUMMARY", in: document).first.map { ICalendarText.unescape($0.value) } ?? component.name
                batch.dropped.append(DroppedItem(reason: Self.reason(component.name), what: what, place: place))
                continue
            }
            guard let uid = component.properties("UID", in: document).first.map({ ICalendarText.unescape($0.value) }) else {
                throw .badElement(source: source, place: place, reason: "it has no UID, which every VTODO must have (RFC 5545)")
            }
            if todos[uid] == nil { order.append(uid) }
            todos[uid, default: []].append(component)
        }
        batch.items.reserveCapacity(order.count)
        for uid in order {
            let components = todos[uid] ?? []
            let first = components.first.map { lineNumbers[$0.begin] } ?? 0
            let place = "VTODO at line \(first)"
            var lines = [ContentLine(name: "BEGIN", value: "VCALENDAR")] + header
            var named = Set<String>()
            for component in components {
                for index in component.begin...component.end {
                    if let tzid = document.lines[index].parameter("TZID") { named.insert(tzid) }
                }
            }
            for tzid in named.sorted() {
                guard let zone = zones[tzid] else { continue }
                lines += document.lines[zone.begin...zone.end]
            }
            for component in components { lines += document.lines[component.begin...component.end] }
            lines.append(ContentLine(name: "END", value: "VCALENDAR"))
            var item: [UInt8] = []
            for line in lines { item.append(contentsOf: line.raw) }
            do {
                guard case .todo(let todo) = try FolderItem.read(item, file: "the \(place) of \(source)", localZone: mapping.zone) else { continue }
                var task = mapping.task(from: todo.properties, list: list ?? "", changedAt: todo.lastModified ?? todo.created)
                task.list = list
                var draft = try TaskDraft(title: task.title, notes: task.notes, tags: task.tags, priority: task.priority, due: task.due,
                                          reminderOn: defaultReminder && task.reminderOn, completedAt: task.completedAt,
                                          createdAt: todo.created)
                draft.start = task.start
                draft.repeating = task.repeating
                draft.alarms = task.alarms
                draft.remindDefaults = task.remindDefaults
                draft.acknowledgedAt = task.acknowledgedAt
                draft.snoozedUntil = task.snoozedUntil
                draft.list = list
                try draft.checkStart(clock: mapping.timeRules.clock)
                batch.items.append(ImportedItem(draft: draft, origin: TaskOrigin(uid: todo.uid, item: item),
                                                parentUID: todo.properties.parentUID, place: place))
            } catch let error as CalendarFileError {
                throw .badElement(source: source, place: place, reason: error.readableDescription)
            } catch let error as TaskFieldError {
                throw .badElement(source: source, place: place, reason: error.message)
            } catch {
                throw .badElement(source: source, place: place, reason: error.readableDescription)
            }
        }
        return batch
    }

    private static func reason(_ component: String) -> String {
        switch component {
        case "VEVENT": "an event (VEVENT): import takes tasks only"
        case "VJOURNAL": "a journal entry (VJOURNAL): import takes tasks only"
        default: "a \(component), not a task"
        }
    }
}
