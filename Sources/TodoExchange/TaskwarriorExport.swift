import FoundationEssentials
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
        let (found, lines) = try objects(JSONText(bytes))
        func place(_ index: Int) -> String { "element \(index + 1), line \(lines[index])" }
        func bad(_ index: Int, _ reason: String) -> ImportReadError { .badElement(source: source, place: place(index), reason: reason) }
        if let index = found.firstIndex(where: { $0 == nil }) { throw bad(index, "it is not an object") }
        let elements = found.compactMap { $0 }
        var byUUID: [String: Int] = [:]
        byUUID.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let uuid = element.stringIfAny(.uuid) else {
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
            guard let parent = element.stringIfAny(.parent).flatMap({ byUUID[$0.lowercased()] }),
                  elements[parent].stringIfAny(.status) == "recurring" else { continue }
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
                throw bad(index, error.readableDescription)
            }
        }
        return batch
    }

    // MARK: - One task

    private func add(_ element: Element, place: String, instances: [(Int, Element)], to batch: inout ImportBatch) throws {
        let uuid = try element.string(.uuid) ?? ""
        let title = try element.string(.description) ?? ""
        let status = try element.string(.status) ?? "pending"
        guard ["pending", "waiting", "completed", "deleted", "recurring"].contains(status) else {
            throw ElementError("\"status\" is “\(status)”, not pending, waiting, completed, deleted or recurring")
        }
        guard status != "deleted" else {
            batch.dropped.append(DroppedItem(reason: "deleted in Taskwarrior", what: title, place: place))
            for (_, instance) in instances {
                batch.dropped.append(DroppedItem(reason: "deleted in Taskwarrior", what: instance.stringIfAny(.description) ?? title, place: place))
            }
            return
        }
        var extra = OriginItem()
        let tags = try element.stringList(.tags)
        var draft = try TaskDraft(
            title: title,
            notes: try annotations(element),
            category: try element.string(.project),
            tags: tags,
            priority: try priority(element, &extra),
            reminderOn: defaultReminder,
            createdAt: try element.date(.entry)
        )
        if status == "completed" {
            draft.completedAt = try element.date(.end) ?? element.date(.modified) ?? draft.createdAt
        }
        var due = try element.date(.due).map(due)
        if status == "recurring" {
            let recur = try element.string(.recur) ?? ""
            guard let firstDue = due else { throw ElementError("it is a recurring task without a \"due\"") }
            let rule = try TaskwarriorRecurrence.rule(recur: recur, until: element.date(.until), due: firstDue, clock: clock)
            var open: (due: Due, element: Element)?
            var completions: [Completion] = []
            for (index, instance) in instances {
                let instanceStatus = instance.stringIfAny(.status) ?? "pending"
                let what = instance.stringIfAny(.description) ?? title
                guard let instanceDue = try instance.date(.due, index: index).map(self.due) else {
                    throw ElementError(index: index, "it is an instance of a recurring task without a \"due\"")
                }
                switch instanceStatus {
                case "completed":
                    let at = try instance.date(.end, index: index) ?? instance.date(.modified, index: index) ?? Date(timeIntervalSince1970: 0)
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
            if let until = try element.date(.until) {
                extra.add("X-TASKWARRIOR-UNTIL", value: ICalendarTime.utcText(until))
            }
        }
        draft.due = due
        if draft.start != nil, (try? draft.checkStart(clock: clock)) == nil {
            // Taskwarrior lets a task wait past its due; a start here never is.
            extra.add("X-TASKWARRIOR-START-AFTER-DUE", value: "TRUE")
            batch.notes.append("“\(title)” waits until after its due: its start is left out (kept as X-TASKWARRIOR-WAIT or -SCHEDULED).")
            draft.start = nil
        }
        for dependency in try dependencies(element) {
            extra.add("RELATED-TO", parameters: [.init("RELTYPE", "DEPENDS-ON")], value: ICalendarText.escape(dependency))
        }
        for (name, value) in element.others() {
            Self.addProperty(name, element.text(of: value), to: &extra)
        }
        batch.items.append(ImportedItem(draft: draft, origin: TaskOrigin(uid: uuid, item: extra.lines), place: place))
    }

    /// `scheduled` is the start; a `wait` later than it is.
    private func startFrom(_ element: Element, due: Due?, into draft: inout TaskDraft, extra: inout OriginItem) throws {
        let scheduled = try element.date(.scheduled)
        let wait = try element.date(.wait)
        if let scheduled { extra.add("X-TASKWARRIOR-SCHEDULED", value: ICalendarTime.utcText(scheduled)) }
        if let wait { extra.add("X-TASKWARRIOR-WAIT", value: ICalendarTime.utcText(wait)) }
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
    private func annotations(_ element: Element) throws -> String? {
        guard let list = try element.list(.annotations, "\"annotations\" must be a list of {\"entry\", \"description\"}") else { return nil }
        let notes = try list.map { item -> (Date, String) in
            guard let object = element.object(item), let text = object.stringIfAny(.description) else {
                throw ElementError("each of \"annotations\" must be {\"entry\": …, \"description\": …}")
            }
            return (try object.date(.entry) ?? .distantPast, text)
        }
        .sorted { $0.0 < $1.0 }
        .map { entry, text in entry == .distantPast ? text : "\(clock.day(of: entry)) \(text)" }
        return notes.isEmpty ? nil : notes.joined(separator: "\n")
    }

    /// H, M and L; none is medium. Another value (a `uda.priority.values`
    /// of the user's) is medium, kept as `X-TASKWARRIOR-PRIORITY`.
    private func priority(_ element: Element, _ extra: inout OriginItem) throws -> Priority {
        switch try element.string(.priority) {
        case nil, "M": return .medium
        case "H": return .high
        case "L": return .low
        case let other?:
            extra.add("X-TASKWARRIOR-PRIORITY", value: ICalendarText.escape(other))
            return .medium
        }
    }

    /// `depends`: a list of uuids (2.6, 3.x) or one text of them separated
    /// by commas (2.5 and before).
    private func dependencies(_ element: Element) throws -> [String] {
        if let text = element.stringIfAny(.depends) {
            return text.split(separator: ",").map { $0.trimmingSpaces() }
        }
        guard let list = try element.list(.depends, "\"depends\" must be a list of uuids") else { return [] }
        return try list.map { item in
            guard case .string = item.kind else { throw ElementError("\"depends\" must be a list of uuids") }
            return element.text.string(item)
        }
    }

    /// Any other attribute: `X-TASKWARRIOR-<NAME>`, its value as text (a
    /// number or a list as JSON, its names sorted). A name that upper case
    /// would not give back keeps its spelling in `X-NAME`.
    static func addProperty(_ key: String, _ text: String, to item: inout OriginItem) {
        let upper: String
        if key.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            // ASCII, where each byte is a character (but for CR LF, one):
            // the same, byte by byte.
            upper = String(decoding: key.utf8.map { byte in
                let letter = (0x61...0x7A).contains(byte) ? byte - 0x20 : byte
                return (0x41...0x5A).contains(letter) || (0x30...0x39).contains(letter) ? letter : UInt8(ascii: "-")
            }, as: UTF8.self)
        } else {
            upper = String(key.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "-" })
        }
        let spelled = upper.lowercased() == key
        item.add("X-TASKWARRIOR-" + upper, parameters: spelled ? [] : [.init("X-NAME", key)], value: ICalendarText.escape(text))
    }

    /// `20261127T093000Z`, as Taskwarrior writes every date; the ISO 8601
    /// form with dashes and colons too.
    static func instant(_ text: String) -> Date? {
        instant(utf8: text.utf8)
    }

    /// `instant(_:)` of a text's UTF-8 bytes, read where they are.
    static func instant(utf8 bytes: some Collection<UInt8>) -> Date? {
        // The digits, a T after the eighth and a Z after the fourteenth;
        // any dash or colon between them is left out.
        var fields = (year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0)
        var position = 0
        for byte in bytes where byte != UInt8(ascii: "-") && byte != UInt8(ascii: ":") {
            switch position {
            case 8: guard byte == UInt8(ascii: "T") else { return nil }
            case 15: guard byte == UInt8(ascii: "Z") else { return nil }
            case 16...: return nil
            default:
                guard (0x30...0x39).contains(byte) else { return nil }
                let digit = Int(byte - 0x30)
                switch position {
                case 0..<4: fields.year = fields.year * 10 + digit
                case 4..<6: fields.month = fields.month * 10 + digit
                case 6..<8: fields.day = fields.day * 10 + digit
                case 9..<11: fields.hour = fields.hour * 10 + digit
                case 11..<13: fields.minute = fields.minute * 10 + digit
                default: fields.second = fields.second * 10 + digit
                }
            }
            position += 1
        }
        guard position == 16, fields.hour < 24, fields.minute < 60, fields.second < 61,
              let localDay = LocalDay(year: fields.year, month: fields.month, day: fields.day), localDay.isInSupportedRange else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(localDay.daysSinceEpoch * 86_400 + fields.hour * 3600 + fields.minute * 60 + fields.second))
    }

    // MARK: - The file

    /// The elements of a JSON array, or of one JSON value a line (2.4),
    /// each an object or nil, with the line each begins on.
    private func objects(_ text: JSONText) throws(ImportReadError) -> (objects: [Element?], lines: [Int]) {
        let values: [JSONText.Element]
        do {
            let start = text.bytes.drop { [0x20, 0x09, 0x0D, 0x0A, 0xEF, 0xBB, 0xBF].contains($0) }
            if start.first == UInt8(ascii: "{") {
                values = try text.valuesByLine()
            } else {
                guard case .array(let array) = try text.value().kind else {
                    throw ImportReadError.notFormat(source: source, format: .taskwarrior, reason: "it is not a JSON array, as `task export` writes")
                }
                values = zip(array, text.lines(at: array.map(\.start))).map { JSONText.Element(value: $0, line: $1) }
            }
        } catch let error as ImportReadError {
            throw error
        } catch let error as JSONText.SyntaxError {
            throw .notFormat(source: source, format: .taskwarrior, reason: "it is not valid JSON: \(error.description)")
        } catch {
            throw .notFormat(source: source, format: .taskwarrior, reason: "it is not valid JSON")
        }
        return (values.map { Element(text: text, value: $0.value) }, values.map(\.line))
    }
}

