import FoundationEssentials
import TodoCalendar
import TodoCore
import TodoStore

/// Every task as one iCalendar file: a `VCALENDAR` with each task's VTODO
/// (and its overrides) and the `VTIMEZONE`s they name, once each, for
/// `export --format ics`.
///
/// Each VTODO is what the task's file would say (`TaskMapping`): a task of
/// a folder's list starts from its file, an imported task from what its
/// import kept (`TaskOrigin`), so their unknown properties go along; any
/// other is written new. The UID is the file's, the import's, or, for a
/// task of the local list made here, `todo-remind-<id>-<created>`, the
/// same at every export.
public struct CalendarExport {
    let mapping: TaskMapping

    public init(timeRules: TimeRules, now: Date) {
        mapping = TaskMapping(timeRules: timeRules, now: now)
    }

    /// The file's bytes for `tasks`, read with the store's files and origins.
    public func write(_ tasks: [TodoTask], store: TaskStore) throws -> [UInt8] {
        let origins = try store.origins()
        return try store.readingTaskFiles { files in
            var uids: [Int64: String] = [:]
            var taskFiles: [Int64: TaskFile] = [:]
            for task in tasks {
                let file = task.list == nil ? nil : try files.file(taskID: task.id)
                if let file { taskFiles[task.id] = file }
                uids[task.id] = file?.uid ?? origins[task.id]?.uid
                    ?? "todo-remind-\(task.id)-\(Int(task.createdAt.timeIntervalSince1970))"
            }
            let ids = Dictionary(uids.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
            let links = ParentLinks(id: { ids[$0] }, uid: { uids[$0] })
            var zones: [String: [UInt8]] = [:]
            var zoneOrder: [String] = []
            var body: [UInt8] = []
            for task in tasks {
                let uid = uids[task.id] ?? ""
                var source: [UInt8]?
                if let file = taskFiles[task.id], let name = file.name {
                    source = try? VdirFolder(path: file.folder).read(name).bytes
                }
                source = source ?? origins[task.id]?.calendar(created: task.createdAt)
                var bytes: [UInt8]
                if let source, case .todo(let item)? = try? FolderItem.read(source, file: uid, localZone: mapping.zone) {
                    let wanted = mapping.properties(of: task, over: item.properties, links: links)
                    bytes = item.updated(to: wanted, at: mapping.now) ?? item.document.bytes
                } else {
                    bytes = VTodo.newFile(uid: uid, properties: mapping.properties(of: task, over: VTodoProperties(), links: links),
                                          created: task.createdAt, at: mapping.now)
                }
                let document = ICalendarDocument(bytes: bytes)
                guard let calendar = try? document.calendar() else { continue }
                for component in calendar.children {
                    var raw: [UInt8] = []
                    for line in document.lines[component.begin...component.end] { raw.append(contentsOf: line.raw) }
                    if component.name == "VTIMEZONE" {
                        guard let tzid = component.timeZoneID(in: document), zones[tzid] == nil else { continue }
                        zones[tzid] = raw
                        zoneOrder.append(tzid)
                    } else if component.name == "VTODO" {
                        body += raw
                    }
                }
            }
            var output: [UInt8] = []
            for line in [ContentLine(name: "BEGIN", value: "VCALENDAR"), ContentLine(name: "VERSION", value: "2.0"),
                         ContentLine(name: "PRODID", value: VTodo.productID)] {
                output += line.raw
            }
            for tzid in zoneOrder { output += zones[tzid] ?? [] }
            output += body
            output += ContentLine(name: "END", value: "VCALENDAR").raw
            return output
        }
    }
}
