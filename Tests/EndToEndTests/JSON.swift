import Foundation

/// Questions about values `JSONSerialization` returned: which JSON type each
/// one was written as, and whether two are the same JSON.
enum JSON {
    static func isString(_ value: Any?) -> Bool { value is String }

    static func isNull(_ value: Any?) -> Bool { value is NSNull }

    /// `true`/`false`, not a number that happens to be 0 or 1.
    static func isBool(_ value: Any?) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    /// A whole number, not a boolean or a fraction.
    static func isInteger(_ value: Any?) -> Bool {
        guard let number = value as? NSNumber, !isBool(value) else { return false }
        return !["f", "d"].contains(String(cString: number.objCType))
    }

    static func isObject(_ value: Any?) -> Bool { value is [String: Any] }

    static func isArray(_ value: Any?) -> Bool { value is [Any] }

    /// "2026-12-01T17:00:00+01:00" or "…Z": an instant as the README writes them.
    static func isInstant(_ value: Any?) -> Bool {
        guard let text = value as? String else { return false }
        return text.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)/) != nil
    }

    /// "2026-12-01": a day.
    static func isDay(_ value: Any?) -> Bool {
        guard let text = value as? String else { return false }
        return text.wholeMatch(of: /\d{4}-\d\d-\d\d/) != nil
    }

    /// The value as canonical JSON text (sorted keys), for comparing values.
    static func text(_ value: Any?) -> String {
        guard let value else { return "<missing>" }
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) else {
            return "<not JSON: \(value)>"
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Parses an instant the way the README writes them.
    static func instant(_ value: Any?) -> Date? {
        guard let text = value as? String else { return nil }
        return ISO8601DateFormatter().date(from: text)
    }
}