extension TaskwarriorExport {
    /// The attributes of a task (or an annotation) the import reads.
    enum Attribute: String, CaseIterable {
        case uuid, description, status, entry, end, modified, due, until, recur, scheduled, wait, project, tags, priority,
             annotations, depends, parent
    }

    /// What a member's name is to the import: an attribute it reads, and
    /// whether it is mapped (not kept as an `X-TASKWARRIOR-` property).
    struct Name {
        let attribute: Attribute?
        let isMapped: Bool

        /// The names the import knows, by their length in bytes: a member's
        /// name is compared with the few of its length, where it lies,
        /// rather than made a `String` and looked up.
        static let byLength: [[(name: String, kind: Name)]] = {
            let names = TaskwarriorExport.mapped.union(Attribute.allCases.map(\.rawValue))
            var table = [[(name: String, kind: Name)]](repeating: [], count: (names.map(\.utf8.count).max() ?? 0) + 1)
            for name in names {
                table[name.utf8.count].append((name, Name(attribute: Attribute(rawValue: name),
                                                          isMapped: TaskwarriorExport.mapped.contains(name) || name == "until")))
            }
            return table
        }()

        static let other = Name(attribute: nil, isMapped: false)

        /// What the name of a member is.
        static func of(_ span: JSONText.Span, in text: JSONText) -> Name {
            if span.escaped {
                let name = text.string(span)
                return byLength.lazy.joined().first { $0.name == name }?.kind ?? other
            }
            let length = span.end - span.start - 2
            guard length < byLength.count else { return other }
            return byLength[length].first { text.isString(span, $0.name) }?.kind ?? other
        }
    }

