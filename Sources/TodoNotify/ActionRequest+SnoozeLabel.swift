import FoundationEssentials
import TodoCore

extension ActionRequest {
    /// The label of a snooze choice, in words.
    ///
    /// A length of time (`SnoozeLength`, as the snooze itself reads it) says
    /// how long, its units spelled out; anything else is a moment, read as
    /// "until" it:
    ///
    ///     "10m"             Snooze 10 minutes
    ///     "1h"              Snooze 1 hour
    ///     "+2d", "in 2 days"  Snooze 2 days
    ///     "1h30m"           Snooze 1 hour 30 minutes
    ///     "tomorrow 09:00"  Snooze until tomorrow 09:00
    ///
    /// Pure and lenient: the choice is not checked here, only worded.
    public static func snoozeLabel(for choice: String) -> String {
        let trimmed = choice.trimmingSpacesAndNewlines()
        if let length = SnoozeLength(trimmed) {
            return "Snooze " + length.words
        }
        return "Snooze until " + trimmed
    }
}
