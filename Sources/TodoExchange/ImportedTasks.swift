import FoundationEssentials
import TodoCore
import TodoRecurrence
import TodoZones

/// A JSON array of task objects, as `export` writes them, read back into
/// drafts for `import`.
///
/// Read with `JSONText`, as Taskwarrior's export is: `JSONSerialization`
/// boxed every object and value of a 49 MB export of 100,000 tasks, and
/// took 1.1 GB and a quarter of the import for it.
public struct ImportedTasks {
    let text: JSONText
    let elements: [JSONText.Value]
    let source: String

    public init(data: Data, source: String) throws {
        self.source = source
        text = JSONText(Array(data))
        let parsed: JSONText.Value
        do {
            parsed = try text.value()
        } catch {
            throw ImportError.notJSON(source)
        }
        guard case .array(let array) = parsed.kind else { throw ImportError.notArray(source) }
        elements = array
    }

    /// Every element as a draft, and the position of each one's parent
    /// among them; the first bad one stops everything.
    ///
    /// A `"parent"` is the `"id"` of another element, as `export` writes
    /// them: the store gives every task a new id, and the subtask its
    /// parent's.
    ///
    /// - Parameters:
    ///   - now: the instant of the import, the completion time of a task
    ///     marked completed with neither `completedAt` nor `createdAt`.
    ///   - clock: the local zone, in which a start is checked against the due.
    public func drafts(defaultReminder: Bool, now: Date, clock: WallClock) throws -> (drafts: [TaskDraft], parents: [Int?]) {
        let drafts = try elements.enumerated().map { index, element in
            try reading(index) { try draft(element, defaultReminder: defaultReminder, now: now, clock: clock) }
        }
        // The ids the file gives, each once: a parent names one of them.
        var positions: [Int64: Int] = [:]
        var twice: Set<Int64> = []
        for (index, element) in elements.enumerated() {
            guard let id = object(element)?.value(.id).flatMap(integer) else { continue }
            if positions.updateValue(index, forKey: id) != nil { twice.insert(id) }
        }
        let parents = try elements.enumerated().map { index, element in
            try reading(index) { () throws -> Int? in
                guard let value = object(element)?.value(.parent) else { return nil }
                guard let id = integer(value) else { throw ImportFieldError("\"parent\" must be the \"id\" of another element, a number") }
                guard !twice.contains(id) else { throw ImportFieldError("\"parent\" is \(id), which more than one element gives as its \"id\"") }
                guard let position = positions[id], position != index else {
                    throw ImportFieldError("\"parent\" is \(id), the \"id\" of no other element of the file")
                }
                return position
            }
        }
        // Following parents must end: a task cannot be its own subtask.
        for start in parents.indices {
            var seen: Set<Int> = [start]
            var next = parents[start]
            while let position = next {
                guard seen.insert(position).inserted else {
                    throw ImportError.badElement(source, index: start, reason: "its \"parent\" leads back to it through other elements' parents")
                }
                next = parents[position]
            }
        }
        return (drafts, parents)
    }

    /// `body`'s value, its mistake said as element `index`'s.
    private func reading<Value>(_ index: Int, _ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let error as ImportFieldError {
            throw ImportError.badElement(source, index: index, reason: error.reason)
        } catch let error as TaskFieldError {
            throw ImportError.badElement(source, index: index, reason: error.message)
        } catch let error as StartError {
            throw ImportError.badElement(source, index: index, reason: error.readableDescription)
        }
    }

    /// One object of the file, its members read by name.
    struct Fields {
        let text: JSONText
        let object: JSONText.Object

        /// The value of the member `name`; nil when there is none or it is
        /// null; the last when the name is given twice.
        func value(_ name: String) -> JSONText.Value? {
            object.value(name, in: text)
        }

        /// The value of the member `key` (`TaskJSONKey`, the keys `export` writes).
        func value(_ key: TaskJSONKey) -> JSONText.Value? {
            value(key.text)
        }