    /// One object of the export, and the text its values are read from.
    struct Element {
        let text: JSONText
        let object: JSONText.Object
        /// For each attribute, the place of its member among the object's
        /// (the last, for a name given twice), or -1: found once, when
        /// the element is made, rather than by each question.
        private let places: [Int32]

        /// The element `value` is, when it is an object.
        init?(text: JSONText, value: JSONText.Value) {
            guard case .object(let object) = value.kind else { return nil }
            self.text = text
            self.object = object
            var places = [Int32](repeating: -1, count: Attribute.allCases.count)
            for (index, member) in object.members.enumerated() {
                if let attribute = Name.of(member.name, in: text).attribute { places[Self.slot(attribute)] = Int32(index) }
            }
            self.places = places
        }

        private static func slot(_ attribute: Attribute) -> Int {
            Attribute.allCases.firstIndex(of: attribute) ?? 0
        }

        /// Another object of the same text (an annotation).
        func object(_ value: JSONText.Value) -> Element? {
            Element(text: text, value: value)
        }

        /// The value of `attribute`; nil when it is missing or null.
        private func value(_ attribute: Attribute) -> JSONText.Value? {
            let place = Int(places[Self.slot(attribute)])
            guard place >= 0 else { return nil }
            let value = object.members[place].value
            if case .null = value.kind { return nil }
            return value
        }

