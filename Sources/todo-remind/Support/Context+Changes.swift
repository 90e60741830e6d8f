import TodoCore
import TodoStore

extension Context {
    /// Resolves the references, then changes those tasks in one transaction.
    ///
    /// - Returns: each task as it was and as it is now, in the order given.
    func change(
        _ references: [String],
        scope: TaskScope,
        _ change: (inout TodoTask) throws -> Void
    ) throws -> [(before: TodoTask, after: TodoTask)] {
        let before = try TaskResolver(store: store).resolve(references, scope: scope)
        let after = try store.modify(ids: before.map(\.id), now: now, change)
        return Array(zip(before, after))
    }
}
