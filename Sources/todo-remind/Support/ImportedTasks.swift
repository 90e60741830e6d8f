import Foundation
import TodoCore
import TodoRecurrence

/// A JSON array of task objects, read back into drafts for `import`.
struct ImportedTasks {
    let elements: [Any]
    let source: String

    init(data: Data, source: String) throws {
        self.source = source
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
        } catch {
            throw ImportError.notJSON(source)
        }
        guard let array = parsed as? [Any] else { throw ImportError.notArray(source) }
        elements = array
    }

    /// Every element as a draft; the first bad one stops everything.
    ///
    /// - Parameter now: the instant of the import, the completion time of a
    ///   task marked completed with neither `completedAt` nor `createdAt`.
    func drafts(defaultReminder: Bool, now: Date) throws -> [TaskDraft] {
        try elements.enumerated().map { index, element in
            do {
                return try draft(element, defaultReminder: defaultReminder, now: now)
            } catch let error as ImportFieldError {
                throw ImportError.badElement(source, index: index, reason: error.reason)
            } catch let error as TaskFieldError {
                throw ImportError.badElement(source, index: index, reason: error.message)
            }
        }
    }

    private func draft(_ element: Any, defaultReminder: Bool, now: Date) throws -> TaskDraft {
        guard let object = element as? [String: Any] else {
            throw ImportFieldError("it is not an object")
        }
        guard let titleValue = object["title"], !(titleValue is NSNull) else {
            throw ImportFieldError("it has no \"title\"")
        }
        guard let title = titleValue as? String else {
            throw ImportFieldError("\"title\" must be a string")
        }
        let priority = try optionalString(object, "priority").map { text in
            guard let priority = Priority(rawValue: text) else {
                throw ImportFieldError("\"priority\" is “\(text)”, not low, medium or high")
            }
            return priority
        } ?? .medium
        let completedFlag = try optionalBool(object, "completed")
        let completedAt = try optionalInstant(object, "completedAt")
        if completedFlag == false, completedAt != nil {
            throw ImportFieldError("\"completed\" is false but \"completedAt\" gives a completion time; give one or the other")
        }
        let completed = completedFlag ?? false
        let due = try due(object["due"])
        var draft = try TaskDraft(
            title: title,
            notes: try optionalString(object, "notes"),
            category: try optionalString(object, "category"),
            priority: priority,
            due: due,
            reminderOn: try optionalBool(object, "reminder") ?? defaultReminder,
            // A task marked completed without an instant is taken as completed when it was created.
            completedAt: completed || completedAt != nil ? (completedAt ?? (try optionalInstant(object, "createdAt")) ?? now) : nil,
            createdAt: try optionalInstant(object, "createdAt")
        )
        draft.alarms = try alarms(object["alarms"])
        draft.remindDefaults = try optionalBool(object, "remindDefaults") ?? true
        draft.completions = try completions(object["completions"])
        draft.repeating = try repeating(object["repeat"], due: due, completions: draft.completions.count)
        return draft
    }

    /// `"alarms": [{"offset": -900}, {"at": "2026-12-01T08:30:00+01:00"}]`, as `export` writes them.
    private func alarms(_ value: Any?) throws -> [TaskAlarm] {
        guard let value, !(value is NSNull) else { return [] }
        let shape = "\"alarms\" must be a list of {\"offset\": seconds} or {\"at\": an instant}"
        guard let list = value as? [Any] else { throw ImportFieldError(shape) }
        return try list.map { element in
            guard let object = element as? [String: Any], object.count == 1 else { throw ImportFieldError(shape) }
            // `type(of:)`, not `is Bool`: a JSON 0 or 1 bridges to Bool too.
            if let offset = object["offset"], type(of: offset) != Bool.self, let seconds = offset as? Int, abs(seconds) <= 100 * 366 * 86_400 {
                return .relative(seconds: seconds)
            }
            if let text = object["at"] as? String, let parsed = instant(text), Self.supportedInstants.contains(parsed) {
                return .absolute(parsed)
            }
            throw ImportFieldError(shape)
        }
    }

    private func due(_ value: Any?) throws -> Due? {
        guard let value, !(value is NSNull) else { return nil }
        guard let object = value as? [String: Any] else {
            throw ImportFieldError("\"due\" must be {\"day\": \"2026-12-01\"}, {\"time\": \"2026-12-01T17:00:00+01:00\"} or null")
        }
        let given = object.filter { !($0.value is NSNull) }
        guard given.count == 1, let (key, inner) = given.first, key == "day" || key == "time" else {
            if given.keys.contains("day") && given.keys.contains("time") {
                throw ImportFieldError("\"due\" holds both \"day\" and \"time\"; a task is due on a day or at a time, not both")
            }
            throw ImportFieldError("\"due\" must hold exactly one of \"day\" or \"time\"")
        }
        guard let text = inner as? String else {
            throw ImportFieldError("\"due\".\"\(key)\" must be a string")
        }
        if key == "day" {
            guard let parsed = LocalDay(iso: text) else {
                throw ImportFieldError("\"due\".\"day\" is “\(text)”, not a date like 2026-12-01")
            }
            guard parsed.isInSupportedRange else {
                throw ImportFieldError("\"due\".\"day\" is “\(text)”, outside \(LocalDay.earliest) to \(LocalDay.latest)")
            }
            return .day(parsed)
        }
        guard let parsed = instant(text) else {
            throw ImportFieldError("\"due\".\"time\" is “\(text)”, not an instant like 2026-12-01T17:00:00+01:00")
        }
        guard Self.supportedInstants.contains(parsed) else {
            throw ImportFieldError("\"due\".\"time\" is “\(text)”, outside \(LocalDay.earliest) to \(LocalDay.latest)")
        }
        return .time(parsed)
    }

    /// `"repeat": {"rule", "from", "zone"}` or null: the rule is kept byte for byte.
    private func repeating(_ value: Any?, due: Due?, completions: Int) throws -> TaskRepeat? {
        guard let value, !(value is NSNull) else { return nil }
        guard let object = value as? [String: Any] else {
            throw ImportFieldError("\"repeat\" must be {\"rule\": \"FREQ=…\", \"from\": \"due\", \"zone\": …} or null")
        }
        guard let rule = object["rule"] as? String else { throw ImportFieldError("\"repeat\".\"rule\" must be a string") }
        let fromText = try optionalString(object, "from") ?? RepeatFrom.due.rawValue
        guard let from = RepeatFrom(rawValue: fromText) else {
            throw ImportFieldError("\"repeat\".\"from\" is “\(fromText)”, not due or completion")
        }
        let zone = try optionalString(object, "zone")
        if let zone, TimeZone(identifier: zone) == nil {
            throw ImportFieldError("\"repeat\".\"zone\" is “\(zone)”, not a time zone")
        }
        guard let due else { throw ImportFieldError("\"repeat\" needs a \"due\" to repeat from") }
        let start = try self.due(object["start"]) ?? due
        let readingText = try optionalString(object, "startReading")
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
    private func completions(_ value: Any?) throws -> [Completion] {
        guard let value, !(value is NSNull) else { return [] }
        guard let array = value as? [Any] else { throw ImportFieldError("\"completions\" must be an array") }
        return try array.reversed().map { element in
            guard let object = element as? [String: Any] else { throw ImportFieldError("each of \"completions\" must be an object") }
            guard let at = try optionalInstant(object, "at") else { throw ImportFieldError("each of \"completions\" needs an \"at\" instant") }
            return Completion(due: try due(object["due"]), at: at)
        }
    }

    private func optionalString(_ object: [String: Any], _ key: String) throws -> String? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let text = value as? String else { throw ImportFieldError("\"\(key)\" must be a string") }
        return text
    }

    private func optionalBool(_ object: [String: Any], _ key: String) throws -> Bool? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let flag = value as? Bool else { throw ImportFieldError("\"\(key)\" must be true or false") }
        return flag
    }

    private func optionalInstant(_ object: [String: Any], _ key: String) throws -> Date? {
        guard let text = try optionalString(object, key) else { return nil }
        guard let parsed = instant(text) else {
            throw ImportFieldError("\"\(key)\" is “\(text)”, not an instant like 2026-12-01T17:00:00+01:00")
        }
        return parsed
    }

    /// Formatters are made once per import: making one per field would
    /// dominate a 100,000-task import.
    private let plainInstants = ISO8601DateFormatter()
    private let fractionalInstants: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    /// The instants a due time may be: those of the supported days in any zone.
    static let supportedInstants = Date(timeIntervalSince1970: TimeInterval(LocalDay.earliest.daysSinceEpoch + 1) * 86_400)
        ... Date(timeIntervalSince1970: TimeInterval(LocalDay.latest.daysSinceEpoch) * 86_400)

    private func instant(_ text: String) -> Date? {
        plainInstants.date(from: text) ?? fractionalInstants.date(from: text)
    }
}

/// Why one element of an import cannot be taken.
struct ImportFieldError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// An import that cannot go ahead; nothing has been added.
enum ImportError: LocalizedError {
    case unreadable(String)
    case notJSON(String)
    case notArray(String)
    case badElement(String, index: Int, reason: String)

    var errorDescription: String? {
        switch self {
        case .unreadable(let path):
            "Cannot read \(path): check that the file exists and is readable."
        case .notJSON(let source):
            "Cannot import from \(source): it is not valid JSON, and import reads the array that `todo-remind export` writes."
        case .notArray(let source):
            "Cannot import from \(source): it is not a JSON array, and import reads the array that `todo-remind export` writes."
        case .badElement(let source, let index, let reason):
            "Element \(index) of \(source) cannot be imported: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason); nothing was imported."
        }
    }
}
