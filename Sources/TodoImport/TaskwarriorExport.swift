import Foundation
import TodoCalendar
import TodoCore
import TodoRecurrence

/// Taskwarrior's `task export` (2.6 and 3.x: a JSON array of tasks; 2.4's
/// one object a line too), read into tasks.
///
/// What maps to what is README's "Import and export" table: description
/// → title, annotations → notes, project and tags → tags, priority,
/// due, scheduled and wait → start, recur and until → a repeat rule, entry
/// and end → created and completed. A recurring task's series (status
/// `recurring`) is one repeating task whose open occurrence is its
/// earliest pending instance; its completed instances are the series'
/// completions. Deleted tasks are left out and counted. The uuid is the
/// UID, so a second import finds what the first added; dependencies and
/// every other attribute (UDAs) are kept as iCalendar properties
/// (`RELATED-TO;RELTYPE=DEPENDS-ON`, `X-TASKWARRIOR-…`).
public struct TaskwarriorExport {
    let source: String
    /// The local zone: a due at local midnight (Taskwarrior's `due:friday`)
    /// or a second before the next (`due:eod`) is a day.
    let clock: WallClock
    let defaultReminder: Bool

    /// The attributes that are fields here, or are worked out by
    /// Taskwarrior each time (`id`, `urgency`) or only keep its recurrence
    /// going: none of them is kept as an `X-TASKWARRIOR-` property.
    static let mapped: Set<String> = [
        "id", "urgency", "uuid", "description", "status", "entry", "end", "project", "tags", "priority",
        "due", "scheduled", "wait", "recur", "annotations", "depends", "parent", "mask", "imask", "rtype", "last",
    ]

    public init(source: String, clock: WallClock, defaultReminder: Bool) {
        self.source = source
        self.clock = clock
        self.defaultReminder = defaultReminder
    }

