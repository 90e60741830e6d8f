import FoundationEssentials
import TodoCore

/// A change of how a task repeats, as `edit` and the interactive view's
/// form both make it: a new rule, the end of the series, what it counts
/// from, and whether the due moved (a series then starts again from the new
/// due, anchored in the zone of the moment).
public struct RepeatEdit: Sendable {
    /// A new rule (`--repeat`), read as `add` reads it.
    public var rule: String?
    /// The series ends (`--no-repeat`).
    public var ends = false
    /// What the next occurrence counts from (`--repeat-from`).
    public var from: RepeatFrom?
    /// Whether the change gives the task a new due (`--due`).
    public var dueChanged = false
    /// The reading the new due was typed as (`WhenParser.typedReading`),
    /// which a series started in a DST gap keeps as its anchor.
    public var typedDue: WallReading?

    public init(rule: String? = nil, ends: Bool = false, from: RepeatFrom? = nil, dueChanged: Bool = false, typedDue: WallReading? = nil) {
        self.rule = rule
        self.ends = ends
        self.from = from
        self.dueChanged = dueChanged
        self.typedDue = typedDue
    }
}

extension TodoTask {
    /// Applies `edit` to the task's repeat, the task's due already changed,
    /// and keeps a series anchored at its open occurrence when the due moved.
    ///
    /// - Returns: false when `edit` says only what a series counts from, and
    ///   the task has none (nothing changed then): the caller says so.
    /// - Throws: `RepeatRuleError` for a rule that cannot be read, or a
    ///   series left without a due.
    public mutating func apply(_ edit: RepeatEdit, zone: Zone) throws(RepeatRuleError) -> Bool {
        // The reading the series starts at: as the new due was typed, else
        // the one kept for the due when the due is still the series' start.
        let typed = edit.dueChanged ? edit.typedDue : repeating.flatMap { $0.start == due ? $0.startWall : nil }
        if edit.ends { repeating = nil }
        if let rule = edit.rule {
            repeating = try TaskRepeat(parsing: rule, from: edit.from ?? repeating?.from ?? .due, due: due, typed: typed, zone: zone)
        } else if var repeating {
            if let from = edit.from { repeating.from = from }
            guard let due else { throw .needsDue(repeating.rule) }
            if due != repeating.start, edit.dueChanged {
                // A new due starts the series again from it, in the zone of the moment.
                repeating = try TaskRepeat.verbatim(rule: repeating.rule, from: repeating.from,
                                                    zone: TaskRepeat.anchor(of: due, in: zone),
                                                    start: due, startWall: TaskRepeat.keptReading(typed, of: due, in: zone),
                                                    completedCount: repeating.completedCount)
            }
            self.repeating = repeating
        } else if edit.from != nil {
            return false
        }
        return true
    }
}
