import FoundationEssentials

/// One occurrence of a repeating task that was completed: its due and when.
public struct Completion: Hashable, Sendable {
    public var due: Due?
    public var at: Date

    public init(due: Due?, at: Date) {
        self.due = due
        self.at = at
    }
}
