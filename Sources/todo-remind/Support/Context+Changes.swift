import TodoCore
import TodoListing
import TodoStore

extension Context {
    /// Resolves the references, then changes those tasks in one transaction,
    /// journalled as `action`.
    ///
    /// - Returns: each task as it was and as it is now, in the order given.
    func change(
        _ references: [String],
        scope: TaskScope,
        action: JournalAction,
        _ change: (inout TodoTask) throws -> Void
    ) throws -> [(before: TodoTask, after: TodoTask)] {
        let before = try TaskResolver(store: store).resolve(references, scope: scope)
        let after = try store.modify(ids: before.map(\.id), now: now, action: action, change)
        return Array(zip(before, after))
    }
}