    /// The tasks of `bytes`; the first element that cannot be read stops everything.
    public func read(_ bytes: [UInt8]) throws(ImportReadError) -> ImportBatch {
        let lines = JSONLines.elementLines(bytes)
        func place(_ index: Int) -> String { "element \(index + 1)" + (index < lines.count ? " (line \(lines[index]))" : "") }
        func bad(_ index: Int, _ reason: String) -> ImportReadError { .badElement(source: source, place: place(index), reason: reason) }
        let elements = try objects(bytes, bad: bad)
        var byUUID: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            guard let uuid = element["uuid"] as? String else {
                throw bad(index, "it has no \"uuid\", which every task of `task export` has")
            }
            guard byUUID.updateValue(index, forKey: uuid.lowercased()) == nil else {
                throw bad(index, "its \"uuid\" \(uuid) is another element's too")
            }
        }
        // A series' instances, by the series' element.
        var instances: [Int: [Int]] = [:]
        var isInstance = Set<Int>()
        for (index, element) in elements.enumerated() {
            guard let parent = (element["parent"] as? String).flatMap({ byUUID[$0.lowercased()] }),
                  elements[parent]["status"] as? String == "recurring" else { continue }
            instances[parent, default: []].append(index)
            isInstance.insert(index)
        }
        var batch = ImportBatch()
        batch.items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() where !isInstance.contains(index) {
            do {
                try add(element, place: place(index), instances: (instances[index] ?? []).map { ($0, elements[$0]) }, to: &batch)
            } catch let error as ElementError {
                throw bad(error.index ?? index, error.reason)
            } catch let error as TaskFieldError {
                throw bad(index, error.message)
            } catch {
                throw bad(index, error.localizedDescription)
            }
        }
        return batch
    }

    // MARK: - One task

    private func add(_ element: [String: Any], place: String, instances: [(Int, [String: Any])], to batch: inout ImportBatch) throws {
        let uuid = try string(element, "uuid") ?? ""
        let title = try string(element, "description") ?? ""
        let status = try string(element, "status") ?? "pending"
        guard ["pending", "waiting", "completed", "deleted", "recurring"].contains(status) else {
            throw ElementError("\"status\" is “\(status)”, not pending, waiting, completed, deleted or recurring")
        }
        guard status != "deleted" else {
            batch.dropped.append(DroppedItem(reason: "deleted in Taskwarrior", what: title, place: place))
            for (_, instance) in instances {
                batch.dropped.append(DroppedItem(reason: "deleted in Taskwarrior", what: (instance["description"] as? String) ?? title, place: place))
            }
            return
        }
        var extra: [ContentLine] = []
        let tags = try stringList(element, "tags")
        var draft = try TaskDraft(
            title: title,
            notes: try annotations(element),
            category: try string(element, "project"),
            tags: tags,
            priority: try priority(element, &extra),
            reminderOn: defaultReminder,
            createdAt: try date(element, "entry")
        )
        if status == "completed" {
            draft.completedAt = try date(element, "end") ?? date(element, "modified") ?? draft.createdAt
        }
        var due = try date(element, "due").map(due)
        if status == "recurring" {
            let recur = try string(element, "recur") ?? ""
            guard let firstDue = due else { throw ElementError("it is a recurring task without a \"due\"") }
            let rule = try TaskwarriorRecurrence.rule(recur: recur, until: date(element, "until"), due: firstDue, clock: clock)
            var open: (due: Due, element: [String: Any])?
            var completions: [Completion] = []
            for (index, instance) in instances {
                let instanceStatus = (instance["status"] as? String) ?? "pending"
                let what = (instance["description"] as? String) ?? title
                guard let instanceDue = try self.date(instance, "due", index: index).map(self.due) else {
                    throw ElementError(index: index, "it is an instance of a recurring task without a \"due\"")
                }
                switch instanceStatus {
                case "completed":
                    let at = try self.date(instance, "end", index: index) ?? self.date(instance, "modified", index: index) ?? Date(timeIntervalSince1970: 0)
                    completions.append(Completion(due: instanceDue, at: at))
                case "deleted":
                    batch.dropped.append(DroppedItem(reason: "deleted in Taskwarrior", what: what, place: place))
                default:
                    if let current = open, !(instanceDue.sortKey < current.due.sortKey) {
                        batch.dropped.append(DroppedItem(reason: "a later instance of a recurring task, folded into its one open occurrence", what: what, place: place))
                    } else {
                        if open != nil {
                            batch.dropped.append(DroppedItem(reason: "a later instance of a recurring task, folded into its one open occurrence", what: what, place: place))
                        }
                        open = (instanceDue, instance)
                    }
                }
            }
            completions.sort { ($0.due?.sortKey ?? 0) < ($1.due?.sortKey ?? 0) }
            draft.completions = completions
            do {
                draft.repeating = try TaskRepeat.verbatim(rule: rule, from: .due, zone: firstDue.isTimed ? clock.timeZone.identifier : nil,
                                                          start: firstDue, completedCount: completions.count)
            } catch {
                throw ElementError("\"recur\" is “\(recur)”: \(error.message)")
            }
            // The open occurrence: the earliest pending instance, with its
            // own wait; without one, the series is at its first due.
            due = open?.due ?? firstDue
            if let open { try startFrom(open.element, due: due, into: &draft, extra: &extra) }
            else { try startFrom(element, due: due, into: &draft, extra: &extra) }
        } else {
            try startFrom(element, due: due, into: &draft, extra: &extra)
            if let until = try date(element, "until") {
                extra.append(ContentLine(name: "X-TASKWARRIOR-UNTIL", value: ICalendarTime.utcText(until)))
            }
        }
        draft.due = due
        if draft.start != nil, (try? draft.checkStart(clock: clock)) == nil {
            // Taskwarrior lets a task wait past its due; a start here never is.
            extra.append(ContentLine(name: "X-TASKWARRIOR-START-AFTER-DUE", value: "TRUE"))
            batch.notes.append("“\(title)” waits until after its due: its start is left out (kept as X-TASKWARRIOR-WAIT or -SCHEDULED).")
            draft.start = nil
        }
        for dependency in try dependencies(element) {
            extra.append(ContentLine(name: "RELATED-TO", parameters: [.init("RELTYPE", "DEPENDS-ON")], value: ICalendarText.escape(dependency)))
        }
        for key in element.keys.sorted() where !Self.mapped.contains(key) && key != "until" {
            guard let value = element[key], !(value is NSNull) else { continue }
            extra.append(Self.property(key, value))
        }
        batch.items.append(ImportedItem(draft: draft, origin: TaskOrigin(uid: uuid, item: OriginItem.bytes(uid: uuid, lines: extra)), place: place))
    }

    /// `scheduled` is the start; a `wait` later than it is.
    private func startFrom(_ element: [String: Any], due: Due?, into draft: inout TaskDraft, extra: inout [ContentLine]) throws {
        let scheduled = try date(element, "scheduled")
        let wait = try date(element, "wait")
        if let scheduled { extra.append(ContentLine(name: "X-TASKWARRIOR-SCHEDULED", value: ICalendarTime.utcText(scheduled))) }
        if let wait { extra.append(ContentLine(name: "X-TASKWARRIOR-WAIT", value: ICalendarTime.utcText(wait))) }
        let latest = [scheduled, wait].compactMap { $0 }.max()
        draft.start = latest.map(self.due)
    }

    /// A Taskwarrior instant as a due: a day when it is local midnight or
    /// the second before the next (`due:eod`), else the instant.
    private func due(_ instant: Date) -> Due {
        let seconds = clock.secondsIntoDay(of: instant)
        if seconds == 0 { return .day(clock.day(of: instant)) }
        if seconds == 86_399 { return .day(clock.day(of: instant)) }
        return .time(instant)
    }

    /// Annotations, oldest first, one line each: "2026-11-27 Called the plumber".
    private func annotations(_ element: [String: Any]) throws -> String? {
        guard let value = element["annotations"], !(value is NSNull) else { return nil }
        guard let list = value as? [Any] else { throw ElementError("\"annotations\" must be a list of {\"entry\", \"description\"}") }
        let notes = try list.map { item -> (Date, String) in
            guard let object = item as? [String: Any], let text = object["description"] as? String else {
                throw ElementError("each of \"annotations\" must be {\"entry\": …, \"description\": …}")
            }
            return (try date(object, "entry") ?? .distantPast, text)
        }
        .sorted { $0.0 < $1.0 }
        .map { entry, text in entry == .distantPast ? text : "\(clock.day(of: entry)) \(text)" }
        return notes.isEmpty ? nil : notes.joined(separator: "\n")
    }

    /// H, M and L; none is medium. Another value (a `uda.priority.values`
    /// of the user's) is medium, kept as `X-TASKWARRIOR-PRIORITY`.
    private func priority(_ element: [String: Any], _ extra: inout [ContentLine]) throws -> Priority {
        switch try string(element, "priority") {
        case nil, "M": return .medium
        case "H": return .high
        case "L": return .low
        case let other?:
            extra.append(ContentLine(name: "X-TASKWARRIOR-PRIORITY", value: ICalendarText.escape(other)))
            return .medium
        }
    }

    /// `depends`: a list of uuids (2.6, 3.x) or one text of them separated
    /// by commas (2.5 and before).
    private func dependencies(_ element: [String: Any]) throws -> [String] {
        guard let value = element["depends"], !(value is NSNull) else { return [] }
        if let text = value as? String { return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        guard let list = value as? [String] else { throw ElementError("\"depends\" must be a list of uuids") }
        return list
    }

    /// Any other attribute: `X-TASKWARRIOR-<NAME>`, its value as text (a
    /// number or a list as JSON). A name that upper case would not give
    /// back keeps its spelling in `X-NAME`.
    static func property(_ key: String, _ value: Any) -> ContentLine {
        let name = "X-TASKWARRIOR-" + String(key.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "-" })
        let text: String
        if let string = value as? String {
            text = string
        } else if let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]) {
            text = String(decoding: data, as: UTF8.self)
        } else {
            text = "\(value)"
        }
        let spelled = name.dropFirst("X-TASKWARRIOR-".count).lowercased() == key
        return ContentLine(name: name, parameters: spelled ? [] : [.init("X-NAME", key)], value: ICalendarText.escape(text))
    }

    // MARK: - Values

    private func string(_ element: [String: Any], _ key: String) throws -> String? {
        guard let value = element[key], !(value is NSNull) else { return nil }
        guard let text = value as? String else { throw ElementError("\"\(key)\" must be a string") }
        return text
    }

    private func stringList(_ element: [String: Any], _ key: String) throws -> [String] {
        guard let value = element[key], !(value is NSNull) else { return [] }
        if let text = value as? String { return text.split(separator: ",").map(String.init) }
        guard let list = value as? [String] else { throw ElementError("\"\(key)\" must be a list of strings") }
        return list
    }

    private func date(_ element: [String: Any], _ key: String, index: Int? = nil) throws -> Date? {
        guard let value = element[key], !(value is NSNull) else { return nil }
        guard let text = value as? String, let date = Self.instant(text) else {
            throw ElementError(index: index, "\"\(key)\" is “\(value)”, not a Taskwarrior date such as 20261127T093000Z")
        }
        return date
    }

    /// `20261127T093000Z`, as Taskwarrior writes every date; the ISO 8601
    /// form with dashes and colons too.
    static func instant(_ text: String) -> Date? {
        let digits = Array(text.utf8.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: ":") })
        guard digits.count == 16, digits[8] == UInt8(ascii: "T"), digits[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in digits[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8), let hour = number(9..<11),
              let minute = number(11..<13), let second = number(13..<15), hour < 24, minute < 60, second < 61,
              let localDay = LocalDay(year: year, month: month, day: day), localDay.isInSupportedRange else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(localDay.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second))
    }

    // MARK: - The file

    /// The objects of a JSON array, or of one JSON object a line (2.4).
    private func objects(_ bytes: [UInt8], bad: (Int, String) -> ImportReadError) throws(ImportReadError) -> [[String: Any]] {
        let data = Data(bytes)
        let trimmed = bytes.drop { [0x20, 0x09, 0x0D, 0x0A, 0xEF, 0xBB, 0xBF].contains($0) }
        let values: [Any]
        do {
            if trimmed.first == UInt8(ascii: "{") {
                values = try bytes.split(separator: 0x0A).filter { !$0.allSatisfy { [0x20, 0x09, 0x0D].contains($0) } }
                    .map { try JSONSerialization.jsonObject(with: Data($0), options: []) }
            } else {
                guard let array = try JSONSerialization.jsonObject(with: data, options: []) as? [Any] else {
                    throw ImportReadError.notFormat(source: source, format: .taskwarrior, reason: "it is not a JSON array, as `task export` writes")
                }
                values = array
            }
        } catch let error as ImportReadError {
            throw error
        } catch {
            throw .notFormat(source: source, format: .taskwarrior, reason: "it is not valid JSON")
        }
        var objects: [[String: Any]] = []
        objects.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            guard let object = value as? [String: Any] else { throw bad(index, "it is not an object") }
            objects.append(object)
        }
        return objects
    }
}

/// A reason one element cannot be read; `index` when it is another
/// element's (a recurring task's instance).
struct ElementError: Error {
    let index: Int?
    let reason: String
    init(index: Int? = nil, _ reason: String) {
        self.index = index
        self.reason = reason
    }
}