        /// The text of the string `attribute`; nil when it is missing or null.
        func string(_ attribute: Attribute) throws -> String? {
            guard let value = value(attribute) else { return nil }
            guard case .string = value.kind else { throw ElementError("\"\(attribute.rawValue)\" must be a string") }
            return text.string(value)
        }

        /// The text of `attribute` when it is a string; nil for anything else.
        func stringIfAny(_ attribute: Attribute) -> String? {
            guard let value = value(attribute), case .string = value.kind else { return nil }
            return text.string(value)
        }

        /// The elements of the array `attribute`; nil when it is missing or
        /// null; `mistake` thrown when it is something else.
        func list(_ attribute: Attribute, _ mistake: String) throws -> [JSONText.Value]? {
            guard let value = value(attribute) else { return nil }
            guard case .array(let list) = value.kind else { throw ElementError(mistake) }
            return list
        }

        /// A list of strings, or one text of them separated by commas.
        func stringList(_ attribute: Attribute) throws -> [String] {
            guard let value = value(attribute) else { return [] }
            if case .string = value.kind { return text.string(value).split(separator: ",").map(String.init) }
            let mistake = "\"\(attribute.rawValue)\" must be a list of strings"
            guard case .array(let list) = value.kind else { throw ElementError(mistake) }
            return try list.map { item in
                guard case .string = item.kind else { throw ElementError(mistake) }
                return text.string(item)
            }
        }

        /// The date `attribute`, read from the bytes it is written in.
        func date(_ attribute: Attribute, index: Int? = nil) throws -> Date? {
            guard let value = value(attribute) else { return nil }
            let date: Date? = switch value.kind {
            case .string(escaped: false): TaskwarriorExport.instant(utf8: text.bytes[(value.start + 1)..<(value.end - 1)])
            case .string(escaped: true): TaskwarriorExport.instant(text.string(value))
            default: nil
            }
            guard let date else {
                throw ElementError(index: index, "\"\(attribute.rawValue)\" is “\(self.text(of: value))”, not a Taskwarrior date such as 20261127T093000Z")
            }
            return date
        }

        /// The members that are not mapped (`TaskwarriorExport.mapped`, and
        /// `until`), null ones left out, sorted by name; of a name given
        /// twice, the last.
        func others() -> [(name: String, value: JSONText.Value)] {
            var others: [(name: String, value: JSONText.Value)] = []
            for member in object.members where !Name.of(member.name, in: text).isMapped {
                let name = text.string(member.name)
                if let earlier = others.firstIndex(where: { $0.name == name }) { others.remove(at: earlier) }
                others.append((name, member.value))
            }
            return others.filter {
                if case .null = $0.value.kind { return false }
                return true
            }.sorted { $0.name < $1.name }
        }

        /// A value as an `X-TASKWARRIOR-` property and a message give it:
        /// a string's text; anything else as JSON, an object's names
        /// sorted, as `JSONSerialization` wrote it (`JSONText.serialized`).
        func text(of value: JSONText.Value) -> String {
            if case .string = value.kind { return text.string(value) }
            return text.serialized(value)
        }
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
