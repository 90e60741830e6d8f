import FoundationEssentials

/// A task `done` and a bubble's Mark done must not complete here.
public enum CompletionRefusal: LocalizedError, Hashable, Sendable {
    /// Its file repeats by `rule`, which todo-remind cannot follow
    /// (FREQ=MINUTELY, a rule libical refuses): done here, the file would
    /// say COMPLETED beside the rule, and the series would end on every
    /// device. Nothing is changed.
    case unfollowedRule(taskID: Int64, rule: String)

    public var errorDescription: String? {
        switch self {
        case .unfollowedRule(let id, let rule):
            // The rule is another program's text: no control character of it reaches a terminal.
            let shown = String(String.UnicodeScalarView(rule.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
            return "Task \(id) repeats by RRULE:\(shown), which todo-remind cannot follow, so nothing was marked done: "
                + "here that would end the series on every device. Mark it done in the app that made the rule, "
                + "or give it a rule todo-remind can follow with `todo-remind edit \(id) --repeat daily` (or another rule)."
        }
    }
}
