import FoundationEssentials
import TodoCore

/// How a task repeats: an RFC 5545 RRULE value, kept exactly as it was given.
///
/// Rules typed as natural forms ("every month on the last weekday") become
/// canonical RRULE text; rules read from elsewhere keep their text byte for
/// byte, including the order and case of their parts, even when todo-remind
/// can describe only some of it. Two rules are equal when their texts are.
///
/// ```swift
/// let rule = try RepeatRule(parsing: "weekdays")
/// rule.rrule     // "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
/// rule.inWords   // "every weekday"
/// ```
public struct RepeatRule: Hashable, Sendable, CustomStringConvertible {
    /// The RRULE value (without the "RRULE:" property name), verbatim.
    public let rrule: String
    /// The rule read into parts, for checks, words and expansion.
    let parts: RuleParts

    /// Reads an RRULE value exactly as given, without the "RRULE:" name.
    ///
    /// The text is kept byte for byte; it is only read, never rewritten.
    /// - Throws: `RepeatRuleError` naming the part that is wrong.
    public init(rrule: String) throws(RepeatRuleError) {
        guard !rrule.isEmpty else { throw .empty }
        parts = try RuleParts(rrule: rrule)
        self.rrule = rrule
    }

    /// The RRULE text with its COUNT's value replaced by `count`, every other
    /// byte as it was; the text itself when it has no COUNT.
    func replacingCount(with count: Int) -> String {
        rrule.split(separator: ";", omittingEmptySubsequences: false).map { part in
            let name = part.prefix { $0 != "=" }
            return name.uppercased() == "COUNT" && name.count < part.count ? "\(name)=\(count)" : String(part)
        }.joined(separator: ";")
    }

    /// Reads what a person typed after `--repeat`: a natural form ("daily",
    /// "every 2 weeks", "every month on the 2nd tuesday") or an RRULE value,
    /// with or without the "RRULE:" prefix.
    ///
    /// Surrounding whitespace is dropped; an RRULE is otherwise kept as typed.
    /// - Throws: `RepeatRuleError` naming the part that is wrong.
    public init(parsing text: String) throws(RepeatRuleError) {
        let trimmed = text.trimmingSpacesAndNewlines()
        guard !trimmed.isEmpty else { throw .empty }
        if let canonical = NaturalRule.rrule(for: trimmed) {
            try self.init(rrule: canonical)
            return
        }
        let value = trimmed.uppercased().hasPrefix("RRULE:") ? String(trimmed.dropFirst("RRULE:".count)) : trimmed
        // Text with no NAME=VALUE part at all is neither form: say so, rather
        // than complain about a malformed part of a rule that was never one.
        guard value.contains("=") else { throw .unrecognized(trimmed) }
        try self.init(rrule: value)
    }

    /// The RRULE value.
    public var description: String { rrule }

    public static func == (lhs: RepeatRule, rhs: RepeatRule) -> Bool {
        lhs.rrule == rhs.rrule
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rrule)
    }
}