        /// The names given, each once, with the null ones when `nulls`.
        func names(nulls: Bool) -> Set<String> {
            var names = Set<String>()
            for member in object.members {
                let name = text.string(member.name)
                if nulls || object.value(name, in: text) != nil { names.insert(name) }
            }
            return names
        }
    }

    /// `value` as an object of the file; nil for any other value.
    private func object(_ value: JSONText.Value) -> Fields? {
        guard case .object(let object) = value.kind else { return nil }
        return Fields(text: text, object: object)
    }

    /// The text of a string; nil for any other value.
    private func string(_ value: JSONText.Value) -> String? {
        guard case .string = value.kind else { return nil }
        return text.string(value)
    }

    /// A whole JSON number (`3`, `3.0`, `3e0`), not a boolean.
    private func integer(_ value: JSONText.Value) -> Int64? {
        guard case .number = value.kind else { return nil }
        let digits = text.raw(value)
        return Int64(digits) ?? Double(digits).flatMap { Int64(exactly: $0) }
    }

    private func draft(_ element: JSONText.Value, defaultReminder: Bool, now: Date, clock: WallClock) throws -> TaskDraft {
        guard let object = object(element) else {
            throw ImportFieldError("it is not an object")
        }
        guard let titleValue = object.value(.title) else {
            throw ImportFieldError("it has no \"title\"")
        }
        guard let title = string(titleValue) else {
            throw ImportFieldError("\"title\" must be a string")
        }
        let priority = try optionalString(object, .priority).map { text in
            guard let priority = Priority(rawValue: text) else {
                throw ImportFieldError("\"priority\" is “\(text)”, not low, medium or high")
            }
            return priority
        } ?? .medium
        let completedFlag = try optionalBool(object, .completed)
        let completedAt = try optionalInstant(object, .completedAt)
        if completedFlag == false, completedAt != nil {
            throw ImportFieldError("\"completed\" is false but \"completedAt\" gives a completion time; give one or the other")
        }
        let completed = completedFlag ?? false
        let due = try due(object.value(.due))
        var draft = try TaskDraft(
            title: title,
            notes: try optionalString(object, .notes),
            category: try optionalString(object, .category),
            tags: try tags(object.value(.tags)),
            priority: priority,
            due: due,
            reminderOn: try optionalBool(object, .reminder) ?? defaultReminder,
            // A task marked completed without an instant is taken as completed when it was created.
            completedAt: completed || completedAt != nil ? (completedAt ?? (try optionalInstant(object, .createdAt)) ?? now) : nil,
            createdAt: try optionalInstant(object, .createdAt)
        )
        draft.start = try self.due(object.value(.start), name: "start")
        try draft.checkStart(clock: clock)
        draft.alarms = try alarms(object.value(.alarms))
        draft.remindDefaults = try optionalBool(object, .remindDefaults) ?? true
        draft.completions = try completions(object.value(.completions))
        draft.repeating = try repeating(object.value(.repeat), due: due, completions: draft.completions.count)
        return draft
    }

    /// `"tags": ["home", "weekend"]`, as `export` writes them.
    private func tags(_ value: JSONText.Value?) throws -> [String] {
        guard let value else { return [] }
        guard case .array(let list) = value.kind else { throw ImportFieldError("\"tags\" must be a list of strings") }
        return try list.map { item in
            guard let tag = string(item) else { throw ImportFieldError("\"tags\" must be a list of strings") }
            return tag
        }
    }

