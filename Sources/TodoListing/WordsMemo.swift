import FoundationEssentials
import TodoCore

/// The words already found for dues and instants, for one `TaskDescriber`.
///
/// A long list has thousands of tasks due on the same few hundred days and
/// five-minute marks, reminded at the same mornings: looking the words up
/// costs a fraction of putting a date into words again.
final class WordsMemo {
    var dueCells: [Due: String] = [:]
    var instants: [Date: String] = [:]
    var days: [LocalDay: String] = [:]
    /// A repeat rule's words, by its RRULE text: reading a rule takes a parse.
    var repeats: [String: String] = [:]
}
