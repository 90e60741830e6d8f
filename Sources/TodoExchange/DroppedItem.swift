/// Something of a file that an import leaves out, and why: a deleted
/// Taskwarrior task, an event of an iCalendar file, a recurring task's
/// instance folded into its series.
public struct DroppedItem: Hashable, Sendable {
    /// Why it is left out, as a count's label: "deleted in Taskwarrior".
    public var reason: String
    /// What it is: its title, or the kind of component.
    public var what: String
    /// Where it is in the file.
    public var place: String

    public init(reason: String, what: String, place: String) {
        self.reason = reason
        self.what = what
        self.place = place
    }
}