    /// `"alarms": [{"offset": -900}, {"fromStart": 0}, {"at": "2026-12-01T08:30:00+01:00"}]`, as `export` writes them.
    private func alarms(_ value: JSONText.Value?) throws -> [TaskAlarm] {
        guard let value else { return [] }
        let shape = "\"alarms\" must be a list of {\"offset\": seconds}, {\"fromStart\": seconds} or {\"at\": an instant}"
        guard case .array(let list) = value.kind else { throw ImportFieldError(shape) }
        return try list.map { element in
            guard let object = object(element), object.names(nulls: true).count == 1 else { throw ImportFieldError(shape) }
            if let offset = object.value(.offset).flatMap(integer), let seconds = Int(exactly: offset), TaskAlarm.offsets.contains(seconds) {
                return .relative(seconds: seconds)
            }
            if let offset = object.value(.fromStart).flatMap(integer), let seconds = Int(exactly: offset), TaskAlarm.offsets.contains(seconds) {
                return .relativeToStart(seconds: seconds)
            }
            if let text = object.value(.at).flatMap(string), let parsed = instant(text), Self.supportedInstants.contains(parsed) {
                return .absolute(parsed)
            }
            throw ImportFieldError(shape)
        }
    }

    private func due(_ value: JSONText.Value?, name: String = "due") throws -> Due? {
        guard let value else { return nil }
        guard let object = object(value) else {
            throw ImportFieldError("\"\(name)\" must be {\"day\": \"2026-12-01\"}, {\"time\": \"2026-12-01T17:00:00+01:00\"} or null")
        }
        let given = object.names(nulls: false)
        let (day, time) = (TaskJSONKey.day.text, TaskJSONKey.time.text)
        guard given.count == 1, let key = given.first, key == day || key == time, let inner = object.value(key) else {
            if given.contains(day) && given.contains(time) {
                throw ImportFieldError("\"\(name)\" holds both \"day\" and \"time\"; it is a day or a time, not both")
            }
            throw ImportFieldError("\"\(name)\" must hold exactly one of \"day\" or \"time\"")
        }
        guard let text = string(inner) else {
            throw ImportFieldError("\"\(name)\".\"\(key)\" must be a string")
        }
        if key == day {
            guard let parsed = LocalDay(iso: text) else {
                throw ImportFieldError("\"\(name)\".\"day\" is “\(text)”, not a date like 2026-12-01")
            }
            guard parsed.isInSupportedRange else {
                throw ImportFieldError("\"\(name)\".\"day\" is “\(text)”, outside \(LocalDay.earliest) to \(LocalDay.latest)")
            }
            return .day(parsed)
        }
        guard let parsed = instant(text) else {
            throw ImportFieldError("\"\(name)\".\"time\" is “\(text)”, not an instant like 2026-12-01T17:00:00+01:00")
        }
        guard Self.supportedInstants.contains(parsed) else {
            throw ImportFieldError("\"\(name)\".\"time\" is “\(text)”, outside \(LocalDay.earliest) to \(LocalDay.latest)")
        }
        return .time(parsed)
    }

    /// `"repeat": {"rule", "from", "zone"}` or null: the rule is kept byte for byte.
    private func repeating(_ value: JSONText.Value?, due: Due?, completions: Int) throws -> TaskRepeat? {
        guard let value else { return nil }
        guard let object = object(value) else {
            throw ImportFieldError("\"repeat\" must be {\"rule\": \"FREQ=…\", \"from\": \"due\", \"zone\": …} or null")
        }
        guard let rule = object.value(.rule).flatMap(string) else { throw ImportFieldError("\"repeat\".\"rule\" must be a string") }
        let fromText = try optionalString(object, .from) ?? RepeatFrom.due.rawValue
        guard let from = RepeatFrom(rawValue: fromText) else {
            throw ImportFieldError("\"repeat\".\"from\" is “\(fromText)”, not due or completion")
        }
        let zone = try optionalString(object, .zone)
        if let zone, Zone(identifier: zone) == nil {
            throw ImportFieldError("\"repeat\".\"zone\" is “\(zone)”, not a time zone")
        }
        guard let due else { throw ImportFieldError("\"repeat\" needs a \"due\" to repeat from") }
        let start = try self.due(object.value(.start)) ?? due
        let readingText = try optionalString(object, .startReading)
        let reading = try readingText.map { text in
            guard let reading = WallReading(iso: text) else {
                throw ImportFieldError("\"repeat\".\"startReading\" is “\(text)”, not a reading such as 2027-03-14T02:30:00")
            }
            return reading
        }
        do {
            return try TaskRepeat.verbatim(rule: rule, from: from, zone: zone, start: start, startWall: reading,
                                           completedCount: completions)
        } catch {
            throw ImportFieldError("\"repeat\".\"rule\": \(error.message)")
        }
    }

