/// What a file gives an import: the tasks to add and what is left out.
public struct ImportBatch: Sendable {
    public var items: [ImportedItem] = []
    public var dropped: [DroppedItem] = []
    /// What is kept in another form than the other program's, worth saying
    /// in a dry run: "a wait after the due is kept as X-TASKWARRIOR-WAIT".
    public var notes: [String] = []

    public init(items: [ImportedItem] = [], dropped: [DroppedItem] = [], notes: [String] = []) {
        self.items = items
        self.dropped = dropped
        self.notes = notes
    }

    /// The counts of `dropped` by reason, in the order first met.
    public var droppedCounts: [(reason: String, count: Int)] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for item in dropped {
            if counts[item.reason] == nil { order.append(item.reason) }
            counts[item.reason, default: 0] += 1
        }
        return order.map { ($0, counts[$0] ?? 0) }
    }
}