    /// `"completions": [{"due", "at"}]`, latest first as export writes them; kept oldest first.
    private func completions(_ value: JSONText.Value?) throws -> [Completion] {
        guard let value else { return [] }
        guard case .array(let array) = value.kind else { throw ImportFieldError("\"completions\" must be an array") }
        return try array.reversed().map { element in
            guard let object = object(element) else { throw ImportFieldError("each of \"completions\" must be an object") }
            guard let at = try optionalInstant(object, .at) else { throw ImportFieldError("each of \"completions\" needs an \"at\" instant") }
            return Completion(due: try due(object.value(.due)), at: at)
        }
    }

    private func optionalString(_ object: Fields, _ key: TaskJSONKey) throws -> String? {
        guard let value = object.value(key) else { return nil }
        guard let text = string(value) else { throw ImportFieldError("\"\(key.text)\" must be a string") }
        return text
    }

    private func optionalBool(_ object: Fields, _ key: TaskJSONKey) throws -> Bool? {
        guard let value = object.value(key) else { return nil }
        guard case .bool(let flag) = value.kind else { throw ImportFieldError("\"\(key.text)\" must be true or false") }
        return flag
    }

    private func optionalInstant(_ object: Fields, _ key: TaskJSONKey) throws -> Date? {
        guard let text = try optionalString(object, key) else { return nil }
        guard let parsed = instant(text) else {
            throw ImportFieldError("\"\(key.text)\" is “\(text)”, not an instant like 2026-12-01T17:00:00+01:00")
        }
        return parsed
    }

    /// The forms `ISO8601DateFormatter` read, with and without fractional
    /// seconds ("2026-12-01T17:00:00+01:00", "2026-12-01T16:00:00.250Z").
    private static let plainInstants = Date.ISO8601FormatStyle()
    private static let fractionalInstants = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// The instants a due time may be: those of the supported days in any zone.
    static let supportedInstants = Date(timeIntervalSince1970: TimeInterval(LocalDay.earliest.daysSinceEpoch + 1) * 86_400)
        ... Date(timeIntervalSince1970: TimeInterval(LocalDay.latest.daysSinceEpoch) * 86_400)

    /// The form `export` writes read directly (`ISOInstant`), another by
    /// the formatters.
    private func instant(_ text: String) -> Date? {
        if let instant = ISOInstant.read(text) { return instant }
        guard let parsed = (try? Self.plainInstants.parse(text)) ?? (try? Self.fractionalInstants.parse(text)) else { return nil }
        return Self.wholeMilliseconds(parsed)
    }

    /// `date` cut to a whole millisecond, and counted from 2001 as
    /// `ISO8601DateFormatter` made it (ICU reads milliseconds): the same
    /// instant to the last bit.
    static func wholeMilliseconds(_ date: Date) -> Date {
        // Counted from 2001, where the parsed value is kept, and a
        // microsecond up first: that value's last bits are off by 0.1 µs.
        let milliseconds = ((date.timeIntervalSinceReferenceDate + Date.timeIntervalBetween1970AndReferenceDate) * 1000 + 1e-3)
            .rounded(.down)
        return Date(timeIntervalSinceReferenceDate: milliseconds / 1000 - Date.timeIntervalBetween1970AndReferenceDate)
    }
}

/// Why one element of an import cannot be taken.
struct ImportFieldError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
